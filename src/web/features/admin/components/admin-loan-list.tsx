import { Check, X } from "lucide-react";
import { Link } from "react-router";
import { personName } from "../../../../domain/api/admin-clients";
import type { AdminLoanJson, AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { officeCity } from "../../../../domain/firm";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { loanTypeLabels } from "../../../../domain/loan-type";
import { Button } from "../../../components/button";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";
import { paths } from "../../../paths";
import { LoanDetailsLink } from "../../loans-shared/loan-details-link";
import { AdminLoanStatus } from "./admin-loan-status";
import { LoanAge } from "./loan-age";
import { LoanStatusDialog } from "./loan-status-dialog";

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
  // A waiting four-eyes proposal is decided on the request's page, before anything else.
  if (loan.status !== "pending" || loan.awaitingConfirmation) return null;
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
  return <LoanDetailsLink to={paths.admin.loan(loan.id)} loanId={loan.id} text="Détails" />;
}

function Assignee({ loan }: { loan: AdminLoanSummaryJson }) {
  return loan.assignee ? (
    <span className="text-slate-900">{personName(loan.assignee)}</span>
  ) : (
    <span className="text-slate-600">Non assignée</span>
  );
}

/** The officers' queue: a table on a desktop, one card per request on narrow screens. */
export function AdminLoanList({ loans, onStatusChanged, onStatusFailed }: AdminLoanListProps) {
  const actions = { onStatusChanged, onStatusFailed };
  return (
    <ResponsiveList
      items={loans}
      itemKey={(loan) => loan.id}
      label="Demandes de prêts"
      tableMinWidth={tableMinWidth}
      columns={[
        {
          id: "loan",
          header: "Demande",
          headerClassName: "px-3 py-3",
          className: "px-3 py-3",
          cell: (loan) => (
            <>
              <Link
                to={paths.admin.loan(loan.id)}
                // The visible number is in the name, as speech-input users will say it.
                aria-label={`Détails de la demande ${formatLoanId(loan.id)}`}
                className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
              >
                {formatLoanId(loan.id)}
              </Link>
              <span className="block text-slate-700">{loanTypeLabels[loan.loanType]}</span>
              <span className="block text-slate-600">Agence : {officeCity(loan.office)}</span>
            </>
          ),
        },
        {
          id: "client",
          header: "Client",
          headerClassName: "px-3 py-3",
          className: "min-w-40 px-3 py-3",
          cell: (loan) => (
            <>
              <span className="block font-medium text-slate-900">{personName(loan.client)}</span>
              <span className="block break-words text-slate-600">{loan.client.email}</span>
            </>
          ),
        },
        {
          id: "amount",
          header: "Montant",
          headerClassName: "px-3 py-3 text-right",
          className: "px-3 py-3 text-right whitespace-nowrap tabular-nums",
          cell: (loan) => (
            <>
              <span className="block text-slate-900">{formatFcfa(loan.amount)}</span>
              <span className="block text-slate-600">{loan.durationMonths} mois</span>
            </>
          ),
        },
        {
          id: "date",
          header: "Date",
          headerClassName: "px-3 py-3",
          className: "px-3 py-3 whitespace-nowrap text-slate-700",
          cell: (loan) => (
            <>
              <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
              <LoanAge loan={loan} />
            </>
          ),
        },
        {
          id: "status",
          header: "Statut",
          headerClassName: "px-3 py-3",
          className: "px-3 py-3",
          cell: (loan) => <AdminLoanStatus loan={loan} />,
        },
        {
          id: "assignee",
          header: "Assignée à",
          headerClassName: "px-3 py-3",
          className: "px-3 py-3",
          cell: (loan) => <Assignee loan={loan} />,
        },
        {
          id: "actions",
          header: <span className="sr-only">Actions</span>,
          headerClassName: "px-3 py-3",
          className: "px-3 py-3",
          cell: (loan) => <InlineActions loan={loan} {...actions} stacked />,
        },
      ]}
      rowClassName="align-top hover:bg-slate-50"
      card={(loan) => <LoanCard loan={loan} {...actions} />}
      overflow="focusable"
    />
  );
}

function LoanCard({
  loan,
  onStatusChanged,
  onStatusFailed,
}: { loan: AdminLoanSummaryJson } & Omit<AdminLoanListProps, "loans">) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold text-slate-900">
          <Link to={paths.admin.loan(loan.id)} className="hover:underline">
            {formatLoanId(loan.id)} · {loanTypeLabels[loan.loanType]}
          </Link>
        </p>
        <AdminLoanStatus loan={loan} />
      </div>
      <CardFields>
        <CardField label="Client" className="min-w-0 text-slate-900">
          {personName(loan.client)}
          <span className="block [overflow-wrap:anywhere] text-slate-600">{loan.client.email}</span>
        </CardField>
        <CardField label="Montant" className="font-medium text-slate-900">
          {formatFcfa(loan.amount)}
        </CardField>
        <CardField label="Durée">{loan.durationMonths} mois</CardField>
        <CardField label="Date">
          <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
          <LoanAge loan={loan} />
        </CardField>
        <CardField label="Agence">{officeCity(loan.office)}</CardField>
        <CardField label="Assignée à" className="">
          <Assignee loan={loan} />
        </CardField>
      </CardFields>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <InlineActions
          loan={loan}
          onStatusChanged={onStatusChanged}
          onStatusFailed={onStatusFailed}
        />
        <DetailsLink loan={loan} />
      </div>
    </>
  );
}
