import type { AdminClientLoanSummaryJson } from "../../../../domain/api/admin-clients";
import { formatFcfa, formatNumber } from "../../../../domain/format-fcfa";
import { loanStatuses } from "../../../../domain/loan-status";
import { LoanStatusBadge } from "../../../components/badge";
import { Card, CardHeader } from "../../../components/card";

/** The client's figures: requests, amount asked, requests per status, documents. */
export function ClientSummaryCard({ summary }: { summary: AdminClientLoanSummaryJson }) {
  return (
    <Card aria-labelledby="client-summary-title">
      <CardHeader id="client-summary-title" title="Résumé" />
      <dl className="divide-y divide-slate-100 px-5 py-2 text-sm">
        <div className="flex items-center justify-between gap-3 py-2">
          <dt className="text-slate-600">Total des demandes</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatNumber(summary.totalLoans)}
          </dd>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 py-2">
          <dt className="text-slate-600">Montant total demandé</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatFcfa(summary.totalAmountRequested)}
          </dd>
        </div>
        {loanStatuses.map((status) => (
          <div key={status} className="flex items-center justify-between gap-3 py-2">
            <dt>
              <LoanStatusBadge status={status} />
            </dt>
            <dd className="font-medium text-slate-900 tabular-nums">
              {formatNumber(summary.statusCounts[status])}
            </dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-3 py-2">
          <dt className="text-slate-600">Documents</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatNumber(summary.documentCount)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
