import { firmTimeZone } from "./format-date";

// "aujourd'hui", "hier", "il y a 3 jours": for times the server only knows to the day (a
// session's last activity is written at most once a day).

const relative = new Intl.RelativeTimeFormat("fr-FR", { numeric: "auto" });
const dayOf = new Intl.DateTimeFormat("en-CA", { timeZone: firmTimeZone });

/** Days between two instants, counted on the firm's calendar (UTC+0 in all three offices). */
function calendarDays(from: Date, to: Date): number {
  const day = (date: Date) => Date.parse(dayOf.format(date));
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** "aujourd’hui", "hier", "il y a 12 jours" (never in the future: a clock ahead says today). */
export function formatRelativeDay(value: Date | string, now: Date = new Date()): string {
  const days = Math.max(0, calendarDays(new Date(value), now));
  return relative.format(-days, "day");
}
