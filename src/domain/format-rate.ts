import { formatFrenchNumber } from "./french-digits";

// French writes a percentage with a decimal comma and a narrow no-break space before the sign:
// "12,5 %". The sign is added by hand: ICU versions disagree on which space to put there.

/** An annual interest rate given in percent (12.5) -> "12,5 %". */
export function formatRate(percent: number): string {
  return `${formatFrenchNumber(percent, { maxFraction: 2 })}\u202f%`;
}
