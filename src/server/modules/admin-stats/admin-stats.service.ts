import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  type AdminMonthlyStatsJson,
  type AdminStatsJson,
  dashboardLatestSize,
  monthKeys,
} from "../../../domain/api/admin-stats";
import { firmTimeZone } from "../../../domain/format-date";
import { type LoanStatus, loanStatuses } from "../../../domain/loan-status";
import type { Db } from "../../db/client";
import { loanActivities, loanRequests, user } from "../../db/schema";
import { latestClients } from "../admin-clients/admin-clients.service";
import {
  adminLoanSummaryColumns,
  assigneeUser,
  clientUser,
  toAdminLoanSummaryJson,
} from "../admin-loans/admin-loan-json";

/**
 * Granted requests: approved, and completed as well. A completed request is one that was approved
 * and then fully repaid; leaving it out would make the firm's granted total shrink as clients
 * repay.
 */
const grantedStatuses: LoanStatus[] = ["approved", "completed"];
const granted = inArray(loanRequests.status, grantedStatuses);

/** What was granted: the approved amount, or the requested one where the officer set none. */
const grantedAmount = sql`coalesce(${loanRequests.approvedAmount}, ${loanRequests.amount})`;

/** The four cards, the latest requests and the latest clients of /admin. */
export async function getDashboardStats({ db }: { db: Db }): Promise<AdminStatsJson> {
  const [[loanTotals], [clientTotals], loanRows, clients] = await Promise.all([
    db
      .select({
        totalLoans: count(),
        pendingLoans: sql<string>`count(*) filter (where ${loanRequests.status} = 'pending')`,
        approvedLoans: sql<string>`count(*) filter (where ${granted})`,
        approvedAmount: sql<string>`coalesce(sum(${grantedAmount}) filter (where ${granted}), 0)`,
      })
      .from(loanRequests),
    db.select({ clients: count() }).from(user).where(eq(user.role, "client")),
    db
      .select(adminLoanSummaryColumns)
      .from(loanRequests)
      .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
      .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
      .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
      .limit(dashboardLatestSize),
    latestClients({ db, limit: dashboardLatestSize }),
  ]);
  return {
    cards: {
      totalLoans: Number(loanTotals?.totalLoans ?? 0),
      clients: Number(clientTotals?.clients ?? 0),
      pendingLoans: Number(loanTotals?.pendingLoans ?? 0),
      approvedLoans: Number(loanTotals?.approvedLoans ?? 0),
      approvedAmount: Number(loanTotals?.approvedAmount ?? 0),
    },
    latestLoans: loanRows.map((row) => toAdminLoanSummaryJson(row)),
    latestClients: clients,
  };
}

/**
 * The dashboard's charts: over the 12 months ending with the one `now` falls in, the requests
 * created each month by their current status, and the amount approved each month. A request
 * counts in the month it was approved (its status_change activity to approved), not the month it
 * was made, and stays counted there once completed.
 */
export async function getMonthlyStats({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<AdminMonthlyStatsJson> {
  const months = monthKeys(now);
  const [firstMonth = ""] = months;
  // Africa/Abidjan is UTC+0 all year: the first month starts at UTC midnight.
  const since = new Date(`${firstMonth}-01T00:00:00Z`);
  const monthOf = (column: unknown) =>
    sql<string>`to_char(${column} at time zone ${firmTimeZone}, 'YYYY-MM')`;

  const approvals = db
    .select({
      loanId: loanActivities.loanId,
      approvedAt: sql<Date>`min(${loanActivities.createdAt})`.as("approved_at"),
    })
    .from(loanActivities)
    .where(
      and(
        eq(loanActivities.type, "status_change"),
        eq(loanActivities.newValue, "approved"),
        gte(loanActivities.createdAt, since),
      ),
    )
    .groupBy(loanActivities.loanId)
    .as("approvals");

  const [createdRows, approvedRows] = await Promise.all([
    db
      .select({
        month: monthOf(loanRequests.createdAt),
        status: loanRequests.status,
        total: count(),
      })
      .from(loanRequests)
      .where(gte(loanRequests.createdAt, since))
      .groupBy(sql`1`, loanRequests.status),
    db
      .select({
        month: monthOf(approvals.approvedAt),
        amount: sql<string>`sum(${grantedAmount})`,
      })
      .from(approvals)
      .innerJoin(loanRequests, eq(loanRequests.id, approvals.loanId))
      .groupBy(sql`1`),
  ]);

  const byMonth = new Map(
    months.map((month) => [
      month,
      {
        month,
        loansByStatus: Object.fromEntries(loanStatuses.map((status) => [status, 0])) as Record<
          LoanStatus,
          number
        >,
        approvedAmount: 0,
      },
    ]),
  );
  for (const row of createdRows) {
    const entry = byMonth.get(row.month);
    if (entry) entry.loansByStatus[row.status] += Number(row.total);
  }
  for (const row of approvedRows) {
    const entry = byMonth.get(row.month);
    if (entry) entry.approvedAmount += Number(row.amount);
  }
  return { months: [...byMonth.values()] };
}
