// How an upload is stopped, shared by the hook (use-upload.ts, in the page's first load) and the
// code that sends (upload-file.ts, loaded later through upload-work.ts), which throws the
// AbortError.

/**
 * Abort with this reason to pause rather than cancel: what the server received is kept, and
 * choosing the same file again later resumes it (leaving the page does this).
 */
export const pauseReason = "pause";

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
