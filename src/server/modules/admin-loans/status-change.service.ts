import { and, eq, isNull, sql } from "drizzle-orm";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import type { LoanStatusChange } from "../../../domain/api/admin-loans.schema";
import { dossierMessages } from "../../../domain/api/dossier";
import { monthlyPayment } from "../../../domain/loan-simulator";
import { canTransition, type LoanStatus } from "../../../domain/loan-status";
import type { Db } from "../../db/client";
import { infoRequests, loanActivities, loanRequests } from "../../db/schema";
import { AppError, conflict } from "../../http/app-error";
import { notifyClient } from "../../notices/notify-client";
import { loanStatusMail } from "./admin-loans.mail";
import {
  lockLoanForDecision,
  needsSecondOfficer,
  proposeApproval,
  refuseWhileProposalPending,
} from "./approval.service";

/**
 * An officer's status change, in one transaction: the update, conditional on the status the
 * officer saw (a second officer acting at once gets a conflict, not a silent overwrite), the
 * history row, and the client's e-mail in the outbox (sent after the commit by the caller's
 * dispatch; retried until delivered). An approval above `approvalSecondOfficerAbove` is a
 * four-eyes proposal instead (approval.service.ts); while one waits, every change is refused.
 */
export async function changeLoanStatus({
  db,
  officerId,
  loanId,
  change,
  baseUrl,
  approvalSecondOfficerAbove,
  loanDefaults = { rate: 12, feesPercent: 0 },
}: {
  db: Db;
  officerId: string;
  loanId: number;
  change: LoanStatusChange;
  baseUrl: string;
  approvalSecondOfficerAbove: number;
  /** LOAN_DEFAULT_RATE and LOAN_FEES_PERCENT: what an approval without them takes (issue 28). */
  loanDefaults?: { rate: number; feesPercent: number };
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Amount, duration and client never change after submission: safe to read before the update.
    // The row is locked: a four-eyes proposal of the same request waits for this change, or
    // this change for it (then refused below).
    const loan = await lockLoanForDecision(tx, loanId);
    // Leaving 'Complément demandé' for 'En cours' is the client's move (sending the complements).
    if (change.from === "info_requested" && change.to === "in_review") {
      throw conflict("complement_awaited", dossierMessages.complementAwaited);
    }
    await refuseWhileProposalPending(tx, loanId);
    if (!canTransition(change.from, change.to)) {
      throw conflict(
        "transition_refused",
        adminLoanMessages.transitionRefused(change.from, change.to),
      );
    }

    let decision: {
      approvedAmount?: number;
      interestRate?: number;
      monthlyPayment?: number;
      feesAmount?: number;
      rejectionReason?: string | null;
    } = {};
    if (change.to === "approved") {
      if (change.approvedAmount > Number(loan.amount)) {
        throw new AppError("validation_error", 400, adminLoanMessages.approvedAboveRequested, {
          approvedAmount: adminLoanMessages.approvedAboveRequested,
        });
      }
      const interestRate = change.interestRate ?? loanDefaults.rate;
      const terms = {
        approvedAmount: change.approvedAmount,
        interestRate,
        monthlyPayment: monthlyPayment(change.approvedAmount, loan.durationMonths, interestRate),
        feesAmount:
          change.feesAmount ?? Math.round((change.approvedAmount * loanDefaults.feesPercent) / 100),
      };
      if (needsSecondOfficer(terms.approvedAmount, approvalSecondOfficerAbove)) {
        await proposeApproval(tx, {
          loanId,
          officerId,
          seenStatus: change.from,
          currentStatus: loan.status,
          durationMonths: loan.durationMonths,
          terms,
        });
        return;
      }
      decision = terms;
    } else if (change.to === "rejected") {
      decision = { rejectionReason: change.rejectionReason ?? null };
    }

    const updated = await tx
      .update(loanRequests)
      .set({
        status: change.to,
        updatedAt: sql`now()`,
        // The 48 h promise measures submission to decision (decision-promise.ts).
        ...(change.to === "approved" || change.to === "rejected" ? { decidedAt: sql`now()` } : {}),
        ...(decision.approvedAmount !== undefined
          ? {
              approvedAmount: decision.approvedAmount,
              interestRate: String(decision.interestRate),
              monthlyPayment: decision.monthlyPayment,
              feesAmount: decision.feesAmount,
            }
          : {}),
        ...(decision.rejectionReason !== undefined
          ? { rejectionReason: decision.rejectionReason }
          : {}),
      })
      .where(and(eq(loanRequests.id, loanId), eq(loanRequests.status, change.from)))
      .returning({ id: loanRequests.id });
    if (updated.length === 0) throw conflict("conflict", adminLoanMessages.conflict);

    if (change.from === "info_requested") {
      // Rejected while waiting for complements: the request for them stops waiting too (the
      // client can no longer send them; the officers' card says it was closed, not answered).
      await tx
        .update(infoRequests)
        .set({ closedAt: sql`now()` })
        .where(
          and(
            eq(infoRequests.loanId, loanId),
            isNull(infoRequests.answeredAt),
            isNull(infoRequests.closedAt),
          ),
        );
    }
    await tx.insert(loanActivities).values({
      loanId,
      type: "status_change",
      oldValue: change.from,
      newValue: change.to,
      comment: decision.rejectionReason ?? null,
      createdBy: officerId,
    });
    const status = change.to as Exclude<LoanStatus, "pending">;
    await notifyClient(tx, {
      userId: loan.clientId,
      loanId,
      baseUrl,
      mail: {
        topic: `loan_status:${loanId}:${change.to}`,
        content: loanStatusMail({
          loanId,
          loanType: loan.loanType,
          firstName: loan.clientFirstName,
          status,
          durationMonths: loan.durationMonths,
          ...decision,
          baseUrl,
        }),
      },
      // A repaid loan ('completed') is told by e-mail only: nothing the client waits for.
      ...(status === "completed"
        ? {}
        : { sms: { kind: status, approvedAmount: decision.approvedAmount ?? null } }),
    });
  });
}
