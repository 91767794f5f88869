import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { personName } from "../../../../domain/api/admin-clients";
import type { AdminLoanSummaryJson } from "../../../../domain/api/admin-loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { ResponsiveList } from "../../../components/responsive-list";
import { paths } from "../../../paths";
import { AdminLoanStatus } from "./admin-loan-status";
import { LoanAge } from "./loan-age";
import { NoLoanFound } from "./no-loan-found";

/** Below this width of its own box the five requests show as lines: a table would not fit. */
const tableMinWidth = 440;

/** The dashboard's five latest requests, each leading to its review page. */
export function DashboardLatestLoans({ loans }: { loans: readonly AdminLoanSummaryJson[] }) {
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
      {loans.length === 0 ? (
        <div className="p-5">
          <NoLoanFound />
        </div>
      ) : (
        <ResponsiveList
          items={loans}
          itemKey={(loan) => loan.id}
          label="Les demandes de prêt les plus récentes"
          tableMinWidth={tableMinWidth}
          columns={[
            {
              id: "id",
              header: "N°",
              headerClassName: "px-5 py-3",
              className: "px-5 py-2 whitespace-nowrap",
              cell: (loan) => <LoanLink loan={loan} />,
            },
            {
              id: "client",
              header: "Client",
              headerClassName: "px-4 py-3",
              className: "px-4 py-2",
              cell: (loan) => (
                <>
                  <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
                    {personName(loan.client)}
                  </span>
                  <time dateTime={loan.createdAt} className="block text-xs text-slate-600">
                    {formatDate(loan.createdAt)}
                  </time>
                  <span className="block text-xs">
                    <LoanAge loan={loan} />
                  </span>
                </>
              ),
            },
            {
              id: "amount",
              header: "Montant",
              headerClassName: "px-4 py-3 text-right",
              className: "px-4 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums",
              cell: (loan) => formatFcfa(loan.amount),
            },
            {
              id: "status",
              header: "Statut",
              headerClassName: "py-3 pr-5 pl-4",
              className: "py-2 pr-5 pl-4",
              cell: (loan) => <AdminLoanStatus loan={loan} />,
            },
          ]}
          card={(loan) => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <LoanLink loan={loan} />
                <AdminLoanStatus loan={loan} />
              </div>
              <p className="truncate font-medium text-slate-900">{personName(loan.client)}</p>
              <p className="text-sm text-slate-900 tabular-nums">{formatFcfa(loan.amount)}</p>
              <span className="block text-xs">
                <LoanAge loan={loan} />
              </span>
            </>
          )}
          cardClassName="px-5 py-3"
        />
      )}
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
