// Numbers written the French way (fr-FR) without Intl: "2 500 000", "12,5", "1 023,5".
//
// Why not Intl.NumberFormat: the first Intl number or date formatter a page makes initialises
// the browser's ICU data, 20-65 ms on a desk computer (measured in Chromium 156) and four times
// that on a phone, in one piece that nothing can interrupt. The areas' pages format amounts and
// dates in their first render, so that cost landed in the middle of hydration, as the longest task
// of the page. Grouping digits and putting a decimal comma is all these pages need; the unit tests
// check these functions against Intl itself, so the two never disagree.
// See docs/decisions/2026-11-27-hydration-main-thread.md.

/** Thousands separator of the French locale: a narrow no-break space. */
const groupSeparator = "\u202f";

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, groupSeparator);
}

/**
 * `value` (not negative) rounded to `maxFraction` decimals, half away from zero, as whole and
 * fraction digits. Like Intl, it rounds the number's shortest decimal writing (0.15 -> 0.2), not
 * its exact binary value (0.1499999999999999944 -> 0.1, which is what toFixed does).
 */
function rounded(value: number, maxFraction: number): [string, string] {
  const shortest = String(value);
  // Below 1e-6 or from 1e21 (written with an exponent): no amount of this platform.
  if (shortest.includes("e")) {
    const [whole = "0", fraction = ""] = value.toFixed(maxFraction).split(".");
    return [whole, fraction];
  }
  const [whole = "0", fraction = ""] = shortest.split(".");
  if (fraction.length <= maxFraction) return [whole, fraction.padEnd(maxFraction, "0")];
  let digits = whole + fraction.slice(0, maxFraction);
  if (Number(fraction[maxFraction]) >= 5) {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, "0");
  }
  return [
    digits.slice(0, digits.length - maxFraction) || "0",
    digits.slice(digits.length - maxFraction),
  ];
}

/**
 * `value` with at most `maxFraction` decimals (rounded half away from zero, as Intl does) and at
 * least `minFraction` (trailing zeros beyond them dropped).
 */
export function formatFrenchNumber(
  value: number | bigint,
  { minFraction = 0, maxFraction = 0 }: { minFraction?: number; maxFraction?: number } = {},
): string {
  if (typeof value === "bigint") {
    const digits = groupThousands((value < 0n ? -value : value).toString());
    return value < 0n ? `-${digits}` : digits;
  }
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "∞" : "-∞";
  const negative = value < 0 || Object.is(value, -0);
  let [whole, fraction] = rounded(Math.abs(value), maxFraction);
  while (fraction.length > minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const written = groupThousands(whole) + (fraction ? `,${fraction}` : "");
  return negative ? `-${written}` : written;
}
