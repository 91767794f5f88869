import type { PaymentJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { Badge } from "../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { CardField, CardFields } from "../../../components/responsive-list";

/** One payment as recorded; a reversed one stays listed, said cancelled, with the reason. */
function PaymentItem({ payment }: { payment: PaymentJson }) {
  const reversed = payment.reversedAt !== null;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900 tabular-nums">
          {reversed ? <s>{formatFcfa(payment.amount)}</s> : formatFcfa(payment.amount)}
          <span className="font-normal text-slate-700"> le {formatDate(payment.paidOn)}</span>
        </p>
        {reversed ? <Badge tone="danger">Annulé</Badge> : <Badge tone="success">Reçu</Badge>}
      </div>
      <CardFields>
        <CardField label="Moyen">{payment.channelLabel}</CardField>
        <CardField label="Référence" className="[overflow-wrap:anywhere] text-slate-900">
          {payment.reference}
        </CardField>
        {reversed && payment.reversedAt ? (
          <CardField label="Annulé le">{formatDate(payment.reversedAt)}</CardField>
        ) : null}
        {reversed && payment.reversalReason ? (
          <CardField label="Motif" className="break-words text-slate-900">
            {payment.reversalReason}
          </CardField>
        ) : null}
      </CardFields>
    </li>
  );
}

/** 'Mes paiements': what the firm recorded, newest first. */
export function PaymentsCard({ payments }: { payments: readonly PaymentJson[] }) {
  return (
    <Card aria-labelledby="payments-title">
      <CardHeader id="payments-title" title="Mes paiements" />
      <CardBody className="py-2">
        {payments.length > 0 ? (
          <ul aria-label="Paiements enregistrés" className="divide-y divide-slate-100">
            {payments.map((payment) => (
              <PaymentItem key={payment.id} payment={payment} />
            ))}
          </ul>
        ) : (
          <p className="py-3 text-sm text-slate-700">
            Aucun paiement enregistré pour le moment. Un paiement apparaît ici dès que nous l'avons
            reçu.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
