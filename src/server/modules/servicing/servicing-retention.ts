import { inArray, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  contracts,
  disbursements,
  installments,
  paymentAllocations,
  payments,
  remindersSent,
} from "../../db/schema";

/**
 * Removes the servicing rows of `loans` (a closed account's requests past RETENTION_YEARS,
 * data-rights/retention.ts), in the caller's transaction, children before parents. Payments are
 * otherwise never deleted: only the retention of a whole credit file removes them. Statement
 * imports stay (they are the firm's, not the client's); the payments' link to them goes with
 * the payments.
 */
export async function removeServicing(tx: Db, loans: SQLWrapper): Promise<void> {
  const loanInstallments = tx
    .select({ id: installments.id })
    .from(installments)
    .where(inArray(installments.loanId, loans));
  const loanPayments = tx
    .select({ id: payments.id })
    .from(payments)
    .where(inArray(payments.loanId, loans));
  await tx.delete(remindersSent).where(inArray(remindersSent.installmentId, loanInstallments));
  await tx.delete(paymentAllocations).where(inArray(paymentAllocations.paymentId, loanPayments));
  await tx.delete(payments).where(inArray(payments.loanId, loans));
  await tx.delete(installments).where(inArray(installments.loanId, loans));
  await tx.delete(disbursements).where(inArray(disbursements.loanId, loans));
  await tx.delete(contracts).where(inArray(contracts.loanId, loans));
}
