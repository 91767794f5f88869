import type { AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { approvalMessages } from "../../../../domain/api/approval";
import { Badge, LoanStatusBadge } from "../../../components/badge";

/** A request's status, and beside it the four-eyes flag while a proposal waits for a second officer. */
export function AdminLoanStatus({
  loan,
}: {
  loan: Pick<AdminLoanSummaryJson, "status" | "awaitingConfirmation">;
}) {
  return (
    <span className="inline-flex max-w-full flex-wrap gap-1.5">
      <LoanStatusBadge status={loan.status} />
      {loan.awaitingConfirmation ? (
        // Three words: they may wrap in a narrow column (the summary card) rather than overflow.
        <Badge tone="action" className="whitespace-normal!">
          {approvalMessages.awaitingConfirmation}
        </Badge>
      ) : null}
    </span>
  );
}
