// Abidjan, Dakar and Lome all live on UTC+0 without daylight saving: the firm's calendar and clock
// are UTC's, which is what lets these dates be written without Intl (see french-digits.ts for why
// the pages avoid it; the unit tests check them against Intl in the firm's time zone).
export const firmTimeZone = "Africa/Abidjan";

const months = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  // As Intl does: an invalid date is a programming error, not a date to write.
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

function longDate(date: Date): string {
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "21 novembre 2026" */
export function formatDate(value: Date | string | number): string {
  return longDate(toDate(value));
}

/** "novembre 2026" */
export function formatMonth(value: Date | string | number): string {
  const date = toDate(value);
  return `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "21 novembre 2026 à 14:05" */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return `${longDate(date)} à ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}
