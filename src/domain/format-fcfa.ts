import { formatFrenchNumber } from "./french-digits";

// French number format groups thousands with a narrow no-break space (U+202F); the unit is
// separated by a no-break space (U+00A0) so it never wraps alone onto the next line.

export function formatNumber(value: number | bigint): string {
  return formatFrenchNumber(value);
}

export function formatFcfa(value: number | bigint | string): string {
  const amount = typeof value === "string" ? Number(value) : value;
  return `${formatFrenchNumber(amount)}\u00a0FCFA`;
}
