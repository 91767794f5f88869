import type { AdminLoanAccountJson, AdminPaymentJson } from "../../../../domain/api/servicing";
import type { LoanStatus } from "../../../../domain/loan-status";

// Which of the officers' servicing actions the page offers: the same conditions the server checks
// (modules/servicing: contract.service.ts, ledger.service.ts), so that a button is shown only when
// its POST would be taken. The server refuses the rest anyway (409, 403); these keep the page from
// offering what it would refuse.

/** The part of the account the rules read. */
export type AccountState = Pick<
  AdminLoanAccountJson,
  "stage" | "contract" | "contractHistory" | "disbursement" | "remainingBalance"
>;

/** The request has a servicing to show: a stage, or at least one contract made. */
export function hasServicing(account: AccountState | null): account is AccountState {
  return account !== null && (account.stage !== null || account.contractHistory.length > 0);
}

/**
 * 'Retirer le contrat': a live contract not signed yet (prepared or sent; an expired one reads as
 * expired and is prepared again instead). 'Préparer un nouveau contrat': the request approved and
 * no live contract (none made, withdrawn, expired), as prepareContract requires.
 */
export function contractActions(
  status: LoanStatus,
  account: AccountState | null,
): { withdraw: boolean; prepare: boolean } {
  const state = account?.contract?.state;
  const live = state === "prepared" || state === "sent" || state === "signed";
  return {
    withdraw: state === "prepared" || state === "sent",
    prepare: status === "approved" && !live,
  };
}

/**
 * Where the disbursement stands for the officer looking: to record (signed, none recorded),
 * to confirm by another officer, the recorder's own (who cannot confirm it), or done.
 */
export type DisbursementStep = "wait_signature" | "record" | "confirm" | "own" | "done";

export function disbursementStep(
  account: AccountState,
  officerId: string | undefined,
): DisbursementStep {
  const { disbursement } = account;
  if (disbursement?.status === "confirmed") return "done";
  if (disbursement?.status === "proposed") {
    return disbursement.recordedBy.id === officerId ? "own" : "confirm";
  }
  return account.stage === "to_disburse" ? "record" : "wait_signature";
}

/** A payment is taken once the schedule runs and something is left to repay. */
export function canRecordPayment(account: AccountState): boolean {
  return account.stage === "repaying" && account.remainingBalance > 0;
}

/** A payment is reversed once: a reversed one stays listed, with its reason. */
export function canReverse(payment: Pick<AdminPaymentJson, "reversedAt">): boolean {
  return payment.reversedAt === null;
}

/**
 * 'Marquer comme remboursé' by hand is for an approved request whose repayments the platform does
 * not follow (approved before the servicing, no contract ever made). Once a contract exists the
 * ledger decides: the request becomes 'Soldé' (status completed) when the payments cover the
 * balance, and a later payment or reversal would undo a hand-made completion.
 */
export function offersManualCompletion(status: LoanStatus, account: AccountState | null): boolean {
  return status === "approved" && !hasServicing(account);
}

/** The fees by default: LOAN_FEES_PERCENT of the approved amount, rounded as the server does. */
export function defaultFees(amount: number, feesPercent: number): number | null {
  if (!Number.isFinite(amount) || amount <= 0 || !Number.isFinite(feesPercent)) return null;
  return Math.round((Math.round(amount) * feesPercent) / 100);
}

/** "300 000", "300000" or "300 000,0" as typed; NaN when it is not a number. */
export function readTypedNumber(text: string): number {
  const cleaned = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

/** A disbursement below the approved amount needs a reason (the server's reasonRequired). */
export function needsReason(typedAmount: string, approvedAmount: number): boolean {
  const amount = readTypedNumber(typedAmount);
  return Number.isFinite(amount) && amount > 0 && amount < approvedAmount;
}
