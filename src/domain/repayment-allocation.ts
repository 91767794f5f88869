import { daysBetween } from "./loan-schedule";

/**
 * How a repayment is applied to the schedule (issue 28): to the oldest instalment due first,
 * its interest then its principal; what is left once every instalment due is paid (an
 * overpayment) reduces the last instalments, from the last one back. A reversal never deletes:
 * it applies the opposite of what the payment was given. Whole FCFA throughout.
 */

/** An instalment as the ledger knows it: what is due and what was paid on it so far. */
export type InstallmentLedger = {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  principalPaid: number;
  interestPaid: number;
};

export type Allocation = { installmentNumber: number; principal: number; interest: number };

export function installmentRemaining(installment: InstallmentLedger): number {
  return (
    installment.principal +
    installment.interest -
    installment.principalPaid -
    installment.interestPaid
  );
}

/** What is left to repay on the whole loan. */
export function loanRemaining(installments: readonly InstallmentLedger[]): number {
  return installments.reduce((sum, installment) => sum + installmentRemaining(installment), 0);
}

/** The principal still owed (what PAR30 and the portfolio count). */
export function principalRemaining(installments: readonly InstallmentLedger[]): number {
  return installments.reduce(
    (sum, installment) => sum + installment.principal - installment.principalPaid,
    0,
  );
}

function payInto(
  installment: InstallmentLedger,
  left: number,
  order: "interest-first" | "principal-first",
): Allocation {
  const interestOwed = installment.interest - installment.interestPaid;
  const principalOwed = installment.principal - installment.principalPaid;
  let interest = 0;
  let principal = 0;
  if (order === "interest-first") {
    interest = Math.min(left, interestOwed);
    principal = Math.min(left - interest, principalOwed);
  } else {
    principal = Math.min(left, principalOwed);
    interest = Math.min(left - principal, interestOwed);
  }
  return { installmentNumber: installment.number, principal, interest };
}

/**
 * The allocation of a payment of `amount` made on `paidOn`: first the instalments due by then,
 * oldest first, interest then principal; then, the arrears cleared, the instalments still to
 * come from the oldest (the next one is what a client paying early pays); the overpayment
 * beyond the next instalment reduces the last instalments, from the last back. Throws a
 * RangeError when the amount exceeds what is left to repay (the route's 400 checks it first).
 */
export function allocatePayment(
  installments: readonly InstallmentLedger[],
  amount: number,
  paidOn: string,
): Allocation[] {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("Montant invalide");
  if (amount > loanRemaining(installments)) throw new RangeError("Montant supérieur au solde");
  const sorted = [...installments].sort((a, b) => a.number - b.number);
  const open = sorted.filter((installment) => installmentRemaining(installment) > 0);
  const due = open.filter((installment) => installment.dueDate <= paidOn);
  const upcoming = open.filter((installment) => installment.dueDate > paidOn);
  const allocations: Allocation[] = [];
  let left = amount;
  const take = (installment: InstallmentLedger, order: "interest-first" | "principal-first") => {
    if (left <= 0) return;
    const allocation = payInto(installment, left, order);
    const total = allocation.principal + allocation.interest;
    if (total === 0) return;
    left -= total;
    allocations.push(allocation);
  };
  for (const installment of due) take(installment, "interest-first");
  // The next instalment to come is paid as it will be due; an overpayment beyond it goes to
  // the last ones (the schedule is shortened from its end, its amounts unchanged).
  const [next, ...later] = upcoming;
  if (next) take(next, "interest-first");
  for (const installment of [...later].reverse()) take(installment, "interest-first");
  return allocations;
}

/** What a reversal records: the opposite of each allocation of the payment reversed. */
export function reverseAllocations(allocations: readonly Allocation[]): Allocation[] {
  return allocations.map((allocation) => ({
    installmentNumber: allocation.installmentNumber,
    principal: -allocation.principal,
    interest: -allocation.interest,
  }));
}

/** The ledger once `allocations` are recorded (a payment's or a reversal's). */
export function applyAllocations(
  installments: readonly InstallmentLedger[],
  allocations: readonly Allocation[],
): InstallmentLedger[] {
  return installments.map((installment) => {
    let { principalPaid, interestPaid } = installment;
    for (const allocation of allocations) {
      if (allocation.installmentNumber !== installment.number) continue;
      principalPaid += allocation.principal;
      interestPaid += allocation.interest;
    }
    return { ...installment, principalPaid, interestPaid };
  });
}

// The states of an instalment, as the schedule shows them.
export type InstallmentStateCode = "upcoming" | "paid" | "partial" | "late";

export type InstallmentState = { code: InstallmentStateCode; label: string; daysLate: number };

export function lateLabel(daysLate: number): string {
  return `En retard de ${daysLate} jour${daysLate > 1 ? "s" : ""}`;
}

/**
 * 'Payée' once nothing is left; 'En retard de N jours' when due before `today` and not paid in
 * full (the day it falls due is not late yet); 'Partiellement payée' when something was paid;
 * else 'À venir'.
 */
export function installmentState(installment: InstallmentLedger, today: string): InstallmentState {
  if (installmentRemaining(installment) <= 0) return { code: "paid", label: "Payée", daysLate: 0 };
  const daysLate = daysBetween(installment.dueDate, today);
  if (daysLate > 0) return { code: "late", label: lateLabel(daysLate), daysLate };
  if (installment.principalPaid + installment.interestPaid > 0) {
    return { code: "partial", label: "Partiellement payée", daysLate: 0 };
  }
  return { code: "upcoming", label: "À venir", daysLate: 0 };
}

/** The oldest instalment not paid in full; null once the loan is repaid. */
export function nextOpenInstallment<T extends InstallmentLedger>(installments: readonly T[]) {
  return (
    [...installments]
      .sort((a, b) => a.number - b.number)
      .find((installment) => installmentRemaining(installment) > 0) ?? null
  );
}
