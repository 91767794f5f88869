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
import { personName } from "./person-name";

type AdminLoanListProps = {
  loans: readonly AdminLoanSummaryJson[];
  onStatusChanged: (loan: AdminLoanJson) => void;
  onStatusFailed: (error: unknown) => void;
};

/**
 * Below this width of its own box the list shows cards: the nine columns would not fit. Between
 * it and the table's natural width, the table scrolls inside its own focusable box.
 */
const tableMinWidth = 820;

function InlineActions({
  loan,
  onStatusChanged,
  onStatusFailed,
  stacked = false,
}: { loan: AdminLoanSummaryJson; stacked?: boolean } & Omit<AdminLoanListProps, "loans">) {
  if (loan.status !== "pending") return null;
  const number = formatLoanId(loan.id);
  return (
    <div className={stacked ? "flex flex-col items-stretch gap-1.5" : "flex flex-wrap gap-2"}>
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
    <span className="text-slate-900">{personName(loan.assignee)}</span>
  ) : (
    <span className="text-slate-600">Non assignée</span>
  );
}

/** The officers' queue: a table on a desktop, one card per request on narrow screens. */
export function AdminLoanList(props: AdminLoanListProps) {
  // The measured box stays the same element whichever view is shown: an observed element that
  // leaves the page reports a width of 0, which would flip the view back.
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth;
  return <div ref={ref}>{wide ? <LoanTable {...props} /> : <LoanCards {...props} />}</div>;
}

function LoanCards({ loans, onStatusChanged, onStatusFailed }: AdminLoanListProps) {
  const actions = { onStatusChanged, onStatusFailed };
  return (
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
              {personName(loan.client)}
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
  );
}

function LoanTable({ loans, onStatusChanged, onStatusFailed }: AdminLoanListProps) {
  const actions = { onStatusChanged, onStatusFailed };
  return (
    // A box that scrolls (a narrow window beside the sidebar) must be reachable by keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it.
    <section className="overflow-x-auto" tabIndex={0} aria-label="Demandes de prêts">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Demandes de prêts</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Demande
            </th>
            <th scope="col" className="px-3 py-3">
              Client
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Montant
            </th>
            <th scope="col" className="px-3 py-3">
              Date
            </th>
            <th scope="col" className="px-3 py-3">
              Statut
            </th>
            <th scope="col" className="px-3 py-3">
              Assignée à
            </th>
            <th scope="col" className="px-3 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loans.map((loan) => (
            <tr key={loan.id} className="align-top hover:bg-slate-50">
              <td className="px-3 py-3">
                <Link
                  to={paths.admin.loan(loan.id)}
                  // The visible number is in the name, as speech-input users will say it.
                  aria-label={`Détails de la demande ${formatLoanId(loan.id)}`}
                  className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                >
                  {formatLoanId(loan.id)}
                </Link>
                <span className="block text-slate-700">{loanTypeLabels[loan.loanType]}</span>
              </td>
              <td className="min-w-40 px-3 py-3">
                <span className="block font-medium text-slate-900">{personName(loan.client)}</span>
                <span className="block [overflow-wrap:anywhere] text-slate-600">
                  {loan.client.email}
                </span>
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                <span className="block text-slate-900">{formatFcfa(loan.amount)}</span>
                <span className="block text-slate-600">{loan.durationMonths} mois</span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
              </td>
              <td className="px-3 py-3">
                <LoanStatusBadge status={loan.status} />
              </td>
              <td className="px-3 py-3">
                <Assignee loan={loan} />
              </td>
              <td className="px-3 py-3">
                <InlineActions loan={loan} {...actions} stacked />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
