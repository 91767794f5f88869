import type { AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { Card, CardHeader } from "../../../components/card";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";
import { paths } from "../../../paths";
import { LoanDetailsLink } from "../../loans-shared/loan-details-link";
import { AdminLoanStatus } from "./admin-loan-status";
import { NoLoanFound } from "./no-loan-found";

/** Below this width of its own box the requests show as cards: the table would not fit. */
const tableMinWidth = 720;

function DetailsLink({ loan }: { loan: AdminLoanSummaryJson }) {
  return <LoanDetailsLink to={paths.admin.loan(loan.id)} loanId={loan.id} text="Détails" />;
}

/** Every request of one client, newest first, each leading to its review page. */
export function ClientLoansCard({ loans }: { loans: readonly AdminLoanSummaryJson[] }) {
  return (
    <Card aria-labelledby="client-loans-title" className="overflow-hidden">
      <CardHeader
        id="client-loans-title"
        title="Demandes de prêt"
        description={`${loans.length} demande${loans.length > 1 ? "s" : ""}`}
      />
      {loans.length === 0 ? (
        <div className="p-5">
          <NoLoanFound />
        </div>
      ) : (
        <ResponsiveList
          items={loans}
          itemKey={(loan) => loan.id}
          label="Demandes de prêt du client"
          tableMinWidth={tableMinWidth}
          columns={[
            {
              id: "id",
              header: "N°",
              headerClassName: "py-3 pr-4 pl-5",
              className: "py-2 pr-4 pl-5 font-medium whitespace-nowrap text-slate-700",
              cell: (loan) => formatLoanId(loan.id),
            },
            {
              id: "amount",
              header: "Montant",
              headerClassName: "px-4 py-3 text-right",
              className: "px-4 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums",
              cell: (loan) => formatFcfa(loan.amount),
            },
            {
              id: "purpose",
              header: "Objet",
              headerClassName: "px-4 py-3",
              className: "max-w-64 px-4 py-2 [overflow-wrap:anywhere] text-slate-700",
              cell: (loan) => loan.purpose,
            },
            {
              id: "date",
              header: "Date",
              headerClassName: "px-4 py-3",
              className: "px-4 py-2 whitespace-nowrap text-slate-700",
              cell: (loan) => <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>,
            },
            {
              id: "status",
              header: "Statut",
              headerClassName: "px-4 py-3",
              className: "px-4 py-2",
              cell: (loan) => <AdminLoanStatus loan={loan} />,
            },
            {
              id: "actions",
              header: <span className="sr-only">Actions</span>,
              headerClassName: "py-3 pr-5 pl-4",
              className: "py-2 pr-5 pl-4 text-right",
              cell: (loan) => <DetailsLink loan={loan} />,
            },
          ]}
          card={(loan) => (
            <>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-semibold text-slate-900">{formatLoanId(loan.id)}</p>
                <AdminLoanStatus loan={loan} />
              </div>
              <CardFields>
                <CardField label="Montant" className="font-medium text-slate-900">
                  {formatFcfa(loan.amount)}
                </CardField>
                <CardField label="Objet" className="[overflow-wrap:anywhere] text-slate-900">
                  {loan.purpose}
                </CardField>
                <CardField label="Date">
                  <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
                </CardField>
              </CardFields>
              <div className="mt-1">
                <DetailsLink loan={loan} />
              </div>
            </>
          )}
        />
      )}
    </Card>
  );
}
