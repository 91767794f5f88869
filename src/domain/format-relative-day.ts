import { formatFrenchNumber } from "./french-digits";

// "aujourd’hui", "hier", "il y a 3 jours": for times the server only knows to the day (a
// session's last activity is written at most once a day). Written as Intl.RelativeTimeFormat
// ("fr-FR", numeric: "auto") writes them, without it (see french-digits.ts for why); the unit
// tests check the two agree.

const dayMs = 86_400_000;

/**
 * Days between two instants, counted on the firm's calendar: UTC's, since Abidjan, Dakar and Lome
 * are all on UTC+0 without daylight saving (format-date.ts).
 */
function calendarDays(from: Date, to: Date): number {
  return Math.floor(to.getTime() / dayMs) - Math.floor(from.getTime() / dayMs);
}

/** "aujourd’hui", "hier", "il y a 12 jours" (never in the future: a clock ahead says today). */
export function formatRelativeDay(value: Date | string, now: Date = new Date()): string {
  const days = Math.max(0, calendarDays(new Date(value), now));
  if (days === 0) return "aujourd\u2019hui";
  if (days === 1) return "hier";
  if (days === 2) return "avant-hier";
  return `il y a ${formatFrenchNumber(days)} jours`;
}
