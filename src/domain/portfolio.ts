import { daysBetween } from "./loan-schedule";
import { type InstallmentLedger, installmentRemaining } from "./repayment-allocation";

/**
 * The portfolio figures microfinance reports (issue 28), as the officers' dashboard shows them:
 * - outstanding principal: the principal still owed on the disbursed loans;
 * - PAR30 (portfolio at risk, 30 days): the share of that outstanding principal held by loans
 *   with an instalment more than 30 days late (the whole loan's outstanding principal counts,
 *   not the late instalment alone, as CGAP defines it);
 * - arrears: the loans with an instalment late (past its due date, not paid in full), and the
 *   amount late (what those instalments still owe);
 * - collected this month: repayments received this month (reversed ones excepted).
 * The server computes the same in SQL over the whole firm (servicing/portfolio.service.ts); this
 * is the definition, tested on a hand-made portfolio.
 */

export const parDays = 30;

export type PortfolioLoan = { installments: readonly InstallmentLedger[] };

export type PortfolioPayment = { amount: number; paidOn: string; reversed: boolean };

export type PortfolioFigures = {
  /** Whole FCFA. */
  outstandingPrincipal: number;
  /** 0 to 1; 0 when nothing is outstanding. */
  par30: number;
  /** Outstanding principal of the loans more than 30 days late (PAR30's numerator). */
  atRiskPrincipal: number;
  arrearsCount: number;
  arrearsAmount: number;
  collectedThisMonth: number;
};

/** Days the loan's oldest unpaid instalment is late (0 when none is). */
export function daysInArrears(loan: PortfolioLoan, today: string): number {
  let days = 0;
  for (const installment of loan.installments) {
    if (installmentRemaining(installment) <= 0) continue;
    days = Math.max(days, daysBetween(installment.dueDate, today));
  }
  return days;
}

export function portfolioFigures(
  loans: readonly PortfolioLoan[],
  payments: readonly PortfolioPayment[],
  today: string,
): PortfolioFigures {
  let outstandingPrincipal = 0;
  let atRiskPrincipal = 0;
  let arrearsCount = 0;
  let arrearsAmount = 0;
  for (const loan of loans) {
    const principal = loan.installments.reduce(
      (sum, installment) => sum + installment.principal - installment.principalPaid,
      0,
    );
    outstandingPrincipal += principal;
    const late = daysInArrears(loan, today);
    if (late > parDays) atRiskPrincipal += principal;
    if (late > 0) {
      arrearsCount += 1;
      for (const installment of loan.installments) {
        if (installment.dueDate < today) arrearsAmount += installmentRemaining(installment);
      }
    }
  }
  const month = today.slice(0, 7);
  const collectedThisMonth = payments
    .filter((payment) => !payment.reversed && payment.paidOn.slice(0, 7) === month)
    .reduce((sum, payment) => sum + payment.amount, 0);
  return {
    outstandingPrincipal,
    par30: outstandingPrincipal === 0 ? 0 : atRiskPrincipal / outstandingPrincipal,
    atRiskPrincipal,
    arrearsCount,
    arrearsAmount,
    collectedThisMonth,
  };
}

/** 0.0834 -> "8,3 %". */
export function formatShare(share: number): string {
  return `${(Math.round(share * 1000) / 10).toLocaleString("fr-FR")} %`;
}
