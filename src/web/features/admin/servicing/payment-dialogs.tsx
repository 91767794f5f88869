import { type ReactElement, useState } from "react";
import type { AdminPaymentJson } from "../../../../domain/api/servicing";
import { servicingOfficerMessages } from "../../../../domain/api/servicing-officer";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { firmToday } from "../../../../domain/loan-schedule";
import { FormDialog } from "../../../components/form-dialog";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { TextFormDialog } from "../../../components/text-form-dialog";
import { toast } from "../../../components/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { firstIssueByField, lazySchema } from "../../../lib/lazy-zod";
import { useRecordPayment, useReversePayment } from "../api/loan-servicing";
import { channelOptions } from "./channel-options";

const paymentSchema = lazySchema(() =>
  import("../../../../domain/api/servicing.schema").then((m) => m.paymentSchema),
);
const reversalSchema = lazySchema(() =>
  import("../../../../domain/api/servicing.schema").then((m) => m.paymentReversalSchema),
);

type Common = {
  loanId: number;
  trigger: ReactElement;
  /** Anything but a refusal of the input (409 another officer acted, the network): the page. */
  onFailure: (error: unknown) => void;
  onDone: () => void;
};

const blank = { paidOn: "", amount: "", channel: "", reference: "" };
type Values = typeof blank;

/**
 * Records a repayment: date (today by default, never in the future), amount, channel, reference.
 * A reference already recorded for the channel is the server's 409 with the field named: shown
 * on the field, the dialog open, so that the officer corrects it rather than retyping everything.
 */
export function PaymentDialog({
  loanId,
  suggestedAmount,
  trigger,
  onFailure,
  onDone,
}: Common & { suggestedAmount: number | null }) {
  const mutation = useRecordPayment(loanId);
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  async function send() {
    const parsed = await paymentSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error.issues));
      return false;
    }
    try {
      const account = await mutation.mutateAsync(parsed.data);
      onDone();
      toast.success(
        account.remainingBalance === 0
          ? servicingOfficerMessages.repaid
          : servicingOfficerMessages.paymentRecorded,
      );
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409 && error.fields) {
        setErrors(error.fields);
        return false;
      }
      throw error;
    }
  }

  return (
    <FormDialog
      trigger={trigger}
      title="Enregistrer un paiement"
      description="Il est affecté aux échéances les plus anciennes d'abord (intérêts puis capital)."
      submitLabel="Enregistrer"
      mutation={mutation}
      onOpen={() => {
        paymentSchema.preload();
        setValues({
          ...blank,
          paidOn: firmToday(),
          amount: suggestedAmount ? String(suggestedAmount) : "",
        });
        setErrors({});
      }}
      send={send}
      onRefused={(refusal) => setErrors(refusal.fields ?? { form: refusal.message })}
      onFailure={onFailure}
      className="space-y-4"
    >
      <TextField
        label="Date du paiement"
        type="date"
        max={firmToday()}
        {...field("paidOn")}
        required
      />
      <TextField
        label="Montant (FCFA)"
        inputMode="numeric"
        hint={suggestedAmount ? `Prochaine échéance : ${formatFcfa(suggestedAmount)}` : undefined}
        {...field("amount")}
        required
      />
      <SelectField
        label="Moyen de paiement"
        options={channelOptions}
        placeholder="Choisissez un moyen"
        {...field("channel")}
        required
      />
      <TextField
        label="Référence du paiement"
        hint="Le numéro de transaction de l'opérateur ou du reçu."
        autoComplete="off"
        {...field("reference")}
        required
      />
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** Reverses a payment with a reason: it stays listed, marked reversed; its allocations undone. */
export function ReversalDialog({
  loanId,
  payment,
  trigger,
  onFailure,
  onDone,
}: Common & { payment: AdminPaymentJson }) {
  const mutation = useReversePayment(loanId);
  return (
    <TextFormDialog
      trigger={trigger}
      title="Annuler le paiement"
      description={`${formatFcfa(payment.amount)} du ${formatDate(payment.paidOn)} (${
        payment.channelLabel
      }, réf. ${payment.reference}). Il restera dans la liste, marqué annulé.`}
      submitLabel="Annuler le paiement"
      variant="danger"
      mutation={mutation}
      field="reason"
      label="Motif de l'annulation"
      rows={3}
      maxLength={2000}
      schema={reversalSchema}
      submit={async (body) => {
        await mutation.mutateAsync({ paymentId: payment.id, reason: String(body.reason) });
        onDone();
        toast.success(servicingOfficerMessages.paymentReversed);
      }}
      onFailure={onFailure}
    />
  );
}
