import { and, asc, eq, sql } from "drizzle-orm";
import { type PaymentChannel, servicingMessages } from "../../../domain/api/servicing";
import type { PaymentValues } from "../../../domain/api/servicing.schema";
import { formatFcfa } from "../../../domain/format-fcfa";
import { datedSchedule } from "../../../domain/loan-schedule";
import {
  allocatePayment,
  type InstallmentLedger,
  installmentRemaining,
  loanRemaining,
  principalRemaining,
  reverseAllocations,
} from "../../../domain/repayment-allocation";
import type { Db } from "../../db/client";
import {
  contracts,
  disbursements,
  installments,
  loanActivities,
  loanRequests,
  paymentAllocations,
  payments,
} from "../../db/schema";
import { AppError, conflict, forbidden, notFound } from "../../http/app-error";
import { notifyClient } from "../../notices/notify-client";
import { needsSecondOfficer } from "../admin-loans/approval.service";
import { disbursedMail, repaidMail } from "./servicing.mail";
import { lockServicingLoan, type ServicingLoan } from "./servicing-store";

// The money (issue 28): the disbursement (four-eyes above the approvals' threshold), the
// schedule it starts, the payments and their allocation, the reversals. Each step locks the
// request's row first: two officers recording at once are serialised, the second sees the first's
// work (the same reference: the 409 of a reference taken). A payment's row, its allocations and
// the instalments' sums are one transaction: a crash leaves all or none.

const fieldError = (field: string, message: string) =>
  new AppError("validation_error", 400, message, { [field]: message });

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The instalments of a loan as the ledger knows them, oldest first, with their ids. */
export async function loanLedger(tx: Db, loanId: number) {
  const rows = await tx
    .select()
    .from(installments)
    .where(eq(installments.loanId, loanId))
    .orderBy(asc(installments.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    dueDate: row.dueDate,
    principal: Number(row.principal),
    interest: Number(row.interest),
    principalPaid: Number(row.principalPaid),
    interestPaid: Number(row.interestPaid),
  }));
}

type LedgerRow = Awaited<ReturnType<typeof loanLedger>>[number];

/**
 * After a payment, a reversal or the schedule's start: the request's copy of its state (next
 * due date, principal outstanding, stage) and, at zero, 'Soldé' (status completed, the client
 * told); back to 'En remboursement' when a reversal reopens a repaid loan.
 */
async function refreshLoanState(
  tx: Db,
  loan: ServicingLoan,
  officerId: string,
  baseUrl: string,
): Promise<void> {
  const ledger = await loanLedger(tx, loan.id);
  const open = ledger.find((installment) => installmentRemaining(installment) > 0);
  const repaid = ledger.length > 0 && !open;
  await tx
    .update(loanRequests)
    .set({
      nextDueDate: open?.dueDate ?? null,
      principalOutstanding: principalRemaining(ledger),
      servicingStage: repaid ? "repaid" : "repaying",
      status: repaid ? "completed" : "approved",
      updatedAt: sql`now()`,
    })
    .where(eq(loanRequests.id, loan.id));
  const wasRepaid = loan.servicingStage === "repaid";
  if (repaid && !wasRepaid) {
    await tx.insert(loanActivities).values({
      loanId: loan.id,
      type: "status_change",
      oldValue: "approved",
      newValue: "completed",
      comment: "Prêt soldé : tout est remboursé.",
      createdBy: officerId,
    });
    await notifyClient(tx, {
      userId: loan.userId,
      loanId: loan.id,
      baseUrl,
      mail: {
        topic: `loan_repaid:${loan.id}`,
        content: repaidMail({ loanId: loan.id, firstName: loan.clientFirstName, baseUrl }),
      },
      sms: { kind: "repaid" },
    });
  } else if (!repaid && wasRepaid) {
    await tx.insert(loanActivities).values({
      loanId: loan.id,
      type: "status_change",
      oldValue: "completed",
      newValue: "approved",
      comment: "Un paiement annulé rouvre le prêt.",
      createdBy: officerId,
    });
  }
}

/** Starts the schedule of a confirmed disbursement and tells the client. */
async function startSchedule(
  tx: Db,
  loan: ServicingLoan,
  disbursement: { amount: number; disbursedOn: string },
  officerId: string,
  baseUrl: string,
) {
  const [contract] = await tx
    .select({ interestRate: contracts.interestRate })
    .from(contracts)
    .where(and(eq(contracts.loanId, loan.id), eq(contracts.state, "signed")))
    .limit(1);
  const schedule = datedSchedule({
    amount: disbursement.amount,
    durationMonths: loan.durationMonths,
    annualRatePercent: Number(contract?.interestRate ?? loan.interestRate ?? 0),
    startDate: disbursement.disbursedOn,
  });
  await tx.insert(installments).values(
    schedule.map((installment) => ({
      loanId: loan.id,
      number: installment.number,
      dueDate: installment.dueDate,
      principal: installment.principal,
      interest: installment.interest,
    })),
  );
  await refreshLoanState(tx, { ...loan, servicingStage: "to_disburse" }, officerId, baseUrl);
  const first = schedule[0];
  await notifyClient(tx, {
    userId: loan.userId,
    loanId: loan.id,
    baseUrl,
    mail: {
      topic: `loan_disbursed:${loan.id}`,
      content: disbursedMail({
        loanId: loan.id,
        firstName: loan.clientFirstName,
        baseUrl,
        amount: disbursement.amount,
        firstDueDate: first?.dueDate ?? disbursement.disbursedOn,
        monthlyPayment: first?.amount ?? 0,
      }),
    },
    sms: { kind: "disbursed", amount: disbursement.amount },
  });
}

/**
 * An officer records the disbursement of a signed contract: the approved amount, or less with a
 * reason. Above the four-eyes threshold it waits for a second officer's confirmation; otherwise
 * the schedule starts from its date at once.
 */
export async function recordDisbursement({
  db,
  loanId,
  officerId,
  input,
  secondOfficerAbove,
  baseUrl,
}: {
  db: Db;
  loanId: number;
  officerId: string;
  input: {
    disbursedOn: string;
    channel: PaymentChannel;
    reference: string;
    amount: number;
    reason?: string;
  };
  secondOfficerAbove: number;
  baseUrl: string;
}): Promise<"confirmed" | "proposed"> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loan = await lockServicingLoan(tx, loanId);
    if (loan.servicingStage === "repaying" || loan.servicingStage === "repaid") {
      throw conflict("already_disbursed", servicingMessages.alreadyDisbursed);
    }
    if (loan.servicingStage !== "to_disburse") {
      throw conflict("not_signed", servicingMessages.notSigned);
    }
    const [existing] = await tx
      .select({ id: disbursements.id })
      .from(disbursements)
      .where(and(eq(disbursements.loanId, loanId), sql`${disbursements.status} <> 'cancelled'`))
      .limit(1);
    if (existing) throw conflict("already_disbursed", servicingMessages.alreadyDisbursed);
    const approved = Number(loan.approvedAmount ?? 0);
    if (input.amount > approved) {
      throw fieldError("amount", servicingMessages.amountAboveApproved);
    }
    if (input.amount < approved && !input.reason) {
      throw fieldError("reason", servicingMessages.reasonRequired);
    }
    const [signed] = await tx
      .select({ signedAt: contracts.signedAt })
      .from(contracts)
      .where(and(eq(contracts.loanId, loanId), eq(contracts.state, "signed")))
      .limit(1);
    if (signed?.signedAt && input.disbursedOn < signed.signedAt.toISOString().slice(0, 10)) {
      throw fieldError(
        "disbursedOn",
        "La date de décaissement ne peut pas précéder la signature du contrat",
      );
    }
    const twoOfficers = needsSecondOfficer(input.amount, secondOfficerAbove);
    await tx.insert(disbursements).values({
      loanId,
      status: twoOfficers ? "proposed" : "confirmed",
      disbursedOn: input.disbursedOn,
      channel: input.channel,
      reference: input.reference,
      amount: input.amount,
      reason: input.reason ?? null,
      needsSecondOfficer: twoOfficers,
      recordedBy: officerId,
      confirmedBy: twoOfficers ? null : officerId,
      confirmedAt: twoOfficers ? null : sql`now()`,
    });
    await tx.insert(loanActivities).values({
      loanId,
      type: twoOfficers ? "disbursement_proposed" : "disbursement",
      newValue: String(input.amount),
      comment: `${formatFcfa(input.amount)} le ${input.disbursedOn}, réf. ${input.reference}${
        input.reason ? ` (${input.reason})` : ""
      }`,
      createdBy: officerId,
    });
    if (twoOfficers) return "proposed";
    await startSchedule(tx, loan, input, officerId, baseUrl);
    return "confirmed";
  });
}

/** A second officer confirms a disbursement recorded above the threshold. */
export async function confirmDisbursement({
  db,
  loanId,
  officerId,
  disbursementId,
  baseUrl,
}: {
  db: Db;
  loanId: number;
  officerId: string;
  disbursementId: number;
  baseUrl: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loan = await lockServicingLoan(tx, loanId);
    const [proposed] = await tx
      .select()
      .from(disbursements)
      .where(and(eq(disbursements.loanId, loanId), eq(disbursements.status, "proposed")))
      .limit(1);
    if (!proposed || proposed.id !== disbursementId) {
      throw conflict("no_proposed_disbursement", servicingMessages.noProposedDisbursement);
    }
    if (proposed.recordedBy === officerId) throw forbidden(servicingMessages.ownDisbursement);
    await tx
      .update(disbursements)
      .set({ status: "confirmed", confirmedBy: officerId, confirmedAt: sql`now()` })
      .where(eq(disbursements.id, proposed.id));
    await tx.insert(loanActivities).values({
      loanId,
      type: "disbursement",
      newValue: String(proposed.amount),
      comment: `Décaissement de ${formatFcfa(Number(proposed.amount))} confirmé par un second administrateur.`,
      createdBy: officerId,
    });
    await startSchedule(
      tx,
      loan,
      { amount: Number(proposed.amount), disbursedOn: proposed.disbursedOn },
      officerId,
      baseUrl,
    );
  });
}

async function disbursedOn(tx: Db, loanId: number): Promise<string | null> {
  const [row] = await tx
    .select({ disbursedOn: disbursements.disbursedOn })
    .from(disbursements)
    .where(and(eq(disbursements.loanId, loanId), eq(disbursements.status, "confirmed")))
    .limit(1);
  return row?.disbursedOn ?? null;
}

async function allocateInto(
  tx: Db,
  ledger: LedgerRow[],
  paymentId: number,
  allocations: ReturnType<typeof allocatePayment>,
  kind: "payment" | "reversal",
) {
  const byNumber = new Map(ledger.map((row) => [row.number, row]));
  for (const allocation of allocations) {
    const installment = byNumber.get(allocation.installmentNumber);
    if (!installment) continue;
    await tx.insert(paymentAllocations).values({
      paymentId,
      installmentId: installment.id,
      kind,
      principal: allocation.principal,
      interest: allocation.interest,
    });
    await tx
      .update(installments)
      .set({
        principalPaid: sql`${installments.principalPaid} + ${allocation.principal}`,
        interestPaid: sql`${installments.interestPaid} + ${allocation.interest}`,
      })
      .where(eq(installments.id, installment.id));
  }
}

/**
 * Records a payment in one transaction with its allocations. Refused (French 400 naming the
 * field) before the disbursement or beyond the balance; the same reference twice is a 409.
 */
export async function recordPayment({
  db,
  loanId,
  officerId,
  input,
  importId = null,
  baseUrl,
}: {
  db: Db;
  loanId: number;
  officerId: string;
  input: PaymentValues;
  importId?: number | null;
  baseUrl: string;
}): Promise<number> {
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const loan = await lockServicingLoan(tx, loanId);
      if (loan.servicingStage !== "repaying" && loan.servicingStage !== "repaid") {
        throw conflict("not_disbursed", servicingMessages.notDisbursed);
      }
      const [taken] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.channel, input.channel), eq(payments.reference, input.reference)))
        .limit(1);
      if (taken) throw referenceTaken();
      const start = await disbursedOn(tx, loanId);
      if (start && input.paidOn < start) {
        throw fieldError("paidOn", "La date de paiement ne peut pas précéder le décaissement");
      }
      const ledger = await loanLedger(tx, loanId);
      const balance = loanRemaining(ledger as InstallmentLedger[]);
      if (input.amount > balance) {
        throw fieldError("amount", servicingMessages.amountAboveBalance(formatFcfa(balance)));
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          loanId,
          paidOn: input.paidOn,
          amount: input.amount,
          channel: input.channel,
          reference: input.reference,
          recordedBy: officerId,
          importId,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error("payment insert returned no row");
      await allocateInto(
        tx,
        ledger,
        payment.id,
        allocatePayment(ledger, input.amount, input.paidOn),
        "payment",
      );
      await tx.insert(loanActivities).values({
        loanId,
        type: "payment",
        newValue: String(input.amount),
        comment: `${formatFcfa(input.amount)} reçu le ${input.paidOn}, réf. ${input.reference}`,
        createdBy: officerId,
      });
      await refreshLoanState(tx, loan, officerId, baseUrl);
      return payment.id;
    });
  } catch (error) {
    // Two officers recording the same payment on two requests at once: the index decides.
    if (isUniqueViolation(error)) throw referenceTaken();
    throw error;
  }
}

function referenceTaken() {
  return conflict("payment_reference_taken", servicingMessages.referenceTaken, {
    reference: servicingMessages.referenceTaken,
  });
}

/** Reverses a payment with a reason: the opposite allocations; the payment row stays. */
export async function reversePayment({
  db,
  loanId,
  paymentId,
  officerId,
  reason,
  baseUrl,
}: {
  db: Db;
  loanId: number;
  paymentId: number;
  officerId: string;
  reason: string;
  baseUrl: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loan = await lockServicingLoan(tx, loanId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.loanId, loanId)));
    if (!payment) throw notFound(servicingMessages.paymentNotFound);
    if (payment.reversedAt) throw conflict("already_reversed", servicingMessages.alreadyReversed);
    const given = await tx
      .select({
        installmentId: paymentAllocations.installmentId,
        principal: sql<string>`sum(${paymentAllocations.principal})`,
        interest: sql<string>`sum(${paymentAllocations.interest})`,
      })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.paymentId, paymentId))
      .groupBy(paymentAllocations.installmentId);
    const ledger = await loanLedger(tx, loanId);
    const numberOf = new Map(ledger.map((row) => [row.id, row.number]));
    const allocations = given.map((row) => ({
      installmentNumber: numberOf.get(row.installmentId) ?? 0,
      principal: Number(row.principal),
      interest: Number(row.interest),
    }));
    await allocateInto(tx, ledger, paymentId, reverseAllocations(allocations), "reversal");
    await tx
      .update(payments)
      .set({ reversedAt: sql`now()`, reversedBy: officerId, reversalReason: reason })
      .where(eq(payments.id, paymentId));
    await tx.insert(loanActivities).values({
      loanId,
      type: "payment_reversed",
      oldValue: String(payment.amount),
      comment: `Paiement réf. ${payment.reference} annulé : ${reason}`,
      createdBy: officerId,
    });
    await refreshLoanState(tx, loan, officerId, baseUrl);
  });
}
