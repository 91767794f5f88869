import { describe, expect, it } from "vitest";
import {
  computeLoan,
  exactMonthlyPayment,
  indicativeAnnualRates,
  monthlyPayment,
  simulateLoan,
  simulatorMaxAmount,
  simulatorMaxDurationMonths,
  simulatorMessages,
  usuryCeilingPercent,
} from "./loan-simulator";
import { loanTypes } from "./loan-type";
import { maxDurationMonths, maxLoanAmount } from "./schemas/loan-request";

describe("loan simulator arithmetic", () => {
  it("1 000 000 FCFA at 12 % a year over 12 months costs 88 849 FCFA a month", () => {
    const loan = computeLoan({ amount: 1_000_000, durationMonths: 12, annualRatePercent: 12 });
    expect(exactMonthlyPayment(1_000_000, 12, 12)).toBeCloseTo(88_848.79, 2);
    expect(loan.monthlyPayment).toBe(88_849);
    // The exact total, rounded once: 88 848.79 × 12 = 1 066 185.46.
    expect(loan.totalCost).toBe(1_066_185);
    expect(loan.totalInterest).toBe(66_185);
    // 11 instalments of 88 849 and a last one that absorbs the rounding.
    expect(loan.lastPayment).toBe(88_846);
    expect(loan.monthlyPayment * 11 + loan.lastPayment).toBe(loan.totalCost);
  });

  it("a zero rate divides the amount into equal instalments and costs no interest", () => {
    const loan = computeLoan({ amount: 1_200_000, durationMonths: 12, annualRatePercent: 0 });
    expect(loan).toMatchObject({
      monthlyPayment: 100_000,
      lastPayment: 100_000,
      totalCost: 1_200_000,
      totalInterest: 0,
    });
  });

  it("at a zero rate, the last instalment takes the franc left by rounding", () => {
    const loan = computeLoan({ amount: 1_000_000, durationMonths: 7, annualRatePercent: 0 });
    expect(loan.monthlyPayment).toBe(142_857);
    expect(loan.lastPayment).toBe(142_858);
    expect(loan.totalCost).toBe(1_000_000);
    expect(loan.totalInterest).toBe(0);
  });

  it("matches other worked examples (mortgage over 20 years, rate at the usury ceiling)", () => {
    expect(monthlyPayment(25_000_000, 240, 8.5)).toBe(216_956);
    // 5 000 000 × 0.02 / (1 − 1.02^−36) = 196 164.29
    const atCeiling = computeLoan({ amount: 5_000_000, durationMonths: 36, annualRatePercent: 24 });
    expect(atCeiling.monthlyPayment).toBe(196_164);
    expect(atCeiling.totalCost).toBe(7_061_913);
    expect(atCeiling.totalInterest).toBe(2_061_913);
  });

  it("a single instalment repays the amount plus one month of interest", () => {
    const loan = computeLoan({ amount: 500_000, durationMonths: 1, annualRatePercent: 12 });
    expect(loan.monthlyPayment).toBe(505_000);
    expect(loan.lastPayment).toBe(505_000);
    expect(loan.totalInterest).toBe(5_000);
  });

  it("accepts the strings a form field gives and rounds the amount to the franc", () => {
    const result = simulateLoan({
      amount: "1000000.4",
      durationMonths: "12",
      annualRatePercent: "12",
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.simulation.amount).toBe(1_000_000);
      expect(result.simulation.monthlyPayment).toBe(88_849);
    }
  });
});

describe("loan simulator validation", () => {
  it("refuses a rate above the UEMOA usury ceiling of 24 % a year", () => {
    const result = simulateLoan({
      amount: 1_000_000,
      durationMonths: 12,
      annualRatePercent: 24.01,
    });
    expect(result).toEqual({
      ok: false,
      errors: { annualRatePercent: "Le taux ne peut pas dépasser le taux d'usure de 24 % par an" },
    });
    expect(() =>
      computeLoan({ amount: 1_000_000, durationMonths: 12, annualRatePercent: 30 }),
    ).toThrow(simulatorMessages.rateAboveUsury);
  });

  it("refuses a negative rate", () => {
    const result = simulateLoan({ amount: 1_000_000, durationMonths: 12, annualRatePercent: -1 });
    expect(result.ok || result.errors.annualRatePercent).toBe("Le taux ne peut pas être négatif");
  });

  it.each([0, -5, Number.NaN, "", "abc", 0.4])("refuses the amount %s", (amount) => {
    const result = simulateLoan({ amount, durationMonths: 12, annualRatePercent: 12 });
    expect(result.ok || result.errors.amount).toBe("Veuillez entrer un montant valide");
  });

  it.each([0, -12, "", "x"])("refuses the duration %s", (durationMonths) => {
    const result = simulateLoan({ amount: 1_000_000, durationMonths, annualRatePercent: 12 });
    expect(result.ok || result.errors.durationMonths).toBe("Veuillez entrer une durée valide");
  });

  it("refuses a fractional duration and one beyond 360 months", () => {
    const half = simulateLoan({ amount: 1_000_000, durationMonths: 12.5, annualRatePercent: 12 });
    expect(half.ok || half.errors.durationMonths).toBe(
      "La durée doit être un nombre entier de mois",
    );
    const long = simulateLoan({ amount: 1_000_000, durationMonths: 361, annualRatePercent: 12 });
    expect(long.ok || long.errors.durationMonths).toBe("La durée ne peut pas dépasser 360 mois");
  });

  it("reports every invalid field at once", () => {
    const result = simulateLoan({ amount: 0, durationMonths: 0, annualRatePercent: 50 });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual([
        "amount",
        "annualRatePercent",
        "durationMonths",
      ]);
  });

  it("gives every loan type an indicative rate within the usury ceiling", () => {
    for (const type of loanTypes) {
      const rate = indicativeAnnualRates[type];
      expect(rate).toBeGreaterThan(0);
      expect(rate).toBeLessThanOrEqual(usuryCeilingPercent);
    }
  });
});

describe("loan simulator bounds", () => {
  it("uses the loan request form's bounds", () => {
    expect(simulatorMaxAmount).toBe(maxLoanAmount);
    expect(simulatorMaxDurationMonths).toBe(maxDurationMonths);
    const tooMuch = simulateLoan({
      amount: maxLoanAmount + 1,
      durationMonths: 12,
      annualRatePercent: 5,
    });
    expect(tooMuch.ok || tooMuch.errors.amount).toBe(
      "Le montant ne peut pas dépasser 10 milliards de FCFA",
    );
  });

  it("reads French-formatted numbers from form fields", () => {
    const result = simulateLoan({
      amount: "1\u202f000\u202f000",
      durationMonths: "12",
      annualRatePercent: "12,0",
    });
    expect(result.ok && result.simulation.monthlyPayment).toBe(88_849);
  });
});
