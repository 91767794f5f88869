import type { AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { formatAge } from "../../../../domain/decision-promise";
import { isUndecided } from "../../../../domain/loan-status";
import { Badge } from "../../../components/badge";
import { useNow } from "../../../lib/clock";

export const overdueLabel = "En retard";

/**
 * How long an undecided request has waited ("depuis 2 j 4 h"), and 'En retard' past the 48 h
 * promise. The flag is the server's (computed when the list was read); the age is read at render
 * from the page's clock (lib/clock.tsx: the drawing's instant until the app has hydrated).
 * Nothing for a decided request: its clock has stopped.
 */
export function LoanAge({
  loan,
}: {
  loan: Pick<AdminLoanSummaryJson, "status" | "createdAt" | "overdue">;
}) {
  const now = useNow();
  if (!isUndecided(loan.status)) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5">
      <span className="text-slate-600">depuis {formatAge(loan.createdAt, now)}</span>
      {loan.overdue ? (
        <Badge tone="danger" className="gap-1">
          {overdueLabel}
          <span className="sr-only"> : aucune décision après 48 h</span>
        </Badge>
      ) : null}
    </span>
  );
}
