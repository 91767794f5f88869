import { describe, expect, it } from "vitest";
import { monthlyPayment } from "../../../../domain/loan-simulator";
import { loanStep1Schema } from "../../../../domain/schemas/loan-request.schema";
import { emptyLoanFormValues, estimateMonthlyPayment, toStep1Input } from "./loan-form-values";

describe("step 1 values", () => {
  it("gives the spec's messages in its order when everything is empty", () => {
    const result = loanStep1Schema.safeParse(toStep1Input(emptyLoanFormValues));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Veuillez sélectionner un type de prêt",
      "Veuillez entrer un montant valide",
      "Veuillez entrer une durée valide",
      "Veuillez décrire l'objet du prêt",
      "Veuillez choisir une agence",
    ]);
  });

  it("reads numbers written with spaces and an empty income as absent", () => {
    const result = loanStep1Schema.parse(
      toStep1Input({
        loanType: "personal",
        amount: "5 000\u00a0000",
        durationMonths: " 36 ",
        purpose: "  Travaux  ",
        description: "",
        monthlyIncome: "",
        office: "lome",
      }),
    );
    expect(result).toEqual({
      loanType: "personal",
      amount: 5_000_000,
      durationMonths: 36,
      purpose: "Travaux",
      description: "",
      monthlyIncome: undefined,
      office: "lome",
    });
  });
});

describe("estimateMonthlyPayment", () => {
  it("uses the loan type's indicative rate", () => {
    const estimate = estimateMonthlyPayment({
      loanType: "personal",
      amount: "5000000",
      durationMonths: "36",
    });
    expect(estimate).toEqual({
      loanType: "personal",
      annualRatePercent: 12,
      durationMonths: 36,
      monthlyPayment: monthlyPayment(5_000_000, 36, 12),
    });
  });

  it("is nothing until type, amount and duration are valid", () => {
    expect(estimateMonthlyPayment({ loanType: "", amount: "5000000", durationMonths: "36" })).toBe(
      null,
    );
    expect(estimateMonthlyPayment({ loanType: "auto", amount: "", durationMonths: "36" })).toBe(
      null,
    );
    expect(
      estimateMonthlyPayment({ loanType: "auto", amount: "1000", durationMonths: "2,5" }),
    ).toBe(null);
  });
});
