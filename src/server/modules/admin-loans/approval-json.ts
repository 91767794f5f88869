import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PersonJson } from "../../../domain/api/admin-loans";
import type { ApprovalProposalJson } from "../../../domain/api/approval";
import type { Db } from "../../db/client";
import { approvalProposals, loanRequests, user } from "../../db/schema";

// How the officers read a four-eyes proposal (approval.service.ts writes them). Kept apart from
// the service: admin-loan-json.ts needs the list's column, and the service needs admin-loan-json.

const proposer = alias(user, "proposer_user");
const decider = alias(user, "decider_user");

function toPerson(person: {
  id: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): PersonJson | null {
  if (person.id === null) return null;
  return {
    id: person.id,
    firstName: person.firstName ?? "",
    lastName: person.lastName ?? "",
    email: person.email ?? "",
  };
}

/** The request's pending proposal as the officers see it (null: none waits). */
export async function pendingApprovalProposal(
  db: Db,
  loanId: number,
): Promise<ApprovalProposalJson | null> {
  const [row] = await db
    .select({
      proposal: approvalProposals,
      proposerId: proposer.id,
      proposerFirstName: proposer.firstName,
      proposerLastName: proposer.lastName,
      proposerEmail: proposer.email,
      deciderId: decider.id,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
      deciderEmail: decider.email,
    })
    .from(approvalProposals)
    .innerJoin(proposer, eq(proposer.id, approvalProposals.proposedBy))
    .leftJoin(decider, eq(decider.id, approvalProposals.decidedBy))
    .where(and(eq(approvalProposals.loanId, loanId), eq(approvalProposals.status, "pending")))
    .orderBy(desc(approvalProposals.createdAt))
    .limit(1);
  if (!row) return null;
  const { proposal } = row;
  return {
    id: proposal.id,
    status: proposal.status,
    approvedAmount: Number(proposal.approvedAmount),
    interestRate: Number(proposal.interestRate),
    monthlyPayment: Number(proposal.monthlyPayment),
    proposedBy: toPerson({
      id: row.proposerId,
      firstName: row.proposerFirstName,
      lastName: row.proposerLastName,
      email: row.proposerEmail,
    }) as PersonJson,
    proposedAt: new Date(proposal.createdAt).toISOString(),
    decidedBy: toPerson({
      id: row.deciderId,
      firstName: row.deciderFirstName,
      lastName: row.deciderLastName,
      email: row.deciderEmail,
    }),
    decidedAt: proposal.decidedAt === null ? null : new Date(proposal.decidedAt).toISOString(),
    comment: proposal.comment,
  };
}

/** The list's "Approbation à confirmer" badge: true while a proposal of the request waits. */
export const awaitingConfirmationColumn =
  sql<boolean>`exists (select 1 from ${approvalProposals} where ${approvalProposals.loanId} = ${loanRequests.id} and ${approvalProposals.status} = 'pending')`.mapWith(
    Boolean,
  );
