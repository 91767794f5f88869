import { formatFrenchNumber } from "./french-digits";

const oneDecimal = { minFraction: 1, maxFraction: 1 };

/** Octets under 1024, Ko with one decimal under 1 MiB, Mo with one decimal above. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0octets`;
  if (bytes < 1024 * 1024) return `${formatFrenchNumber(bytes / 1024, oneDecimal)}\u00a0Ko`;
  return `${formatFrenchNumber(bytes / (1024 * 1024), oneDecimal)}\u00a0Mo`;
}
