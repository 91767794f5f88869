import { firmFigures } from "./firm";
import { isUndecided, type LoanStatus } from "./loan-status";

// The firm's public promise, "décision en moins de 48 h" (issue 8): measured from submission
// (created_at) to the decision (approved or rejected; a four-eyes approval decides when it is
// confirmed). Every status without a decision counts, 'Complément demandé' included: the promise
// is made to the client, whose clock does not stop.

export const decisionPromiseHours = firmFigures.decisionHours;
const hourMs = 3_600_000;

/** True when the request has waited more than 48 h for a decision at `now`. */
export function isOverdue(
  loan: { status: LoanStatus; createdAt: string | Date },
  now: Date = new Date(),
): boolean {
  if (!isUndecided(loan.status)) return false;
  return now.getTime() - new Date(loan.createdAt).getTime() > decisionPromiseHours * hourMs;
}

/** The instant before which an undecided request is overdue at `now` (what `?retard=1` filters). */
export function overdueBefore(now: Date = new Date()): Date {
  return new Date(now.getTime() - decisionPromiseHours * hourMs);
}

/**
 * A request's age for the officers' list: "35 min", "5 h", "2 j 4 h", "12 j". Coarse on purpose:
 * the list is read at a glance; the exact date is beside it.
 */
export function formatAge(since: string | Date, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  if (days >= 10 || restHours === 0) return `${days} j`;
  return `${days} j ${restHours} h`;
}

/** A duration in hours as the dashboard shows it: "18 h", "2 j 3 h"; null: no decision yet. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "—";
  const whole = Math.round(hours);
  if (whole < 24) return `${whole} h`;
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  return rest === 0 ? `${days} j` : `${days} j ${rest} h`;
}
