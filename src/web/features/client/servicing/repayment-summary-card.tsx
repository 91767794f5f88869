import { Award, Download } from "lucide-react";
import type { LoanAccountJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { ButtonAnchor } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";

type RepaymentSummaryProps = Pick<
  LoanAccountJson,
  "loanId" | "remainingBalance" | "nextPayment" | "stageLabel" | "certificateAvailable"
>;

/**
 * What a client paying back comes to read first, in large type: what is left to repay and the
 * next payment (its amount and date); once 'Soldé', the certificate of repayment to download.
 */
export function RepaymentSummaryCard({
  loanId,
  remainingBalance,
  nextPayment,
  stageLabel,
  certificateAvailable,
}: RepaymentSummaryProps) {
  return (
    <Card aria-labelledby="repayment-summary-title">
      <CardHeader
        id="repayment-summary-title"
        title="Mon remboursement"
        description={stageLabel ?? undefined}
      />
      <CardBody className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-brand-50 px-4 py-3">
            <dt className="text-sm font-medium text-brand-800">Prochain paiement</dt>
            {nextPayment ? (
              <dd className="mt-1">
                <span className="block text-2xl font-bold text-slate-900 tabular-nums">
                  {formatFcfa(nextPayment.amount)}
                </span>
                <span className="block text-sm text-slate-700">
                  le {formatDate(nextPayment.dueDate)} (échéance {nextPayment.number})
                </span>
              </dd>
            ) : (
              <dd className="mt-1 text-lg font-semibold text-slate-900">Aucun : prêt soldé</dd>
            )}
          </div>
          <div className="rounded-lg bg-slate-50 px-4 py-3">
            <dt className="text-sm font-medium text-slate-700">Reste à rembourser</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {formatFcfa(remainingBalance)}
            </dd>
          </div>
        </dl>
        {certificateAvailable ? (
          <ButtonAnchor
            href={`/api/loans/${loanId}/certificate.pdf`}
            download
            variant="secondary"
            className="w-full sm:w-auto"
          >
            <Award aria-hidden="true" className="size-5" />
            Télécharger l'attestation de remboursement
            <Download aria-hidden="true" className="size-4" />
          </ButtonAnchor>
        ) : null}
      </CardBody>
    </Card>
  );
}
