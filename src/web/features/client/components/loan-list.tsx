import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { LoanSummaryJson } from "../../../../domain/api/loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { loanTypeLabels } from "../../../../domain/loan-type";
import { LoanStatusBadge } from "../../../components/badge";
import { useContainerWidth } from "../../../lib/use-container-width";
import { paths } from "../../../paths";

type LoanListProps = {
  loans: readonly LoanSummaryJson[];
  /** Shows the request's number (#00042) in its own column. */
  showId?: boolean;
  /** Names the table for screen readers. */
  caption: string;
};

/** Below these widths of its own box, the list shows cards: the table's columns would not fit. */
const tableMinWidth = { withId: 880, withoutId: 780 };

const linkClasses =
  "inline-flex min-h-10 items-center gap-1 rounded-md font-semibold whitespace-nowrap text-brand-700 hover:underline";

function DetailsLink({ loan }: { loan: LoanSummaryJson }) {
  return (
    <Link to={paths.client.loan(loan.id)} className={linkClasses}>
      Voir les détails
      <span className="sr-only"> de la demande {formatLoanId(loan.id)}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** The client's loan requests: a table on wide screens, one card per request on phones. */
export function LoanList({ loans, showId = false, caption }: LoanListProps) {
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth[showId ? "withId" : "withoutId"];
  if (!wide) {
    return (
      <div ref={ref}>
        <ul aria-label={caption} className="divide-y divide-slate-100">
          {loans.map((loan) => (
            <li key={loan.id} className="px-5 py-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 font-semibold text-slate-900">
                  {loanTypeLabels[loan.loanType]}
                  {showId ? (
                    <span className="ml-2 font-normal text-slate-600">{formatLoanId(loan.id)}</span>
                  ) : null}
                </p>
                <LoanStatusBadge status={loan.status} />
              </div>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">Montant</dt>
                <dd className="font-medium text-slate-900">{formatFcfa(loan.amount)}</dd>
                <dt className="text-slate-600">Date</dt>
                <dd className="text-slate-900">
                  <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
                </dd>
              </dl>
              <div className="mt-1">
                <DetailsLink loan={loan} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div ref={ref} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {showId ? (
              <th scope="col" className="px-5 py-3">
                N°
              </th>
            ) : null}
            <th scope="col" className="px-5 py-3">
              Type
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              Montant
            </th>
            <th scope="col" className="px-5 py-3">
              Date
            </th>
            <th scope="col" className="px-5 py-3">
              Statut
            </th>
            <th scope="col" className="px-5 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loans.map((loan) => (
            <tr key={loan.id} className="hover:bg-slate-50">
              {showId ? (
                <td className="px-5 py-2 font-medium whitespace-nowrap text-slate-700">
                  {formatLoanId(loan.id)}
                </td>
              ) : null}
              <td className="px-5 py-2 font-medium text-slate-900">
                {loanTypeLabels[loan.loanType]}
              </td>
              <td className="px-5 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                {formatFcfa(loan.amount)}
              </td>
              <td className="px-5 py-2 whitespace-nowrap text-slate-700">
                <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
              </td>
              <td className="px-5 py-2">
                <LoanStatusBadge status={loan.status} />
              </td>
              <td className="px-5 py-2 text-right">
                <DetailsLink loan={loan} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
