const oneDecimal = new Intl.NumberFormat("fr-FR", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Octets under 1024, Ko with one decimal under 1 MiB, Mo with one decimal above. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0octets`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)}\u00a0Ko`;
  return `${oneDecimal.format(bytes / (1024 * 1024))}\u00a0Mo`;
}
