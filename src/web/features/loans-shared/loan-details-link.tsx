import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatLoanId } from "../../../domain/format-loan-id";

/** The link of a list's line to the request's page; screen readers hear which request. */
export function LoanDetailsLink({
  to,
  loanId,
  text,
}: {
  to: string;
  loanId: number;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-10 items-center gap-1 rounded-md font-semibold whitespace-nowrap text-brand-700 hover:underline"
    >
      {text}
      <span className="sr-only"> de la demande {formatLoanId(loanId)}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
