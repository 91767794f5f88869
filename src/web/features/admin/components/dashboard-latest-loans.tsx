import { ArrowRight, FileText } from "lucide-react";
import { Link } from "react-router";
import { personName } from "../../../../domain/api/admin-clients";
import type { AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { LoanStatusBadge } from "../../../components/badge";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { useContainerWidth } from "../../../lib/use-container-width";
import { paths } from "../../../paths";

/** Below this width of its own box the five requests show as lines: a table would not fit. */
const tableMinWidth = 440;

/** The dashboard's five latest requests, each leading to its review page. */
export function DashboardLatestLoans({ loans }: { loans: readonly AdminLoanSummaryJson[] }) {
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth;
  return (
    <Card aria-labelledby="latest-loans-title" className="self-start overflow-hidden">
      <CardHeader
        id="latest-loans-title"
        title="Demandes récentes"
        actions={
          <ButtonLink to={paths.admin.loans} variant="outline" size="sm">
            Voir tout<span className="sr-only"> (demandes de prêts)</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        }
      />
      <div ref={ref}>
        {loans.length === 0 ? (
          <div className="p-5">
            <EmptyState
              icon={<FileText aria-hidden="true" className="size-10" />}
              title="Aucune demande de prêt trouvée."
            />
          </div>
        ) : wide ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Les demandes de prêt les plus récentes</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-3">
                  N°
                </th>
                <th scope="col" className="px-4 py-3">
                  Client
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Montant
                </th>
                <th scope="col" className="py-3 pr-5 pl-4">
                  Statut
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loans.map((loan) => (
                <tr key={loan.id} className="hover:bg-slate-50">
                  <td className="px-5 py-2 whitespace-nowrap">
                    <LoanLink loan={loan} />
                  </td>
                  <td className="px-4 py-2">
                    <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
                      {personName(loan.client)}
                    </span>
                    <time dateTime={loan.createdAt} className="block text-xs text-slate-600">
                      {formatDate(loan.createdAt)}
                    </time>
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                    {formatFcfa(loan.amount)}
                  </td>
                  <td className="py-2 pr-5 pl-4">
                    <LoanStatusBadge status={loan.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul
            aria-label="Les demandes de prêt les plus récentes"
            className="divide-y divide-slate-100"
          >
            {loans.map((loan) => (
              <li key={loan.id} className="px-5 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <LoanLink loan={loan} />
                  <LoanStatusBadge status={loan.status} />
                </div>
                <p className="truncate font-medium text-slate-900">{personName(loan.client)}</p>
                <p className="text-sm text-slate-900 tabular-nums">{formatFcfa(loan.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** The padded number leads to the request's review page. */
function LoanLink({ loan }: { loan: AdminLoanSummaryJson }) {
  return (
    <Link
      to={paths.admin.loan(loan.id)}
      className="inline-flex min-h-10 items-center rounded-md font-semibold whitespace-nowrap text-brand-700 hover:underline"
    >
      <span className="sr-only">Demande </span>
      {formatLoanId(loan.id)}
    </Link>
  );
}
