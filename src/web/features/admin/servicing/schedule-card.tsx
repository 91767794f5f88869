import type { AdminLoanAccountJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { Badge } from "../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { InstallmentList } from "../../loans-shared/installment-list";

// The schedule ('Échéancier') as the ledger has it: each instalment's amounts, what was paid and
// its state, with the balance, the principal outstanding and the next payment above. A table
// where the card is wide enough; one card per instalment on a phone.

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

type ScheduleCardProps = Pick<
  AdminLoanAccountJson,
  "installments" | "remainingBalance" | "outstandingPrincipal" | "nextPayment" | "stageLabel"
> & { repaid: boolean };

export function ScheduleCard({
  installments,
  remainingBalance,
  outstandingPrincipal,
  nextPayment,
  stageLabel,
  repaid,
}: ScheduleCardProps) {
  return (
    <Card aria-labelledby="schedule-title" className="min-w-0">
      <CardHeader
        id="schedule-title"
        title="Échéancier"
        actions={stageLabel ? <Badge tone={repaid ? "success" : "info"}>{stageLabel}</Badge> : null}
      />
      <CardBody className="space-y-4">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label="Solde restant dû">{formatFcfa(remainingBalance)}</Figure>
          <Figure label="Capital restant dû">{formatFcfa(outstandingPrincipal)}</Figure>
          <Figure label="Prochain paiement">
            {nextPayment ? (
              <>
                {formatFcfa(nextPayment.amount)}
                <span className="block text-sm font-normal text-slate-700">
                  échéance n° {nextPayment.number} du {formatDate(nextPayment.dueDate)}
                </span>
              </>
            ) : (
              "Aucun"
            )}
          </Figure>
        </dl>
      </CardBody>
      <InstallmentList installments={installments} label="Échéances du prêt" />
    </Card>
  );
}
