// Abidjan, Dakar and Lome all live on UTC+0 without daylight saving.
export const firmTimeZone = "Africa/Abidjan";

const longDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: firmTimeZone });
const longDateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: firmTimeZone,
});

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "21 novembre 2026" */
export function formatDate(value: Date | string | number): string {
  return longDate.format(toDate(value));
}

/** "21 novembre 2026 à 14:05" */
export function formatDateTime(value: Date | string | number): string {
  return longDateTime.format(toDate(value));
}
