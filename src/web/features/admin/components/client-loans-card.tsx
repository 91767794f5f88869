import { ArrowRight, FileText } from "lucide-react";
import { Link } from "react-router";
import type { AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { LoanStatusBadge } from "../../../components/badge";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { useContainerWidth } from "../../../lib/use-container-width";
import { paths } from "../../../paths";

/** Below this width of its own box the requests show as cards: the table would not fit. */
const tableMinWidth = 720;

function DetailsLink({ loan }: { loan: AdminLoanSummaryJson }) {
  return (
    <Link
      to={paths.admin.loan(loan.id)}
      className="inline-flex min-h-10 items-center gap-1 rounded-md font-semibold whitespace-nowrap text-brand-700 hover:underline"
    >
      Détails<span className="sr-only"> de la demande {formatLoanId(loan.id)}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** Every request of one client, newest first, each leading to its review page. */
export function ClientLoansCard({ loans }: { loans: readonly AdminLoanSummaryJson[] }) {
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth;
  return (
    <Card aria-labelledby="client-loans-title" className="overflow-hidden">
      <CardHeader
        id="client-loans-title"
        title="Demandes de prêt"
        description={`${loans.length} demande${loans.length > 1 ? "s" : ""}`}
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
            <caption className="sr-only">Demandes de prêt du client</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-3 pr-4 pl-5">
                  N°
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Montant
                </th>
                <th scope="col" className="px-4 py-3">
                  Objet
                </th>
                <th scope="col" className="px-4 py-3">
                  Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Statut
                </th>
                <th scope="col" className="py-3 pr-5 pl-4">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loans.map((loan) => (
                <tr key={loan.id} className="hover:bg-slate-50">
                  <td className="py-2 pr-4 pl-5 font-medium whitespace-nowrap text-slate-700">
                    {formatLoanId(loan.id)}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums">
                    {formatFcfa(loan.amount)}
                  </td>
                  <td className="max-w-64 px-4 py-2 [overflow-wrap:anywhere] text-slate-700">
                    {loan.purpose}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                    <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2">
                    <LoanStatusBadge status={loan.status} />
                  </td>
                  <td className="py-2 pr-5 pl-4 text-right">
                    <DetailsLink loan={loan} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul aria-label="Demandes de prêt du client" className="divide-y divide-slate-100">
            {loans.map((loan) => (
              <li key={loan.id} className="px-5 py-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-semibold text-slate-900">{formatLoanId(loan.id)}</p>
                  <LoanStatusBadge status={loan.status} />
                </div>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">Montant</dt>
                  <dd className="font-medium text-slate-900">{formatFcfa(loan.amount)}</dd>
                  <dt className="text-slate-600">Objet</dt>
                  <dd className="[overflow-wrap:anywhere] text-slate-900">{loan.purpose}</dd>
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
        )}
      </div>
    </Card>
  );
}
