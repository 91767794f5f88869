// French number format groups thousands with a narrow no-break space (U+202F); the unit is
// separated by a no-break space (U+00A0) so it never wraps alone onto the next line.
const fcfaNumber = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

export function formatNumber(value: number | bigint): string {
  return fcfaNumber.format(value);
}

export function formatFcfa(value: number | bigint | string): string {
  const amount = typeof value === "string" ? Number(value) : value;
  return `${fcfaNumber.format(amount)}\u00a0FCFA`;
}
