import { Plus, Undo2 } from "lucide-react";
import { personName } from "../../../../domain/api/admin-clients";
import type { AdminPaymentJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";
import { PaymentDialog, ReversalDialog } from "./payment-dialogs";
import { canReverse } from "./servicing-rules";

// The repayments recorded on the request, newest first: a reversed one stays, struck through in
// words ('Annulé' with its reason and who), never deleted. Each live one can be reversed.

type PaymentsCardProps = {
  loanId: number;
  payments: readonly AdminPaymentJson[];
  /** 'Enregistrer un paiement' is offered (the schedule runs and a balance is left). */
  canRecord: boolean;
  suggestedAmount: number | null;
  onFailure: (error: unknown) => void;
  onDone: () => void;
};

function Reversed({ payment }: { payment: AdminPaymentJson }) {
  return (
    <span className="block min-w-0">
      <Badge tone="danger">Annulé</Badge>
      <span className="mt-1 block text-sm text-slate-700">
        {payment.reversedAt ? `Le ${formatDate(payment.reversedAt)}` : ""}
        {payment.reversedBy ? ` par ${personName(payment.reversedBy)}` : ""}
        {payment.reversalReason ? ` : ${payment.reversalReason}` : ""}
      </span>
    </span>
  );
}

export function PaymentsCard({
  loanId,
  payments,
  canRecord,
  suggestedAmount,
  onFailure,
  onDone,
}: PaymentsCardProps) {
  const reverse = (payment: AdminPaymentJson) =>
    canReverse(payment) ? (
      <ReversalDialog
        loanId={loanId}
        payment={payment}
        onFailure={onFailure}
        onDone={onDone}
        trigger={
          <Button
            variant="outline"
            size="sm"
            aria-label={`Annuler le paiement ${payment.reference} de ${formatFcfa(payment.amount)}`}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Annuler
          </Button>
        }
      />
    ) : null;
  return (
    <Card aria-labelledby="payments-title" className="min-w-0">
      <CardHeader
        id="payments-title"
        title="Paiements"
        actions={
          canRecord ? (
            <PaymentDialog
              loanId={loanId}
              suggestedAmount={suggestedAmount}
              onFailure={onFailure}
              onDone={onDone}
              trigger={
                <Button size="sm">
                  <Plus aria-hidden="true" className="size-4" />
                  Enregistrer un paiement
                </Button>
              }
            />
          ) : null
        }
      />
      {payments.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-600">Aucun paiement enregistré.</p>
        </CardBody>
      ) : (
        <ResponsiveList<AdminPaymentJson>
          items={payments}
          itemKey={(payment) => payment.id}
          label="Paiements enregistrés"
          tableMinWidth={860}
          overflow="focusable"
          columns={[
            {
              id: "date",
              header: "Date",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3 whitespace-nowrap",
              cell: (payment) => formatDate(payment.paidOn),
            },
            {
              id: "amount",
              header: "Montant",
              headerClassName: "px-4 py-3 text-right",
              className: "px-4 py-3 text-right whitespace-nowrap tabular-nums font-medium",
              cell: (payment) =>
                payment.reversedAt ? (
                  <s className="text-slate-500">{formatFcfa(payment.amount)}</s>
                ) : (
                  formatFcfa(payment.amount)
                ),
            },
            {
              id: "channel",
              header: "Moyen",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3",
              cell: (payment) => payment.channelLabel,
            },
            {
              id: "reference",
              header: "Référence",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3 break-all",
              cell: (payment) => payment.reference,
            },
            {
              id: "recorded",
              header: "Enregistré par",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3",
              cell: (payment) =>
                payment.importId !== null
                  ? `${personName(payment.recordedBy)} (relevé importé)`
                  : personName(payment.recordedBy),
            },
            {
              id: "state",
              header: "État",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3 max-w-64",
              cell: (payment) =>
                payment.reversedAt ? (
                  <Reversed payment={payment} />
                ) : (
                  <Badge tone="success">Enregistré</Badge>
                ),
            },
            {
              id: "actions",
              header: <span className="sr-only">Actions</span>,
              headerClassName: "px-4 py-3",
              className: "px-4 py-3 text-right",
              cell: reverse,
            },
          ]}
          card={(payment) => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {formatDate(payment.paidOn)} ·{" "}
                  {payment.reversedAt ? (
                    <s>{formatFcfa(payment.amount)}</s>
                  ) : (
                    formatFcfa(payment.amount)
                  )}
                </span>
                {payment.reversedAt ? null : <Badge tone="success">Enregistré</Badge>}
              </div>
              <CardFields>
                <CardField label="Moyen">{payment.channelLabel}</CardField>
                <CardField label="Référence" className="break-all text-slate-900">
                  {payment.reference}
                </CardField>
                <CardField label="Enregistré par">{personName(payment.recordedBy)}</CardField>
              </CardFields>
              {payment.reversedAt ? (
                <div className="mt-2">
                  <Reversed payment={payment} />
                </div>
              ) : (
                <div className="mt-3">{reverse(payment)}</div>
              )}
            </>
          )}
        />
      )}
    </Card>
  );
}
