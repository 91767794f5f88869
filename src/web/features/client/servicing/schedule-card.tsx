import type { InstallmentJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import type { InstallmentStateCode } from "../../../../domain/repayment-allocation";
import { Badge, type BadgeTone } from "../../../components/badge";
import { Card, CardHeader } from "../../../components/card";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";

// The state is said in words (the label); the colour only repeats it.
const stateTones: Record<InstallmentStateCode, BadgeTone> = {
  upcoming: "neutral",
  paid: "success",
  partial: "warning",
  late: "danger",
};

function InstallmentState({ installment }: { installment: InstallmentJson }) {
  return <Badge tone={stateTones[installment.state]}>{installment.stateLabel}</Badge>;
}

const amountHeader = "px-4 py-3 text-right";
const amountCell = "px-4 py-2 text-right whitespace-nowrap tabular-nums text-slate-800";

/**
 * 'Échéancier': every installment with its due date, what it repays (principal, interest), what
 * was paid and its state. A table where the card is wide enough, one card per installment on a
 * phone (seven columns do not fit 360 px).
 */
export function ScheduleCard({ installments }: { installments: readonly InstallmentJson[] }) {
  return (
    <Card aria-labelledby="schedule-title">
      <CardHeader
        id="schedule-title"
        title="Échéancier"
        description={`${installments.length} échéance${installments.length > 1 ? "s" : ""} mensuelle${installments.length > 1 ? "s" : ""}.`}
      />
      <ResponsiveList
        items={installments}
        itemKey={(installment) => installment.number}
        label="Échéancier du prêt"
        tableMinWidth={720}
        columns={[
          {
            id: "number",
            header: "N°",
            headerClassName: "py-3 pr-2 pl-5",
            className: "py-2 pr-2 pl-5 font-medium text-slate-900 tabular-nums",
            cell: (installment) => installment.number,
          },
          {
            id: "due",
            header: "Échéance",
            headerClassName: "px-4 py-3",
            className: "px-4 py-2 whitespace-nowrap text-slate-800",
            cell: (installment) => formatDate(installment.dueDate),
          },
          {
            id: "principal",
            header: "Capital",
            headerClassName: amountHeader,
            className: amountCell,
            cell: (installment) => formatFcfa(installment.principal),
          },
          {
            id: "interest",
            header: "Intérêts",
            headerClassName: amountHeader,
            className: amountCell,
            cell: (installment) => formatFcfa(installment.interest),
          },
          {
            id: "amount",
            header: "Montant",
            headerClassName: amountHeader,
            className: `${amountCell} font-semibold text-slate-900`,
            cell: (installment) => formatFcfa(installment.amount),
          },
          {
            id: "paid",
            header: "Payé",
            headerClassName: amountHeader,
            className: amountCell,
            cell: (installment) => formatFcfa(installment.paid),
          },
          {
            id: "state",
            header: "État",
            headerClassName: "py-3 pr-5 pl-4",
            className: "py-2 pr-5 pl-4",
            cell: (installment) => <InstallmentState installment={installment} />,
          },
        ]}
        card={(installment) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">
                Échéance {installment.number} · {formatDate(installment.dueDate)}
              </h3>
              <InstallmentState installment={installment} />
            </div>
            <CardFields>
              <CardField label="Montant" className="font-semibold text-slate-900 tabular-nums">
                {formatFcfa(installment.amount)}
              </CardField>
              <CardField label="Capital" className="text-slate-800 tabular-nums">
                {formatFcfa(installment.principal)}
              </CardField>
              <CardField label="Intérêts" className="text-slate-800 tabular-nums">
                {formatFcfa(installment.interest)}
              </CardField>
              <CardField label="Payé" className="text-slate-800 tabular-nums">
                {formatFcfa(installment.paid)}
              </CardField>
            </CardFields>
          </>
        )}
      />
    </Card>
  );
}
