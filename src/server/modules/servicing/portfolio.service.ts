import { and, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { PortfolioFiguresJson, PortfolioStatsJson } from "../../../domain/api/servicing";
import { type OfficeId, officeIds } from "../../../domain/firm";
import { addMonths, firmToday } from "../../../domain/loan-schedule";
import { parDays } from "../../../domain/portfolio";
import type { Db } from "../../db/client";
import { installments, loanRequests, payments } from "../../db/schema";

// The officers' portfolio figures (issue 28), defined in domain/portfolio.ts, computed here in
// SQL for the firm and per office: two grouped statements, one over the request's own copies of
// its state (principal_outstanding, next_due_date: kept by each payment's transaction; the late
// loans' instalments past due read by loan), one over this month's payments.

const zero = (): PortfolioFiguresJson => ({
  outstandingPrincipal: 0,
  par30: 0,
  atRiskPrincipal: 0,
  arrearsCount: 0,
  arrearsAmount: 0,
  collectedThisMonth: 0,
  activeLoans: 0,
});

export async function getPortfolioStats({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<PortfolioStatsJson> {
  const today = firmToday(now);
  const riskBefore = new Date(Date.parse(`${today}T00:00:00Z`) - parDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonth = addMonths(monthStart, 1);
  const repaying = eq(loanRequests.servicingStage, "repaying");
  // What the late loans' instalments past due still owe: read for the late loans alone (by
  // their next due date, from the index), each through its own instalments (by loan).
  const owedPastDue = sql`(
    select coalesce(sum(i.principal + i.interest - i.principal_paid - i.interest_paid), 0)
      from ${installments} i
     where i.loan_id = ${loanRequests.id} and i.due_date < ${today}
       and i.principal_paid + i.interest_paid < i.principal + i.interest)`;
  const [loans, collected] = await Promise.all([
    db
      .select({
        office: loanRequests.office,
        outstanding: sql<string>`coalesce(sum(${loanRequests.principalOutstanding}), 0)`,
        atRisk: sql<string>`coalesce(sum(${loanRequests.principalOutstanding}) filter (where ${loanRequests.nextDueDate} < ${riskBefore}), 0)`,
        arrearsCount: sql<string>`count(*) filter (where ${loanRequests.nextDueDate} < ${today})`,
        arrearsAmount: sql<string>`coalesce(sum(case when ${loanRequests.nextDueDate} < ${today} then ${owedPastDue} end), 0)`,
        active: sql<string>`count(*)`,
      })
      .from(loanRequests)
      .where(repaying)
      .groupBy(loanRequests.office),
    db
      .select({
        office: loanRequests.office,
        amount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      })
      .from(payments)
      .innerJoin(loanRequests, eq(loanRequests.id, payments.loanId))
      .where(
        and(
          gte(payments.paidOn, monthStart),
          lt(payments.paidOn, nextMonth),
          isNull(payments.reversedAt),
          isNotNull(loanRequests.servicingStage),
        ),
      )
      .groupBy(loanRequests.office),
  ]);
  const byOffice = new Map<OfficeId, PortfolioFiguresJson>(officeIds.map((id) => [id, zero()]));
  for (const row of loans) {
    const figures = byOffice.get(row.office) as PortfolioFiguresJson;
    figures.outstandingPrincipal = Number(row.outstanding);
    figures.atRiskPrincipal = Number(row.atRisk);
    figures.arrearsCount = Number(row.arrearsCount);
    figures.arrearsAmount = Number(row.arrearsAmount);
    figures.activeLoans = Number(row.active);
  }
  for (const row of collected) {
    (byOffice.get(row.office) as PortfolioFiguresJson).collectedThisMonth = Number(row.amount);
  }
  const firm = zero();
  for (const figures of byOffice.values()) {
    figures.par30 =
      figures.outstandingPrincipal === 0
        ? 0
        : figures.atRiskPrincipal / figures.outstandingPrincipal;
    firm.outstandingPrincipal += figures.outstandingPrincipal;
    firm.atRiskPrincipal += figures.atRiskPrincipal;
    firm.arrearsCount += figures.arrearsCount;
    firm.arrearsAmount += figures.arrearsAmount;
    firm.collectedThisMonth += figures.collectedThisMonth;
    firm.activeLoans += figures.activeLoans;
  }
  firm.par30 =
    firm.outstandingPrincipal === 0 ? 0 : firm.atRiskPrincipal / firm.outstandingPrincipal;
  return {
    firm,
    offices: officeIds.map((office) => ({
      office,
      figures: byOffice.get(office) as PortfolioFiguresJson,
    })),
  };
}
