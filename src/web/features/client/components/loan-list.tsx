import type { LoanSummaryJson } from "../../../../domain/api/loans";
import { officeCity } from "../../../../domain/firm";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { loanTypeLabels } from "../../../../domain/loan-type";
import { LoanStatusBadge } from "../../../components/badge";
import {
  CardField,
  CardFields,
  type ResponsiveColumn,
  ResponsiveList,
} from "../../../components/responsive-list";
import { paths } from "../../../paths";
import { LoanDetailsLink } from "../../loans-shared/loan-details-link";

type LoanListProps = {
  loans: readonly LoanSummaryJson[];
  /** Shows the request's number (#00042) in its own column. */
  showId?: boolean;
  /** Names the table for screen readers. */
  caption: string;
};

/** Below these widths of its own box, the list shows cards: the table's columns would not fit. */
const tableMinWidth = { withId: 880, withoutId: 780 } as const;

function DetailsLink({ loan }: { loan: LoanSummaryJson }) {
  return (
    <LoanDetailsLink to={paths.client.loan(loan.id)} loanId={loan.id} text="Voir les détails" />
  );
}

const idColumn: ResponsiveColumn<LoanSummaryJson> = {
  id: "id",
  header: "N°",
  headerClassName: "px-5 py-3",
  className: "px-5 py-2 font-medium whitespace-nowrap text-slate-700",
  cell: (loan) => formatLoanId(loan.id),
};

const columns: readonly ResponsiveColumn<LoanSummaryJson>[] = [
  {
    id: "type",
    header: "Type",
    headerClassName: "px-5 py-3",
    className: "px-5 py-2 font-medium text-slate-900",
    cell: (loan) => loanTypeLabels[loan.loanType],
  },
  {
    id: "amount",
    header: "Montant",
    headerClassName: "px-5 py-3 text-right",
    className: "px-5 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums",
    cell: (loan) => formatFcfa(loan.amount),
  },
  {
    id: "date",
    header: "Date",
    headerClassName: "px-5 py-3",
    className: "px-5 py-2 whitespace-nowrap text-slate-700",
    cell: (loan) => <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>,
  },
  {
    id: "status",
    header: "Statut",
    headerClassName: "px-5 py-3",
    className: "px-5 py-2",
    cell: (loan) => <LoanStatusBadge status={loan.status} />,
  },
  {
    id: "actions",
    header: <span className="sr-only">Actions</span>,
    headerClassName: "px-5 py-3",
    className: "px-5 py-2 text-right",
    cell: (loan) => <DetailsLink loan={loan} />,
  },
];

function LoanCard({ loan, showId }: { loan: LoanSummaryJson; showId: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold text-slate-900">
          {loanTypeLabels[loan.loanType]}
          {showId ? (
            <span className="ml-2 font-normal text-slate-600">{formatLoanId(loan.id)}</span>
          ) : null}
        </p>
        <LoanStatusBadge status={loan.status} />
      </div>
      <CardFields>
        <CardField label="Montant" className="font-medium text-slate-900">
          {formatFcfa(loan.amount)}
        </CardField>
        <CardField label="Date">
          <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
        </CardField>
        <CardField label="Agence">{officeCity(loan.office)}</CardField>
      </CardFields>
      <div className="mt-1">
        <DetailsLink loan={loan} />
      </div>
    </>
  );
}

/** The client's loan requests: a table on wide screens, one card per request on phones. */
export function LoanList({ loans, showId = false, caption }: LoanListProps) {
  return (
    <ResponsiveList
      items={loans}
      itemKey={(loan) => loan.id}
      label={caption}
      tableMinWidth={tableMinWidth[showId ? "withId" : "withoutId"]}
      columns={[showId && idColumn, ...columns]}
      card={(loan) => <LoanCard loan={loan} showId={showId} />}
      overflow="scroll"
    />
  );
}
