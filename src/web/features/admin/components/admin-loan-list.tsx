import { ArrowRight, Check, X } from "lucide-react";
import { Link } from "react-router";
import type { AdminLoanJson, AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { loanTypeLabels } from "../../../../domain/loan-type";
import { LoanStatusBadge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { useContainerWidth } from "../../../lib/use-container-width";
import { paths } from "../../../paths";
import { LoanStatusDialog } from "./loan-status-dialog";

type AdminLoanListProps = {
  loans: readonly AdminLoanSummaryJson[];
  onStatusChanged: (loan: AdminLoanJson) => void;
  onStatusFailed: (error: unknown) => void;
};

/** Below this width of its own box the list shows cards: the nine columns would not fit. */
const tableMinWidth = 1020;

function fullName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

function InlineActions({
  loan,
  onStatusChanged,
  onStatusFailed,
}: { loan: AdminLoanSummaryJson } & Omit<AdminLoanListProps, "loans">) {
  if (loan.status !== "pending") return null;
  const number = formatLoanId(loan.id);
  return (
    <div className="flex flex-wrap gap-2">
      <LoanStatusDialog
        loan={loan}
        to="approved"
        onSuccess={onStatusChanged}
        onFailure={onStatusFailed}
        trigger={
          <Button size="sm" variant="secondary">
            <Check aria-hidden="true" className="size-4" />
            Approuver<span className="sr-only"> la demande {number}</span>
          </Button>
        }
      />
      <LoanStatusDialog
        loan={loan}
        to="rejected"
        onSuccess={onStatusChanged}
        onFailure={onStatusFailed}
        trigger={
          <Button size="sm" variant="outline">
            <X aria-hidden="true" className="size-4" />
            Rejeter<span className="sr-only"> la demande {number}</span>
          </Button>
        }
      />
    </div>
  );
}

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

function Assignee({ loan }: { loan: AdminLoanSummaryJson }) {
  return loan.assignee ? (
    <span className="text-slate-900">{fullName(loan.assignee)}</span>
  ) : (
    <span className="text-slate-600">Non assignée</span>
  );
}

/** The officers' queue: a table on a desktop, one card per request on narrow screens. */
export function AdminLoanList({ loans, onStatusChanged, onStatusFailed }: AdminLoanListProps) {
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth;
  const actions = { onStatusChanged, onStatusFailed };
  if (!wide) {
    return (
      <div ref={ref}>
        <ul aria-label="Demandes de prêts" className="divide-y divide-slate-100">
          {loans.map((loan) => (
            <li key={loan.id} className="px-5 py-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 font-semibold text-slate-900">
                  <Link to={paths.admin.loan(loan.id)} className="hover:underline">
                    {formatLoanId(loan.id)} · {loanTypeLabels[loan.loanType]}
                  </Link>
                </p>
                <LoanStatusBadge status={loan.status} />
              </div>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">Client</dt>
                <dd className="min-w-0 text-slate-900">
                  {fullName(loan.client)}
                  <span className="block [overflow-wrap:anywhere] text-slate-600">
                    {loan.client.email}
                  </span>
                </dd>
                <dt className="text-slate-600">Montant</dt>
                <dd className="font-medium text-slate-900">{formatFcfa(loan.amount)}</dd>
                <dt className="text-slate-600">Durée</dt>
                <dd className="text-slate-900">{loan.durationMonths} mois</dd>
                <dt className="text-slate-600">Date</dt>
                <dd className="text-slate-900">
                  <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
                </dd>
                <dt className="text-slate-600">Assignée à</dt>
                <dd>
                  <Assignee loan={loan} />
                </dd>
              </dl>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <InlineActions loan={loan} {...actions} />
                <DetailsLink loan={loan} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div ref={ref}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Demandes de prêts</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              N°
            </th>
            <th scope="col" className="px-4 py-3">
              Client
            </th>
            <th scope="col" className="px-4 py-3">
              Type
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Montant
            </th>
            <th scope="col" className="px-4 py-3">
              Durée
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Statut
            </th>
            <th scope="col" className="px-4 py-3">
              Assignée à
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loans.map((loan) => (
            <tr key={loan.id} className="align-top hover:bg-slate-50">
              <td className="px-4 py-3 font-medium whitespace-nowrap">
                <Link
                  to={paths.admin.loan(loan.id)}
                  className="text-brand-700 hover:underline"
                  aria-label={`Demande ${formatLoanId(loan.id)}`}
                >
                  {formatLoanId(loan.id)}
                </Link>
              </td>
              <td className="max-w-56 px-4 py-3">
                <span className="block font-medium text-slate-900">{fullName(loan.client)}</span>
                <span className="block [overflow-wrap:anywhere] text-slate-600">
                  {loan.client.email}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-900">{loanTypeLabels[loan.loanType]}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                {formatFcfa(loan.amount)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {loan.durationMonths} mois
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <LoanStatusBadge status={loan.status} />
              </td>
              <td className="px-4 py-3">
                <Assignee loan={loan} />
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-end gap-1">
                  <InlineActions loan={loan} {...actions} />
                  <DetailsLink loan={loan} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
