import { describe, expect, it } from "vitest";
import { formatShare, portfolioFigures } from "./portfolio";
import type { InstallmentLedger } from "./repayment-allocation";

const installment = (
  number: number,
  dueDate: string,
  principal: number,
  interest: number,
  paid = 0,
): InstallmentLedger => ({
  number,
  dueDate,
  principal,
  interest,
  // Paid in full or not at all, except where `paid` says how much principal was paid.
  principalPaid: paid,
  interestPaid: paid === principal ? interest : 0,
});

describe("portfolio figures on a hand-made portfolio", () => {
  const today = "2026-06-15";
  // A: on time (first instalment paid, the next due 2026-07-01).
  const onTime = {
    installments: [
      installment(1, "2026-06-01", 100_000, 10_000, 100_000),
      installment(2, "2026-07-01", 100_000, 9_000),
    ],
  };
  // B: 14 days late (due 2026-06-01, unpaid): in arrears, not at risk.
  const late14 = {
    installments: [
      installment(1, "2026-06-01", 200_000, 20_000),
      installment(2, "2026-07-01", 200_000, 18_000),
    ],
  };
  // C: 45 days late (due 2026-05-01, unpaid): at risk (PAR30), its whole outstanding principal.
  const late45 = {
    installments: [
      installment(1, "2026-05-01", 50_000, 5_000),
      installment(2, "2026-06-01", 50_000, 4_000),
      installment(3, "2026-07-01", 50_000, 3_000),
    ],
  };
  // D: repaid.
  const repaid = { installments: [installment(1, "2026-04-01", 80_000, 2_000, 80_000)] };

  it("outstanding principal, PAR30, arrears and collected this month", () => {
    const figures = portfolioFigures(
      [onTime, late14, late45, repaid],
      [
        { amount: 110_000, paidOn: "2026-06-01", reversed: false },
        { amount: 30_000, paidOn: "2026-06-10", reversed: true },
        { amount: 82_000, paidOn: "2026-04-01", reversed: false },
      ],
      today,
    );
    expect(figures.outstandingPrincipal).toBe(100_000 + 400_000 + 150_000);
    expect(figures.atRiskPrincipal).toBe(150_000);
    expect(figures.par30).toBeCloseTo(150_000 / 650_000, 10);
    expect(formatShare(figures.par30)).toBe("23,1 %");
    expect(figures.arrearsCount).toBe(2);
    // B's first (220 000) and C's first two (55 000 + 54 000).
    expect(figures.arrearsAmount).toBe(220_000 + 55_000 + 54_000);
    expect(figures.collectedThisMonth).toBe(110_000);
  });

  it("an empty portfolio is 0 %, not a division by zero", () => {
    expect(portfolioFigures([], [], today).par30).toBe(0);
  });
});
