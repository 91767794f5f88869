import { type ReactElement, useState } from "react";
import { personName } from "../../../../domain/api/admin-clients";
import { type DisbursementJson, servicingMessages } from "../../../../domain/api/servicing";
import { servicingOfficerMessages } from "../../../../domain/api/servicing-officer";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { firmToday } from "../../../../domain/loan-schedule";
import { ActionDialog } from "../../../components/action-dialog";
import { FormDialog } from "../../../components/form-dialog";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
import { toast } from "../../../components/toast";
import { firstIssueByField, lazySchema } from "../../../lib/lazy-zod";
import { useConfirmDisbursement, useRecordDisbursement } from "../api/loan-servicing";
import { channelOptions } from "./channel-options";
import { needsReason, readTypedNumber } from "./servicing-rules";

const disbursementSchema = lazySchema(() =>
  import("../../../../domain/api/servicing.schema").then((m) => m.disbursementSchema),
);

type Common = {
  loanId: number;
  trigger: ReactElement;
  /** Anything but a refusal of the input (409, 403, the network): the page's banner shows it. */
  onFailure: (error: unknown) => void;
  onDone: () => void;
};

const blank = { disbursedOn: "", channel: "", reference: "", amount: "", reason: "" };
type Values = typeof blank;

/**
 * Records the disbursement once the contract is signed: the date (today by default, never in the
 * future), the channel, the operator's reference and the amount (the approved one by default; a
 * smaller one asks a reason). Above the four-eyes threshold it is proposed, for another officer
 * to confirm: the dialog says so before it is sent.
 */
export function DisbursementDialog({
  loanId,
  approvedAmount,
  secondOfficerAbove,
  trigger,
  onFailure,
  onDone,
}: Common & { approvedAmount: number; secondOfficerAbove: number }) {
  const mutation = useRecordDisbursement(loanId);
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reasonNeeded = needsReason(values.amount, approvedAmount);
  const typed = readTypedNumber(values.amount);
  const proposing = Number.isFinite(typed) && typed > secondOfficerAbove;

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
    const input = { ...values, reason: reasonNeeded ? values.reason : undefined };
    const parsed = await disbursementSchema.safeParse(input);
    const next = parsed.success ? {} : firstIssueByField(parsed.error.issues);
    if (parsed.success && parsed.data.amount > approvedAmount) {
      next.amount = servicingMessages.amountAboveApproved;
    }
    if (reasonNeeded && !values.reason.trim()) next.reason = servicingMessages.reasonRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return false;
    // The parse succeeded (else `next` holds its issues): send what it read.
    if (!parsed.success) return false;
    const account = await mutation.mutateAsync(parsed.data);
    onDone();
    toast.success(
      account.disbursement?.status === "proposed"
        ? servicingMessages.disbursementProposed
        : servicingOfficerMessages.disbursementRecorded,
    );
    return true;
  }

  return (
    <FormDialog
      trigger={trigger}
      title="Enregistrer le décaissement"
      description="Le client en est informé par e-mail et SMS ; l'échéancier part de cette date."
      submitLabel={proposing ? "Proposer le décaissement" : "Enregistrer"}
      mutation={mutation}
      onOpen={() => {
        disbursementSchema.preload();
        setValues({ ...blank, disbursedOn: firmToday(), amount: String(approvedAmount) });
        setErrors({});
      }}
      send={send}
      onRefused={(refusal) => setErrors(refusal.fields ?? { form: refusal.message })}
      onFailure={onFailure}
      className="space-y-4"
    >
      <TextField
        label="Date du décaissement"
        type="date"
        max={firmToday()}
        {...field("disbursedOn")}
        required
      />
      <SelectField
        label="Moyen de décaissement"
        options={channelOptions}
        placeholder="Choisissez un moyen"
        {...field("channel")}
        required
      />
      <TextField
        label="Référence de l'opération"
        hint="Le numéro de transaction de l'opérateur ou de la banque."
        autoComplete="off"
        {...field("reference")}
        required
      />
      <TextField
        label="Montant décaissé (FCFA)"
        inputMode="numeric"
        hint={servicingOfficerMessages.approvedAmountHint(approvedAmount)}
        {...field("amount")}
        required
      />
      {reasonNeeded ? (
        <TextareaField
          label="Motif du montant inférieur"
          rows={3}
          maxLength={2000}
          {...field("reason")}
          required
        />
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {proposing
          ? servicingOfficerMessages.disbursementNeedsSecondOfficer(secondOfficerAbove)
          : ""}
      </p>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The second officer confirms a proposed disbursement: the schedule starts from its date. */
export function ConfirmDisbursementDialog({
  loanId,
  disbursement,
  trigger,
  onFailure,
  onDone,
}: Common & { disbursement: DisbursementJson }) {
  const mutation = useConfirmDisbursement(loanId);
  return (
    <ActionDialog
      trigger={trigger}
      title="Confirmer le décaissement"
      description={`Enregistré par ${personName(disbursement.recordedBy)} : ${formatFcfa(
        disbursement.amount,
      )} le ${formatDate(disbursement.disbursedOn)} par ${disbursement.channelLabel} (réf. ${
        disbursement.reference
      }).`}
      actionLabel="Confirmer"
      mutation={mutation}
      run={() => mutation.mutateAsync({ disbursementId: disbursement.id })}
      onDone={() => {
        onDone();
        toast.success(servicingOfficerMessages.disbursementConfirmed);
      }}
      onFailure={onFailure}
    >
      <p className="text-sm text-slate-700">
        L'échéancier commencera à cette date et le client en sera informé.
      </p>
    </ActionDialog>
  );
}
