import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OfficeId } from "../../../domain/firm";
import type { LoanStatus } from "../../../domain/loan-status";
import type { LoanType } from "../../../domain/loan-type";
import { loanActivities, loanRequests, user } from "../../db/schema";

// Requests written straight into the database: the officers' routes are what these tests
// exercise, and hundreds of requests through the wizard (three uploads each) would be slow.

export type LoanSeed = {
  status?: LoanStatus;
  loanType?: LoanType;
  amount?: number;
  durationMonths?: number;
  purpose?: string;
  monthlyIncome?: number | null;
  createdAt?: Date;
  assignedTo?: string | null;
  office?: OfficeId;
  decidedAt?: Date | null;
};

export async function insertLoan(app: FastifyInstance, userId: string, seed: LoanSeed = {}) {
  const [row] = await app.deps.db
    .insert(loanRequests)
    .values({
      userId,
      loanType: seed.loanType ?? "personal",
      amount: seed.amount ?? 1_000_000,
      durationMonths: seed.durationMonths ?? 12,
      purpose: seed.purpose ?? "Achat de matériel",
      monthlyIncome: seed.monthlyIncome === undefined ? 400_000 : seed.monthlyIncome,
      status: seed.status ?? "pending",
      assignedTo: seed.assignedTo ?? null,
      office: seed.office ?? "abidjan",
      decidedAt: seed.decidedAt ?? null,
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
    })
    .returning({ id: loanRequests.id });
  if (!row) throw new Error("loan insert returned no row");
  await app.deps.db
    .insert(loanActivities)
    .values({ loanId: row.id, type: "status_change", newValue: "pending", createdBy: userId });
  return row.id;
}

/** Renames a user (user.search_text follows, a generated column; its requests' copy, by trigger). */
export async function renameUser(
  app: FastifyInstance,
  id: string,
  names: { firstName: string; lastName: string; email?: string },
) {
  await app.deps.db.update(user).set(names).where(eq(user.id, id));
}
