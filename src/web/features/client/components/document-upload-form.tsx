// Placeholder: the wizard branch brings the real upload form at this path.
export function DocumentUploadForm() {
  return null;
}
