import { and, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  AdminContractJson,
  AdminLoanAccountJson,
  AdminPaymentJson,
  ContractJson,
  DisbursementJson,
  InstallmentJson,
  LoanAccountJson,
  PaymentAccountJson,
  PaymentJson,
} from "../../../domain/api/servicing";
import {
  contractStateLabels,
  paymentChannelLabels,
  servicingMessages,
  servicingStageLabels,
} from "../../../domain/api/servicing";
import type { PersonJson } from "../../../domain/api/users";
import { formatDate } from "../../../domain/format-date";
import { formatLoanId } from "../../../domain/format-loan-id";
import { firmToday } from "../../../domain/loan-schedule";
import {
  installmentRemaining,
  installmentState,
  nextOpenInstallment,
} from "../../../domain/repayment-allocation";
import type { Db } from "../../db/client";
import {
  type ContractRow,
  contracts,
  disbursements,
  loanRequests,
  type PaymentRow,
  payments,
  user,
} from "../../db/schema";
import { notFound } from "../../http/app-error";
import { loanLedger } from "./ledger.service";

// A request's servicing as the pages read it (domain/api/servicing.ts): the client's view, and
// the officers' with the signature's evidence, every contract and who recorded what.

const person = (row: typeof user.$inferSelect | null | undefined): PersonJson | null =>
  row ? { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email } : null;

function contractJson(row: ContractRow, now: Date): ContractJson {
  // An unsigned contract past its validity reads as expired even before a step writes it.
  const state =
    row.state !== "signed" && row.state !== "withdrawn" && row.expiresAt.getTime() <= now.getTime()
      ? "expired"
      : row.state;
  const live = state === "prepared" || state === "sent";
  return {
    id: row.id,
    state,
    stateLabel:
      state === "signed" && row.signedAt
        ? `Signé le ${formatDate(row.signedAt)}`
        : contractStateLabels[state],
    amount: Number(row.amount),
    durationMonths: row.durationMonths,
    annualRatePercent: Number(row.interestRate),
    feesAmount: Number(row.feesAmount),
    monthlyPayment: Number(row.monthlyPayment),
    preparedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    unsignedDocumentId: row.unsignedDocumentId,
    signedDocumentId: row.signedDocumentId,
    signedAt: row.signedAt?.toISOString() ?? null,
    codeSentAt: live && row.codeExpiresAt ? (row.codeSentAt?.toISOString() ?? null) : null,
    codeExpiresAt:
      live && row.codeExpiresAt && row.codeExpiresAt.getTime() > now.getTime()
        ? row.codeExpiresAt.toISOString()
        : null,
    lockedUntil:
      row.lockedUntil && row.lockedUntil.getTime() > now.getTime()
        ? row.lockedUntil.toISOString()
        : null,
  };
}

function paymentJson(payment: PaymentRow): PaymentJson {
  return {
    id: payment.id,
    paidOn: payment.paidOn,
    amount: Number(payment.amount),
    channel: payment.channel,
    channelLabel: paymentChannelLabels[payment.channel],
    reference: payment.reference,
    createdAt: payment.createdAt.toISOString(),
    reversedAt: payment.reversedAt?.toISOString() ?? null,
    reversalReason: payment.reversalReason,
  };
}

const recorder = alias(user, "recorder");
const confirmer = alias(user, "confirmer");
const reverser = alias(user, "reverser");

async function readAccount(db: Db, loanId: number, now: Date) {
  const [loan] = await db
    .select({
      id: loanRequests.id,
      userId: loanRequests.userId,
      stage: loanRequests.servicingStage,
      principalOutstanding: loanRequests.principalOutstanding,
    })
    .from(loanRequests)
    .where(eq(loanRequests.id, loanId));
  if (!loan) throw notFound(servicingMessages.notFound);
  const [contractRows, disbursementRows, ledger, paymentRows] = await Promise.all([
    db
      .select({ contract: contracts, signer: user })
      .from(contracts)
      .leftJoin(user, eq(user.id, contracts.signerId))
      .where(eq(contracts.loanId, loanId))
      .orderBy(desc(contracts.createdAt), desc(contracts.id)),
    db
      .select({ disbursement: disbursements, recorder, confirmer })
      .from(disbursements)
      .innerJoin(recorder, eq(recorder.id, disbursements.recordedBy))
      .leftJoin(confirmer, eq(confirmer.id, disbursements.confirmedBy))
      .where(
        and(
          eq(disbursements.loanId, loanId),
          inArray(disbursements.status, ["proposed", "confirmed"]),
        ),
      )
      .limit(1),
    loanLedger(db, loanId),
    db
      .select({ payment: payments, recorder, reverser })
      .from(payments)
      .innerJoin(recorder, eq(recorder.id, payments.recordedBy))
      .leftJoin(reverser, eq(reverser.id, payments.reversedBy))
      .where(eq(payments.loanId, loanId))
      .orderBy(desc(payments.paidOn), desc(payments.id)),
  ]);
  const today = firmToday(now);
  const installments: InstallmentJson[] = ledger.map((row) => {
    const state = installmentState(row, today);
    return {
      number: row.number,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      amount: row.principal + row.interest,
      paid: row.principalPaid + row.interestPaid,
      remaining: installmentRemaining(row),
      state: state.code,
      stateLabel: state.label,
      daysLate: state.daysLate,
    };
  });
  const next = nextOpenInstallment(ledger);
  const d = disbursementRows[0];
  const disbursement: DisbursementJson | null = d
    ? {
        id: d.disbursement.id,
        status: d.disbursement.status === "proposed" ? "proposed" : "confirmed",
        disbursedOn: d.disbursement.disbursedOn,
        channel: d.disbursement.channel,
        channelLabel: paymentChannelLabels[d.disbursement.channel],
        reference: d.disbursement.reference,
        amount: Number(d.disbursement.amount),
        reason: d.disbursement.reason,
        recordedBy: person(d.recorder) as PersonJson,
        recordedAt: d.disbursement.createdAt.toISOString(),
        confirmedBy: person(d.confirmer),
        confirmedAt: d.disbursement.confirmedAt?.toISOString() ?? null,
      }
    : null;
  return { loan, contractRows, disbursement, installments, next, paymentRows, ledger };
}

function base(
  read: Awaited<ReturnType<typeof readAccount>>,
  accounts: PaymentAccountJson[],
): Omit<LoanAccountJson, "contract" | "payments"> {
  const { loan, installments, next } = read;
  return {
    loanId: loan.id,
    stage: loan.stage,
    stageLabel: loan.stage ? servicingStageLabels[loan.stage] : null,
    disbursement: read.disbursement,
    installments,
    remainingBalance: installments.reduce((sum, installment) => sum + installment.remaining, 0),
    outstandingPrincipal: Number(loan.principalOutstanding ?? 0),
    nextPayment: next
      ? { number: next.number, dueDate: next.dueDate, amount: installmentRemaining(next) }
      : null,
    paymentInstructions: { accounts, reference: formatLoanId(loan.id) },
    certificateAvailable: loan.stage === "repaid",
  };
}

/** The client's own request's servicing; another's answers as a missing one. */
export async function getClientLoanAccount({
  db,
  userId,
  loanId,
  accounts,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  loanId: number;
  accounts: PaymentAccountJson[];
  now?: Date;
}): Promise<LoanAccountJson> {
  const [own] = await db
    .select({ id: loanRequests.id })
    .from(loanRequests)
    .where(and(eq(loanRequests.id, loanId), eq(loanRequests.userId, userId)));
  if (!own) throw notFound(servicingMessages.notFound);
  const read = await readAccount(db, loanId, now);
  // The client sees the contract in force: the live one, else the latest.
  const current = read.contractRows[0]?.contract;
  return {
    ...base(read, accounts),
    contract: current ? contractJson(current, now) : null,
    payments: read.paymentRows.map(({ payment }) => paymentJson(payment)),
  };
}

function adminContractJson(
  row: { contract: ContractRow; signer: typeof user.$inferSelect | null },
  now: Date,
): AdminContractJson {
  return {
    ...contractJson(row.contract, now),
    unsignedSha256: row.contract.unsignedSha256,
    signedSha256: row.contract.signedSha256,
    signer: person(row.signer),
    signerIp: row.contract.signerIp,
    signerUserAgent: row.contract.signerUserAgent,
    wrongAttempts: row.contract.wrongAttempts,
    withdrawnAt: row.contract.withdrawnAt?.toISOString() ?? null,
    withdrawalReason: row.contract.withdrawalReason,
  };
}

/** A request's servicing as officers see it. */
export async function getAdminLoanAccount({
  db,
  loanId,
  accounts,
  secondOfficerAbove,
  now = new Date(),
}: {
  db: Db;
  loanId: number;
  accounts: PaymentAccountJson[];
  secondOfficerAbove: number;
  now?: Date;
}): Promise<AdminLoanAccountJson> {
  const read = await readAccount(db, loanId, now);
  const history = read.contractRows.map((row) => adminContractJson(row, now));
  const payments: AdminPaymentJson[] = read.paymentRows.map(({ payment, recorder, reverser }) => ({
    ...paymentJson(payment),
    recordedBy: person(recorder) as PersonJson,
    reversedBy: person(reverser),
    importId: payment.importId,
  }));
  return {
    ...base(read, accounts),
    contract: history[0] ?? null,
    contractHistory: history,
    payments,
    secondOfficerAbove,
  };
}
