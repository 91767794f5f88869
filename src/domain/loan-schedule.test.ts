import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, buildSchedule, datedSchedule, scheduleTotals } from "./loan-schedule";
import { computeLoan } from "./loan-simulator";

describe("repayment schedule (declining balance, whole FCFA)", () => {
  it("1 000 000 FCFA at 12 % over 12 months: the simulator's figures, instalment by instalment", () => {
    const schedule = buildSchedule({
      amount: 1_000_000,
      durationMonths: 12,
      annualRatePercent: 12,
    });
    expect(schedule).toHaveLength(12);
    // First month: 1 % of 1 000 000 in interest, the rest of 88 849 in principal.
    expect(schedule[0]).toMatchObject({ interest: 10_000, principal: 78_849, amount: 88_849 });
    expect(schedule.slice(0, 11).every((installment) => installment.amount === 88_849)).toBe(true);
    const totals = scheduleTotals(schedule);
    expect(totals.principal).toBe(1_000_000);
    const loan = computeLoan({ amount: 1_000_000, durationMonths: 12, annualRatePercent: 12 });
    expect(totals.total).toBe(loan.totalCost);
    expect(schedule[11]?.amount).toBe(loan.lastPayment);
    expect(schedule[11]?.balanceAfter).toBe(0);
  });

  it("at 0 %: no interest, equal parts, the last takes the francs left", () => {
    const schedule = buildSchedule({ amount: 1_000_000, durationMonths: 7, annualRatePercent: 0 });
    expect(schedule.map((installment) => installment.interest)).toEqual(Array(7).fill(0));
    expect(schedule.slice(0, 6).map((installment) => installment.principal)).toEqual(
      Array(6).fill(142_857),
    );
    expect(schedule[6]?.principal).toBe(142_858);
  });

  it("at 36 % over 84 months: principal sums to the amount, interest is never negative", () => {
    const schedule = buildSchedule({
      amount: 3_000_000,
      durationMonths: 84,
      annualRatePercent: 36,
    });
    const totals = scheduleTotals(schedule);
    expect(totals.principal).toBe(3_000_000);
    // 3 % a month: the first interest is 90 000.
    expect(schedule[0]?.interest).toBe(90_000);
    expect(schedule.every((installment) => installment.interest >= 0)).toBe(true);
  });

  it("for every amount, rate 0-36 % and duration 1-84 months: sums, whole francs, rounding on the last", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 500_000_000 }),
        fc.integer({ min: 1, max: 84 }),
        fc.oneof(
          fc.constant(0),
          fc.constant(36),
          fc.integer({ min: 0, max: 3600 }).map((r) => r / 100),
        ),
        (amount, durationMonths, annualRatePercent) => {
          const schedule = buildSchedule({ amount, durationMonths, annualRatePercent });
          expect(schedule).toHaveLength(durationMonths);
          const totals = scheduleTotals(schedule);
          expect(totals.principal).toBe(amount);
          for (const installment of schedule) {
            expect(Number.isInteger(installment.principal)).toBe(true);
            expect(Number.isInteger(installment.interest)).toBe(true);
            expect(installment.principal).toBeGreaterThanOrEqual(0);
            expect(installment.interest).toBeGreaterThanOrEqual(0);
          }
          // Every instalment but the last is the same; the last differs by the rounding only.
          const first = schedule[0]?.amount ?? 0;
          for (const installment of schedule.slice(0, -1)) expect(installment.amount).toBe(first);
          const last = schedule[durationMonths - 1]?.amount ?? 0;
          expect(last).toBeGreaterThan(0);
          // Within the usury ceiling and for real loans, the rounding the last takes is small.
          if (annualRatePercent <= 24 && amount >= 100_000) {
            expect(Math.abs(last - first)).toBeLessThanOrEqual(durationMonths);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a tiny loan at 36 %: the francs the rounding left grow, and the last instalment repays them", () => {
    // 335.48 rounded to 335: the 0.48 left each month accrues at 3 % a month.
    const schedule = buildSchedule({ amount: 10_000, durationMonths: 76, annualRatePercent: 36 });
    expect(scheduleTotals(schedule).principal).toBe(10_000);
    expect(schedule[75]).toMatchObject({ principal: 474, interest: 0, balanceAfter: 0 });
  });

  it("refuses a non-whole amount, no duration or a negative rate", () => {
    expect(() =>
      buildSchedule({ amount: 10.5, durationMonths: 12, annualRatePercent: 5 }),
    ).toThrow();
    expect(() =>
      buildSchedule({ amount: 1000, durationMonths: 0, annualRatePercent: 5 }),
    ).toThrow();
    expect(() =>
      buildSchedule({ amount: 1000, durationMonths: 12, annualRatePercent: -1 }),
    ).toThrow();
  });

  it("dates: a month after the disbursement, the end of a shorter month kept", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonths("2026-11-15", 2)).toBe("2027-01-15");
    const dated = datedSchedule({
      amount: 600_000,
      durationMonths: 3,
      annualRatePercent: 10,
      startDate: "2026-12-05",
    });
    expect(dated.map((installment) => installment.dueDate)).toEqual([
      "2027-01-05",
      "2027-02-05",
      "2027-03-05",
    ]);
  });
});
