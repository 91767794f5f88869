import { and, count, countDistinct, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import {
  type AdminMonthlyStatsJson,
  type AdminStatsJson,
  dashboardLatestSize,
  decisionWindowDays,
  monthKeys,
} from "../../../domain/api/admin-stats";
import type { OfficeId } from "../../../domain/firm";
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
import { overdueLoans } from "../admin-loans/admin-loans.list";

/**
 * Granted requests: approved, and completed as well. A completed request is one that was approved
 * and then fully repaid; leaving it out would make the firm's granted total shrink as clients
 * repay.
 */
const grantedStatuses: LoanStatus[] = ["approved", "completed"];
const granted = inArray(loanRequests.status, grantedStatuses);

/** What was granted: the approved amount, or the requested one where the officer set none. */
const grantedAmount = sql`coalesce(${loanRequests.approvedAmount}, ${loanRequests.amount})`;

/** The requests of one office, or none (the whole firm). */
const ofOffice = (office: OfficeId | undefined): SQL | undefined =>
  office ? eq(loanRequests.office, office) : undefined;

/**
 * The firm's clients, or one office's: the clients with at least one request there (a client
 * belongs to no office; his requests do).
 */
function clientCount(db: Db, office: OfficeId | undefined) {
  return office
    ? db
        .select({ clients: countDistinct(loanRequests.userId) })
        .from(loanRequests)
        .where(ofOffice(office))
    : db.select({ clients: count() }).from(user).where(eq(user.role, "client"));
}

/**
 * The 48 h promise as kept: the median of (decided_at - created_at), in hours, over the requests
 * decided in the `decisionWindowDays` before `now` (index loan_requests_decided_at_idx). Null when
 * none was decided.
 */
export async function medianDecisionHours({
  db,
  office,
  now = new Date(),
}: {
  db: Db;
  office?: OfficeId;
  now?: Date;
}): Promise<number | null> {
  const since = new Date(now.getTime() - decisionWindowDays * 24 * 3_600_000);
  const [row] = await db
    .select({
      hours: sql<
        string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${loanRequests.decidedAt} - ${loanRequests.createdAt}) / 3600)`,
    })
    .from(loanRequests)
    .where(
      and(gte(loanRequests.decidedAt, since), lte(loanRequests.decidedAt, now), ofOffice(office)),
    );
  return row?.hours === null || row?.hours === undefined ? null : Number(row.hours);
}

/** The cards, the latest requests and the latest clients of /admin, for one office or all. */
export async function getDashboardStats({
  db,
  office,
  now = new Date(),
}: {
  db: Db;
  office?: OfficeId;
  now?: Date;
}): Promise<AdminStatsJson> {
  const overdue = overdueLoans(now);
  const [[loanTotals], [clientTotals], loanRows, clients, median] = await Promise.all([
    db
      .select({
        totalLoans: count(),
        pendingLoans: sql<string>`count(*) filter (where ${loanRequests.status} = 'pending')`,
        approvedLoans: sql<string>`count(*) filter (where ${granted})`,
        approvedAmount: sql<string>`coalesce(sum(${grantedAmount}) filter (where ${granted}), 0)`,
        overdueLoans: sql<string>`count(*) filter (where ${overdue})`,
      })
      .from(loanRequests)
      .where(ofOffice(office)),
    clientCount(db, office),
    db
      .select(adminLoanSummaryColumns)
      .from(loanRequests)
      .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
      .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
      .where(ofOffice(office))
      .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
      .limit(dashboardLatestSize),
    latestClients({ db, limit: dashboardLatestSize }),
    medianDecisionHours({ db, office, now }),
  ]);
  return {
    cards: {
      totalLoans: Number(loanTotals?.totalLoans ?? 0),
      clients: Number(clientTotals?.clients ?? 0),
      pendingLoans: Number(loanTotals?.pendingLoans ?? 0),
      approvedLoans: Number(loanTotals?.approvedLoans ?? 0),
      approvedAmount: Number(loanTotals?.approvedAmount ?? 0),
      overdueLoans: Number(loanTotals?.overdueLoans ?? 0),
      medianDecisionHours: median,
    },
    latestLoans: loanRows.map((row) => toAdminLoanSummaryJson(row, now)),
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
  office,
  now = new Date(),
}: {
  db: Db;
  office?: OfficeId;
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
      .where(and(gte(loanRequests.createdAt, since), ofOffice(office)))
      .groupBy(sql`1`, loanRequests.status),
    db
      .select({
        month: monthOf(approvals.approvedAt),
        amount: sql<string>`sum(${grantedAmount})`,
      })
      .from(approvals)
      .innerJoin(loanRequests, eq(loanRequests.id, approvals.loanId))
      .where(ofOffice(office))
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
