import { formatMonth } from "../../../../domain/format-date";
import { lazyFormatter } from "../../../lib/lazy-formatter";

// Month keys of the monthly statistics ("2026-11") as French labels. The firm's months are
// Africa/Abidjan's, which is UTC all year.
const shortMonth = lazyFormatter(
  () =>
    new Intl.DateTimeFormat("fr-FR", {
      month: "short",
      year: "2-digit",
      timeZone: "UTC",
    }),
);

function monthStart(key: string): Date {
  return new Date(`${key}-01T00:00:00Z`);
}

/** "2026-11" -> "nov. 26", under a chart's bar. */
export function shortMonthLabel(key: string): string {
  return shortMonth().format(monthStart(key));
}

/** "2026-11" -> "novembre 2026", in tooltips and data tables. */
export function longMonthLabel(key: string): string {
  return formatMonth(monthStart(key));
}
