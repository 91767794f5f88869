import { type ReactElement, useState } from "react";
import {
  type AdminLoanJson,
  adminLoanMessages,
  maxDebtToIncomeRatio,
  maxRejectionReasonLength,
} from "../../../../domain/api/admin-loans";
import type { LoanStatusChangeInput } from "../../../../domain/api/admin-loans.schema";
import { approvalMessages } from "../../../../domain/api/approval";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { monthlyPayment, usuryCeilingPercent } from "../../../../domain/loan-simulator";
import { type LoanStatus, loanStatusLabels } from "../../../../domain/loan-status";
import { FormDialog } from "../../../components/form-dialog";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
import { lazyFormatter } from "../../../lib/lazy-formatter";
import { firstIssueByField, lazySchema } from "../../../lib/lazy-zod";
import { useAdminLayoutData } from "../admin-layout-data";
import { useChangeLoanStatus } from "../api/change-loan-status";
import { defaultFees } from "../servicing/servicing-rules";

const statusChangeSchema = lazySchema(() =>
  import("../../../../domain/api/admin-loans.schema").then((m) => m.loanStatusChangeSchema),
);

/** What the dialog needs of a request: a list line gives no monthly income, the detail does. */
export type StatusDialogLoan = {
  id: number;
  status: LoanStatus;
  amount: number;
  durationMonths: number;
  monthlyIncome?: number | null;
};

/** "2 500 000", "2500000" or "2 500 000,0": what an officer types for an amount or a rate. */
function readNumber(text: string): number {
  const cleaned = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

function livePayment(amount: number, durationMonths: number, rate: number): number | null {
  try {
    return monthlyPayment(amount, durationMonths, rate);
  } catch {
    return null;
  }
}

const percent = lazyFormatter(
  () => new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 1 }),
);

/** The monthly payment against the declared monthly income, flagged above the bank's ceiling. */
export function DebtRatio({ payment, income }: { payment: number; income: number | null }) {
  if (income === null || income <= 0) {
    return (
      <p className="text-sm text-slate-600">Taux d'endettement : revenu mensuel non renseigné.</p>
    );
  }
  const ratio = payment / income;
  const over = ratio > maxDebtToIncomeRatio;
  return (
    <p className={over ? "text-sm font-semibold text-red-700" : "text-sm text-slate-700"}>
      Taux d'endettement : {percent().format(ratio)} du revenu mensuel ({formatFcfa(income)})
      {over ? ` : au-dessus du plafond de ${percent().format(maxDebtToIncomeRatio)}` : ""}
    </p>
  );
}

type LoanStatusDialogProps = {
  loan: StatusDialogLoan;
  to: LoanStatus;
  /** The button that opens it; focus returns to it when the dialog closes. */
  trigger: ReactElement;
  onSuccess: (loan: AdminLoanJson) => void;
  /** The server refused (409, network...): the page shows it; the dialog has closed. */
  onFailure: (error: unknown) => void;
};

/** Confirms a status change; approving also sets the terms, rejecting may give a reason. */
export function LoanStatusDialog({
  loan,
  to,
  trigger,
  onSuccess,
  onFailure,
}: LoanStatusDialogProps) {
  const mutation = useChangeLoanStatus();
  const [amount, setAmount] = useState(String(loan.amount));
  const [rate, setRate] = useState("");
  // Empty until the officer types: the default (LOAN_FEES_PERCENT of the amount) follows the amount.
  const [fees, setFees] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Approving above the four-eyes threshold only proposes: the dialog says so as it is typed.
  const { settings } = useAdminLayoutData();

  const amountValue = readNumber(amount);
  const rateValue = readNumber(rate);
  const payment =
    to === "approved" && rate.trim() !== ""
      ? livePayment(Math.round(amountValue), loan.durationMonths, rateValue)
      : null;
  const threshold = settings?.approvalSecondOfficerAbove;
  const feesDefault =
    settings && Number.isFinite(amountValue)
      ? defaultFees(amountValue, settings.loanFeesPercent)
      : null;
  const feesValue = fees.trim() === "" ? feesDefault : readNumber(fees);
  const proposing =
    to === "approved" &&
    threshold !== undefined &&
    Number.isFinite(amountValue) &&
    Math.round(amountValue) > threshold;

  async function buildChange(): Promise<LoanStatusChangeInput | null> {
    const input =
      to === "approved"
        ? {
            from: loan.status,
            to,
            approvedAmount: amountValue,
            interestRate: rateValue,
            // Left empty without settings: the server applies its own default.
            ...(feesValue !== null ? { feesAmount: feesValue } : {}),
          }
        : to === "rejected"
          ? { from: loan.status, to, rejectionReason: reason }
          : { from: loan.status, to };
    const parsed = await statusChangeSchema.safeParse(input);
    let next: Record<string, string> = {};
    if (!parsed.success) {
      next = firstIssueByField(parsed.error.issues);
    } else if (parsed.data.to === "approved" && parsed.data.approvedAmount > loan.amount) {
      next.approvedAmount = adminLoanMessages.approvedAboveRequested;
    }
    setErrors(next);
    return Object.keys(next).length === 0 ? (input as LoanStatusChangeInput) : null;
  }

  async function send() {
    const change = await buildChange();
    if (!change) return false;
    onSuccess(await mutation.mutateAsync({ id: loan.id, change }));
    return true;
  }

  const label = loanStatusLabels[to];
  return (
    <FormDialog
      trigger={trigger}
      title="Changer le statut"
      description={
        <>
          {adminLoanMessages.statusDialogText} <strong className="text-slate-900">{label}</strong>
        </>
      }
      submitLabel={proposing ? "Proposer l'approbation" : "Confirmer"}
      variant={to === "rejected" ? "danger" : "primary"}
      mutation={mutation}
      onOpen={() => {
        statusChangeSchema.preload();
        setAmount(String(loan.amount));
        // The configuration's default rate (LOAN_DEFAULT_RATE), as the server would apply it.
        setRate(settings ? String(settings.loanDefaultRate).replace(".", ",") : "");
        setFees("");
        setReason("");
        setErrors({});
      }}
      send={send}
      onRefused={(refusal) => setErrors(refusal.fields ?? { form: refusal.message })}
      onFailure={onFailure}
      className="space-y-4"
    >
      <p className="text-sm text-slate-700" aria-live="polite">
        {proposing && threshold !== undefined
          ? approvalMessages.needsSecondOfficer(threshold)
          : adminLoanMessages.statusDialogNotice}
      </p>
      {to === "approved" ? (
        <>
          <TextField
            label="Montant approuvé (FCFA)"
            inputMode="numeric"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setErrors(({ approvedAmount: _, ...rest }) => rest);
            }}
            error={errors.approvedAmount}
            hint={`Demandé : ${formatFcfa(loan.amount)}`}
            required
          />
          <TextField
            label={`Taux d'intérêt annuel (%, au plus ${usuryCeilingPercent})`}
            inputMode="decimal"
            value={rate}
            onChange={(event) => {
              setRate(event.target.value);
              setErrors(({ interestRate: _, ...rest }) => rest);
            }}
            error={errors.interestRate}
            required
          />
          <TextField
            label="Frais de dossier (FCFA)"
            inputMode="numeric"
            value={fees}
            placeholder={feesDefault !== null ? String(feesDefault) : undefined}
            onChange={(event) => {
              setFees(event.target.value);
              setErrors(({ feesAmount: _, ...rest }) => rest);
            }}
            error={errors.feesAmount}
            hint={
              settings
                ? `Par défaut : ${formatRate(settings.loanFeesPercent)} du montant approuvé${
                    feesDefault !== null ? `, soit ${formatFcfa(feesDefault)}` : ""
                  }.`
                : undefined
            }
          />
          <div className="rounded-lg bg-slate-50 px-4 py-3" aria-live="polite">
            {payment !== null ? (
              <>
                {feesValue !== null && Number.isFinite(feesValue) ? (
                  <p className="text-sm text-slate-700">
                    Frais de dossier :{" "}
                    <strong className="text-slate-900">{formatFcfa(feesValue)}</strong>
                  </p>
                ) : null}
                <p className="text-sm text-slate-700">
                  Mensualité sur {loan.durationMonths} mois :{" "}
                  <strong className="text-slate-900">{formatFcfa(payment)}</strong>
                </p>
                {loan.monthlyIncome !== undefined ? (
                  <DebtRatio payment={payment} income={loan.monthlyIncome} />
                ) : null}
              </>
            ) : (
              <p className="text-sm text-slate-600">
                La mensualité s'affiche dès que le montant et le taux sont valides.
              </p>
            )}
          </div>
        </>
      ) : null}
      {to === "rejected" ? (
        <TextareaField
          label="Motif du rejet (facultatif)"
          hint="Il sera communiqué au client."
          value={reason}
          maxLength={maxRejectionReasonLength}
          onChange={(event) => setReason(event.target.value)}
          error={errors.rejectionReason}
        />
      ) : null}
      {errors.from || errors.to || errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.from ?? errors.to ?? errors.form}
        </p>
      ) : null}
    </FormDialog>
  );
}
