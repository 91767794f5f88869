import { describe, expect, it } from "vitest";
import { datedSchedule } from "./loan-schedule";
import {
  allocatePayment,
  applyAllocations,
  type InstallmentLedger,
  installmentRemaining,
  installmentState,
  loanRemaining,
  reverseAllocations,
} from "./repayment-allocation";

function ledger(): InstallmentLedger[] {
  // 300 000 FCFA at 12 % over 3 months from 2026-01-10: 102 007 a month.
  return datedSchedule({
    amount: 300_000,
    durationMonths: 3,
    annualRatePercent: 12,
    startDate: "2026-01-10",
  }).map((installment) => ({ ...installment, principalPaid: 0, interestPaid: 0 }));
}

describe("allocation of a repayment", () => {
  it("a partial payment pays the oldest instalment due, interest first", () => {
    const installments = ledger();
    expect(installments[0]).toMatchObject({ interest: 3_000, principal: 99_007 });
    const allocations = allocatePayment(installments, 50_000, "2026-02-12");
    expect(allocations).toEqual([{ installmentNumber: 1, interest: 3_000, principal: 47_000 }]);
    const after = applyAllocations(installments, allocations);
    expect(installmentRemaining(after[0] as InstallmentLedger)).toBe(52_007);
    expect(installmentState(after[0] as InstallmentLedger, "2026-02-10")).toEqual({
      code: "partial",
      label: "Partiellement payée",
      daysLate: 0,
    });
    expect(installmentState(after[0] as InstallmentLedger, "2026-02-13").label).toBe(
      "En retard de 3 jours",
    );
    expect(installmentState(after[1] as InstallmentLedger, "2026-02-13").label).toBe("À venir");
  });

  it("two instalments due: the oldest is cleared before the next gets anything", () => {
    const installments = ledger();
    const allocations = allocatePayment(installments, 110_000, "2026-03-11");
    expect(allocations[0]).toMatchObject({ installmentNumber: 1 });
    expect((allocations[0]?.interest ?? 0) + (allocations[0]?.principal ?? 0)).toBe(102_007);
    expect(allocations[1]).toMatchObject({ installmentNumber: 2, principal: 7_993 - 2_010 });
    expect(allocations[1]?.interest).toBe(2_010);
  });

  it("an overpayment pays the next instalment, then reduces the last ones", () => {
    const installments = ledger();
    const total = loanRemaining(installments);
    const allocations = allocatePayment(installments, 102_007 + 60_000, "2026-01-20");
    // Nothing due yet: the next instalment (1) is paid, the rest goes to the last (3).
    expect(allocations.map((allocation) => allocation.installmentNumber)).toEqual([1, 3]);
    const after = applyAllocations(installments, allocations);
    expect(installmentRemaining(after[0] as InstallmentLedger)).toBe(0);
    expect(installmentRemaining(after[1] as InstallmentLedger)).toBe(102_007);
    expect(loanRemaining(after)).toBe(total - 162_007);
    expect(installmentState(after[0] as InstallmentLedger, "2026-03-01").label).toBe("Payée");
  });

  it("refuses more than the balance", () => {
    const installments = ledger();
    expect(() =>
      allocatePayment(installments, loanRemaining(installments) + 1, "2026-02-10"),
    ).toThrow(RangeError);
    // Exactly the balance repays everything.
    const all = allocatePayment(installments, loanRemaining(installments), "2026-02-10");
    expect(loanRemaining(applyAllocations(installments, all))).toBe(0);
  });

  it("a reversal gives back exactly what the payment paid", () => {
    const installments = ledger();
    const paid = allocatePayment(installments, 150_000, "2026-02-10");
    const reversed = applyAllocations(
      applyAllocations(installments, paid),
      reverseAllocations(paid),
    );
    expect(reversed).toEqual(installments);
  });

  it("the day an instalment falls due is not late; the next day is one day late", () => {
    const [first] = ledger();
    expect(installmentState(first as InstallmentLedger, "2026-02-10").label).toBe("À venir");
    expect(installmentState(first as InstallmentLedger, "2026-02-11").label).toBe(
      "En retard de 1 jour",
    );
  });
});
