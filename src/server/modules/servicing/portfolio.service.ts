import { and, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { PortfolioFiguresJson, PortfolioStatsJson } from "../../../domain/api/servicing";
import { type OfficeId, officeIds } from "../../../domain/firm";
import { addMonths, firmToday } from "../../../domain/loan-schedule";
import { parDays } from "../../../domain/portfolio";
import type { Db } from "../../db/client";
import { installments, loanRequests, payments } from "../../db/schema";

// The officers' portfolio figures (issue 28), defined in domain/portfolio.ts, computed here in
// SQL for the firm and per office: three grouped statements over the request's own copies of
// its state (principal_outstanding, next_due_date: kept by each payment's transaction), the
// unpaid instalments past due (a partial index), and this month's payments.

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
  const [loans, arrears, collected] = await Promise.all([
    db
      .select({
        office: loanRequests.office,
        outstanding: sql<string>`coalesce(sum(${loanRequests.principalOutstanding}), 0)`,
        atRisk: sql<string>`coalesce(sum(${loanRequests.principalOutstanding}) filter (where ${loanRequests.nextDueDate} < ${riskBefore}), 0)`,
        arrearsCount: sql<string>`count(*) filter (where ${loanRequests.nextDueDate} < ${today})`,
        active: sql<string>`count(*)`,
      })
      .from(loanRequests)
      .where(repaying)
      .groupBy(loanRequests.office),
    db
      .select({
        office: loanRequests.office,
        amount: sql<string>`coalesce(sum(${installments.principal} + ${installments.interest} - ${installments.principalPaid} - ${installments.interestPaid}), 0)`,
      })
      .from(installments)
      .innerJoin(loanRequests, eq(loanRequests.id, installments.loanId))
      .where(
        and(
          lt(installments.dueDate, today),
          sql`${installments.principalPaid} + ${installments.interestPaid} < ${installments.principal} + ${installments.interest}`,
          repaying,
        ),
      )
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
    figures.activeLoans = Number(row.active);
  }
  for (const row of arrears)
    (byOffice.get(row.office) as PortfolioFiguresJson).arrearsAmount = Number(row.amount);
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
