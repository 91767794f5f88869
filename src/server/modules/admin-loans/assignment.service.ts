import { and, eq, sql } from "drizzle-orm";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import type { Db } from "../../db/client";
import { loanActivities, loanRequests, user } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";

/** Assigns the request to an officer (an admin) or removes the assignment (`null`). */
export async function assignLoan({
  db,
  officerId,
  loanId,
  assigneeId,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  assigneeId: string | null;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked: two officers assigning at once both see the assignee they replace in the history.
    const [loan] = await tx
      .select({ assignedTo: loanRequests.assignedTo })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId))
      .for("update");
    if (!loan) throw notFound(adminLoanMessages.notFound);
    if (assigneeId !== null) {
      const [assignee] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, assigneeId), eq(user.role, "admin")))
        .limit(1);
      if (!assignee) {
        throw new AppError("validation_error", 400, adminLoanMessages.assigneeNotAdmin, {
          assigneeId: adminLoanMessages.assigneeNotAdmin,
        });
      }
    }
    if (loan.assignedTo === assigneeId) return;
    await tx
      .update(loanRequests)
      .set({ assignedTo: assigneeId, updatedAt: sql`now()` })
      .where(eq(loanRequests.id, loanId));
    await tx.insert(loanActivities).values({
      loanId,
      type: "assignment",
      oldValue: loan.assignedTo,
      newValue: assigneeId,
      createdBy: officerId,
    });
  });
}
