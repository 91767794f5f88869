/**
 * The one repayment schedule of the platform (issue 28, DESIGN.md "Money after the decision"):
 * the public simulator, the approval's monthly payment, the contract and the repayments all read
 * it. Declining balance with equal instalments ("annuités constantes"):
 *
 *   exact instalment = P · r / (1 − (1 + r)^−n), r = annual rate / 12 / 100 (P / n when r = 0)
 *
 * in whole FCFA:
 * - every instalment but the last is the exact instalment rounded to the franc;
 * - each month's interest is the remaining principal × r, rounded to the franc; its principal is
 *   the instalment less that interest;
 * - the last instalment repays the principal left and takes the rounding: the total repaid is the
 *   exact total (exact instalment × n) rounded once, so the sum of the principals is the amount
 *   borrowed and the rounding never inflates n times. At high rates on tiny amounts the francs
 *   left by rounding each instalment down accrue faster than that total allows: the last then
 *   repays the principal left with no interest (never a negative one).
 */

export type ScheduleInput = {
  /** Whole FCFA, at least 1. */
  amount: number;
  /** Whole months, at least 1. */
  durationMonths: number;
  /** Percent a year, 0 or more. */
  annualRatePercent: number;
};

export type ScheduledInstallment = {
  /** 1 for the first instalment. */
  number: number;
  /** Whole FCFA. */
  principal: number;
  interest: number;
  /** principal + interest. */
  amount: number;
  /** The principal still owed after this instalment. */
  balanceAfter: number;
};

export type DatedInstallment = ScheduledInstallment & {
  /** "2026-12-15": a day of Africa/Abidjan (UTC). */
  dueDate: string;
};

/** The exact (unrounded) equal instalment. Inputs must already be valid. */
export function exactMonthlyPayment(
  amount: number,
  durationMonths: number,
  annualRatePercent: number,
): number {
  const r = annualRatePercent / 12 / 100;
  if (r === 0) return amount / durationMonths;
  return (amount * r) / (1 - (1 + r) ** -durationMonths);
}

/** The instalments of a loan, without dates (see datedSchedule). */
export function buildSchedule({
  amount,
  durationMonths,
  annualRatePercent,
}: ScheduleInput): ScheduledInstallment[] {
  if (!Number.isInteger(amount) || amount < 1) throw new RangeError("Montant invalide");
  if (!Number.isInteger(durationMonths) || durationMonths < 1) {
    throw new RangeError("Durée invalide");
  }
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) {
    throw new RangeError("Taux invalide");
  }
  const r = annualRatePercent / 12 / 100;
  const exact = exactMonthlyPayment(amount, durationMonths, annualRatePercent);
  const monthly = Math.round(exact);
  const totalCost = Math.round(exact * durationMonths);

  const installments: ScheduledInstallment[] = [];
  let balance = amount;
  let interestSoFar = 0;
  for (let number = 1; number < durationMonths; number += 1) {
    const interest = Math.round(balance * r);
    // A tiny loan's instalment may round below its interest: the principal never goes negative,
    // nor beyond what is owed.
    const principal = Math.min(balance, Math.max(0, monthly - interest));
    balance -= principal;
    interestSoFar += interest;
    installments.push({
      number,
      principal,
      interest,
      amount: principal + interest,
      balanceAfter: balance,
    });
  }
  // The last: the principal left, and the interest that makes the total the exact one rounded.
  const lastInterest = Math.max(0, totalCost - amount - interestSoFar);
  installments.push({
    number: durationMonths,
    principal: balance,
    interest: lastInterest,
    amount: balance + lastInterest,
    balanceAfter: 0,
  });
  return installments;
}

/** "2026-01-31" + 1 month = "2026-02-28": the day of the month, or the month's last day. */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The schedule with its due dates: the first a month after `startDate` (the disbursement). */
export function datedSchedule(input: ScheduleInput & { startDate: string }): DatedInstallment[] {
  return buildSchedule(input).map((installment) => ({
    ...installment,
    dueDate: addMonths(input.startDate, installment.number),
  }));
}

/** What a schedule adds up to. */
export function scheduleTotals(installments: readonly ScheduledInstallment[]) {
  let principal = 0;
  let interest = 0;
  for (const installment of installments) {
    principal += installment.principal;
    interest += installment.interest;
  }
  return { principal, interest, total: principal + interest };
}

/** Whole days from `from` to `to` ("YYYY-MM-DD" both); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today in the firm's zone (Africa/Abidjan is UTC+0 all year). */
export function firmToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
