import { eq } from "drizzle-orm";
import type { LoanStatus } from "../../domain/loan-status";
import { loanActivities, loanRequests, user } from "../db/schema";
import { createLoan as createLoanThroughRoutes } from "./fixtures";
import { sendThrough, type TestApp, type TestClient } from "./test-app";

// Data for the officers' API tests, made through the real routes (a client's request with its
// three documents) and, where the officers' routes are not what is under test, straight in the
// database (profile fields, dates in past months, status changes with their activity).

/** A loan request as the wizard sends it, with its three uploaded documents; returns its id. */
export async function createLoan(
  t: TestApp,
  client: TestClient,
  overrides: { amount?: number; purpose?: string; loanType?: string; office?: string } = {},
): Promise<number> {
  const loan = await createLoanThroughRoutes(sendThrough(t.app), client.cookie, {
    loanType: "business",
    amount: 1_000_000,
    purpose: "Stock de la boutique",
    monthlyIncome: 300_000,
    ...overrides,
  });
  return loan.id;
}

/** Sets profile fields the registration form does not ask for (phone, city, names...). */
export async function setProfile(
  t: TestApp,
  userId: string,
  fields: Partial<{
    firstName: string;
    lastName: string;
    phone: string | null;
    city: string | null;
    address: string | null;
    country: string | null;
    createdAt: Date;
  }>,
) {
  await t.database.db.update(user).set(fields).where(eq(user.id, userId));
}

/** Moves a request's creation (and the activities of its creation) to another date. */
export async function setCreatedAt(t: TestApp, loanId: number, createdAt: Date) {
  await t.database.db.update(loanRequests).set({ createdAt }).where(eq(loanRequests.id, loanId));
  await t.database.db
    .update(loanActivities)
    .set({ createdAt })
    .where(eq(loanActivities.loanId, loanId));
}

/**
 * A status change as an officer makes it: the request's new status (and approved amount) and its
 * status_change activity at `at`.
 */
export async function changeStatus(
  t: TestApp,
  {
    loanId,
    from,
    to,
    by,
    at = new Date(),
    approvedAmount,
  }: {
    loanId: number;
    from: LoanStatus;
    to: LoanStatus;
    by: string;
    at?: Date;
    approvedAmount?: number;
  },
) {
  await t.database.db
    .update(loanRequests)
    .set({
      status: to,
      // As changeLoanStatus: a decision records its time (the 48 h promise's median reads it).
      ...(to === "approved" || to === "rejected" ? { decidedAt: at } : {}),
      ...(approvedAmount === undefined ? {} : { approvedAmount }),
    })
    .where(eq(loanRequests.id, loanId));
  await t.database.db.insert(loanActivities).values({
    loanId,
    type: "status_change",
    oldValue: from,
    newValue: to,
    createdBy: by,
    createdAt: at,
  });
}
