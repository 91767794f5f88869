import { and, eq, sql } from "drizzle-orm";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import { approvalMessages } from "../../../domain/api/approval";
import { formatFcfa } from "../../../domain/format-fcfa";
import { formatRate } from "../../../domain/format-rate";
import { canTransition, type LoanStatus } from "../../../domain/loan-status";
import type { Db } from "../../db/client";
import { approvalProposals, loanActivities, loanRequests, user } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../http/app-error";
import { notifyClient } from "../../notices/notify-client";
import { clientUser } from "./admin-loan-json";
import { loanStatusMail } from "./admin-loans.mail";

// Four-eyes approval (issue 8, DESIGN.md "Reconciled rules"): above APPROVAL_SECOND_OFFICER_ABOVE
// an officer's 'Approuver' records a proposal; another administrator confirms it (the request is
// approved, the client told) or sends it back. Every step locks the request's row first, so that
// a proposal, its decision and any other status change of the same request happen one after the
// other, never interleaved: the checks below ("is one pending?") then stay true until the commit.

/** The terms an officer approves: the simulator's arithmetic gave the monthly payment. */
export type ApprovalTerms = {
  approvedAmount: number;
  interestRate: number;
  monthlyPayment: number;
  /** Whole FCFA (issue 28); absent on proposals made before fees existed. */
  feesAmount?: number;
};

/** An approval above the threshold needs a second administrator. Equal is still one officer's. */
export function needsSecondOfficer(approvedAmount: number, threshold: number): boolean {
  return approvedAmount > threshold;
}

/** "Taux annuel : 12,5 % · Mensualité : 712 345 FCFA sur 24 mois": the history's wording. */
export function describeTerms(terms: ApprovalTerms, durationMonths: number): string {
  const fees = terms.feesAmount ? ` · Frais : ${formatFcfa(terms.feesAmount)}` : "";
  return `Taux annuel : ${formatRate(terms.interestRate)} · Mensualité : ${formatFcfa(
    terms.monthlyPayment,
  )} sur ${durationMonths} mois${fees}`;
}

/**
 * The request's row, locked until the transaction ends (FOR UPDATE OF the request alone, not of
 * its client), with what a decision needs to write and to tell the client.
 */
export async function lockLoanForDecision(tx: Db, loanId: number) {
  const [loan] = await tx
    .select({
      status: loanRequests.status,
      amount: loanRequests.amount,
      durationMonths: loanRequests.durationMonths,
      loanType: loanRequests.loanType,
      clientId: clientUser.id,
      clientEmail: clientUser.email,
      clientFirstName: clientUser.firstName,
    })
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .where(eq(loanRequests.id, loanId))
    .for("update", { of: loanRequests });
  if (!loan) throw notFound(adminLoanMessages.notFound);
  return loan;
}

async function pendingRow(tx: Db, loanId: number) {
  const [row] = await tx
    .select()
    .from(approvalProposals)
    .where(and(eq(approvalProposals.loanId, loanId), eq(approvalProposals.status, "pending")))
    .limit(1);
  return row ?? null;
}

/**
 * Inside a status change, after the request's row is locked: while a proposal waits, nothing
 * else moves the request (a second proposal neither), or the proposal would decide a request
 * that is no longer the one it was made on.
 */
export async function refuseWhileProposalPending(tx: Db, loanId: number): Promise<void> {
  if (await pendingRow(tx, loanId)) {
    throw conflict("proposal_pending", approvalMessages.proposalPending);
  }
}

/**
 * Records a proposal instead of approving, inside the status change's transaction (the row is
 * locked by the caller, and checked to be in the status the officer saw): the proposal and its
 * 'approval_proposed' activity. The status does not change and the client is not told.
 */
export async function proposeApproval(
  tx: Db,
  {
    loanId,
    officerId,
    seenStatus,
    currentStatus,
    durationMonths,
    terms,
  }: {
    loanId: number;
    officerId: string;
    seenStatus: LoanStatus;
    currentStatus: LoanStatus;
    durationMonths: number;
    terms: ApprovalTerms;
  },
): Promise<void> {
  if (currentStatus !== seenStatus) throw conflict("conflict", adminLoanMessages.conflict);
  await tx.insert(approvalProposals).values({
    loanId,
    approvedAmount: terms.approvedAmount,
    interestRate: String(terms.interestRate),
    monthlyPayment: terms.monthlyPayment,
    feesAmount: terms.feesAmount ?? null,
    proposedBy: officerId,
  });
  await tx.insert(loanActivities).values({
    loanId,
    type: "approval_proposed",
    newValue: String(terms.approvedAmount),
    comment: describeTerms(terms, durationMonths),
    createdBy: officerId,
  });
  // The officers' lists sort nothing on it, but it says something happened on the request.
  await tx.update(loanRequests).set({ updatedAt: sql`now()` }).where(eq(loanRequests.id, loanId));
}

/**
 * The pending proposal the officer decides on: none (decided meanwhile) or another one (sent
 * back and proposed again since the page was loaded) is a conflict, never a silent decision.
 */
async function proposalToDecide(tx: Db, loanId: number, proposalId: number) {
  const pending = await pendingRow(tx, loanId);
  if (!pending) throw conflict("no_pending_proposal", approvalMessages.noPendingProposal);
  if (pending.id !== proposalId) throw conflict("stale_proposal", approvalMessages.staleProposal);
  return pending;
}

/** pending -> confirmed or returned, conditional on the id and on the status still pending. */
async function decideProposal(
  tx: Db,
  {
    proposalId,
    officerId,
    status,
    comment = null,
  }: {
    proposalId: number;
    officerId: string;
    status: "confirmed" | "returned";
    comment?: string | null;
  },
) {
  const decided = await tx
    .update(approvalProposals)
    .set({ status, decidedBy: officerId, decidedAt: sql`now()`, comment })
    .where(and(eq(approvalProposals.id, proposalId), eq(approvalProposals.status, "pending")))
    .returning({ id: approvalProposals.id });
  if (decided.length === 0) throw conflict("stale_proposal", approvalMessages.staleProposal);
}

function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/**
 * A second administrator confirms: the proposal confirmed, the request approved with the
 * proposal's terms (decided now), the status change in the history by the confirmer, the client's
 * approval e-mail in the outbox. The proposer is refused, whatever the browser sent.
 */
export async function confirmApproval({
  db,
  officerId,
  loanId,
  proposalId,
  baseUrl,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  proposalId: number;
  baseUrl: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loan = await lockLoanForDecision(tx, loanId);
    const proposal = await proposalToDecide(tx, loanId, proposalId);
    if (proposal.proposedBy === officerId) {
      throw forbidden(approvalMessages.ownProposal);
    }
    if (!canTransition(loan.status, "approved")) {
      throw conflict(
        "transition_refused",
        adminLoanMessages.transitionRefused(loan.status, "approved"),
      );
    }
    await decideProposal(tx, { proposalId, officerId, status: "confirmed" });

    const terms: ApprovalTerms = {
      approvedAmount: Number(proposal.approvedAmount),
      interestRate: Number(proposal.interestRate),
      monthlyPayment: Number(proposal.monthlyPayment),
      feesAmount: Number(proposal.feesAmount ?? 0),
    };
    const updated = await tx
      .update(loanRequests)
      .set({
        status: "approved",
        approvedAmount: terms.approvedAmount,
        interestRate: String(terms.interestRate),
        monthlyPayment: terms.monthlyPayment,
        feesAmount: terms.feesAmount ?? 0,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(loanRequests.id, loanId), eq(loanRequests.status, loan.status)))
      .returning({ id: loanRequests.id });
    if (updated.length === 0) throw conflict("conflict", adminLoanMessages.conflict);

    const [proposer] = await tx
      .select({ firstName: user.firstName, lastName: user.lastName })
      .from(user)
      .where(eq(user.id, proposal.proposedBy));
    await tx.insert(loanActivities).values({
      loanId,
      type: "status_change",
      oldValue: loan.status,
      newValue: "approved",
      comment: `Approbation proposée par ${
        proposer ? personName(proposer) : "un administrateur"
      }, confirmée par un second administrateur.`,
      createdBy: officerId,
    });
    await notifyClient(tx, {
      userId: loan.clientId,
      loanId,
      baseUrl,
      mail: {
        topic: `loan_status:${loanId}:approved`,
        content: loanStatusMail({
          loanId,
          loanType: loan.loanType,
          firstName: loan.clientFirstName,
          status: "approved",
          durationMonths: loan.durationMonths,
          ...terms,
          baseUrl,
        }),
      },
      sms: { kind: "approved", approvedAmount: terms.approvedAmount },
    });
  });
}

/**
 * Any administrator (the proposer withdrawing included) sends the proposal back with a comment:
 * the request stays as it was, free for another decision.
 */
export async function returnApproval({
  db,
  officerId,
  loanId,
  proposalId,
  comment,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  proposalId: number;
  comment: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockLoanForDecision(tx, loanId);
    await proposalToDecide(tx, loanId, proposalId);
    await decideProposal(tx, { proposalId, officerId, status: "returned", comment });
    await tx.insert(loanActivities).values({
      loanId,
      type: "approval_returned",
      comment,
      createdBy: officerId,
    });
    await tx.update(loanRequests).set({ updatedAt: sql`now()` }).where(eq(loanRequests.id, loanId));
  });
}
