import type { AdminLoanAccountJson, InstallmentJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import type { InstallmentStateCode } from "../../../../domain/repayment-allocation";
import { Badge, type BadgeTone } from "../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";

// The schedule ('Échéancier') as the ledger has it: each instalment's amounts, what was paid and
// its state, with the balance, the principal outstanding and the next payment above. A table
// where the card is wide enough; one card per instalment on a phone.

const stateTones: Record<InstallmentStateCode, BadgeTone> = {
  upcoming: "neutral",
  paid: "success",
  partial: "info",
  late: "danger",
};

const money = "px-4 py-3 text-right whitespace-nowrap tabular-nums";
const moneyHeader = "px-4 py-3 text-right";

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
      <ResponsiveList<InstallmentJson>
        items={installments}
        itemKey={(installment) => installment.number}
        label="Échéances du prêt"
        tableMinWidth={700}
        overflow="focusable"
        columns={[
          {
            id: "number",
            header: "N°",
            headerClassName: "px-4 py-3",
            className: "px-4 py-3 tabular-nums",
            cell: (installment) => installment.number,
          },
          {
            id: "due",
            header: "Échéance",
            headerClassName: "px-4 py-3",
            className: "px-4 py-3 whitespace-nowrap",
            cell: (installment) => formatDate(installment.dueDate),
          },
          {
            id: "principal",
            header: "Capital",
            headerClassName: moneyHeader,
            className: money,
            cell: (installment) => formatFcfa(installment.principal),
          },
          {
            id: "interest",
            header: "Intérêts",
            headerClassName: moneyHeader,
            className: money,
            cell: (installment) => formatFcfa(installment.interest),
          },
          {
            id: "amount",
            header: "Montant",
            headerClassName: moneyHeader,
            className: `${money} font-medium text-slate-900`,
            cell: (installment) => formatFcfa(installment.amount),
          },
          {
            id: "paid",
            header: "Payé",
            headerClassName: moneyHeader,
            className: money,
            cell: (installment) => formatFcfa(installment.paid),
          },
          {
            id: "state",
            header: "État",
            headerClassName: "px-4 py-3",
            className: "px-4 py-3",
            cell: (installment) => (
              <Badge tone={stateTones[installment.state]}>{installment.stateLabel}</Badge>
            ),
          },
        ]}
        card={(installment) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">
                Échéance n° {installment.number} · {formatDate(installment.dueDate)}
              </span>
              <Badge tone={stateTones[installment.state]}>{installment.stateLabel}</Badge>
            </div>
            <CardFields>
              <CardField label="Montant">{formatFcfa(installment.amount)}</CardField>
              <CardField label="Capital">{formatFcfa(installment.principal)}</CardField>
              <CardField label="Intérêts">{formatFcfa(installment.interest)}</CardField>
              <CardField label="Payé">{formatFcfa(installment.paid)}</CardField>
            </CardFields>
          </>
        )}
      />
    </Card>
  );
}
