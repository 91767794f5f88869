import type { InstallmentJson } from "../../../domain/api/servicing";
import { formatDate } from "../../../domain/format-date";
import { formatFcfa } from "../../../domain/format-fcfa";
import type { InstallmentStateCode } from "../../../domain/repayment-allocation";
import { Badge, type BadgeTone } from "../../components/badge";
import { CardField, CardFields, ResponsiveList } from "../../components/responsive-list";

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
 * A loan's instalments as the client and the officers see them: due date, what each repays
 * (principal, interest), what was paid and its state. A table where the card is wide enough, one
 * card per instalment on a phone (seven columns do not fit 360 px).
 */
export function InstallmentList({
  installments,
  label = "Échéancier du prêt",
}: {
  installments: readonly InstallmentJson[];
  label?: string;
}) {
  return (
    <ResponsiveList
      items={installments}
      itemKey={(installment) => installment.number}
      label={label}
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
  );
}
