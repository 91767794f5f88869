import { indicativeAnnualRates, simulateLoan } from "../../../../domain/loan-simulator";
import { isLoanType, type LoanType } from "../../../../domain/loan-type";
import type { LoanStep1Input } from "../../../../domain/schemas/loan-request.schema";

/** Step 1 as the form holds it: the text of each field, as typed. */
export type LoanFormValues = {
  loanType: string;
  amount: string;
  durationMonths: string;
  purpose: string;
  description: string;
  monthlyIncome: string;
  /** The office's id; "" until chosen (the wizard proposes the one of the profile's country). */
  office: string;
};

export const loanFormFields = [
  "loanType",
  "amount",
  "durationMonths",
  "purpose",
  "description",
  "monthlyIncome",
  "office",
] as const satisfies readonly (keyof LoanFormValues)[];

export const emptyLoanFormValues: LoanFormValues = {
  loanType: "",
  amount: "",
  durationMonths: "",
  purpose: "",
  description: "",
  monthlyIncome: "",
  office: "",
};

/** People write "5 000 000" (with ordinary, no-break or narrow no-break spaces): accept it. */
export function compactNumber(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, "");
}

/**
 * What step 1's schema validates: the numbers without their spaces, and an empty monthly income
 * as absent (coerced, "" would read as 0 FCFA).
 */
export function toStep1Input(values: LoanFormValues): LoanStep1Input {
  const monthlyIncome = compactNumber(values.monthlyIncome);
  return {
    loanType: values.loanType as LoanStep1Input["loanType"],
    amount: compactNumber(values.amount),
    durationMonths: compactNumber(values.durationMonths),
    purpose: values.purpose,
    description: values.description,
    monthlyIncome: monthlyIncome === "" ? undefined : monthlyIncome,
    office: values.office as LoanStep1Input["office"],
  };
}

export type MonthlyEstimate = {
  loanType: LoanType;
  annualRatePercent: number;
  monthlyPayment: number;
  durationMonths: number;
};

/**
 * The indicative monthly payment for what is typed so far: the public simulator's arithmetic at
 * the loan type's indicative rate. Null until the type, the amount and the duration are valid.
 */
export function estimateMonthlyPayment(
  values: Pick<LoanFormValues, "loanType" | "amount" | "durationMonths">,
): MonthlyEstimate | null {
  if (!isLoanType(values.loanType)) return null;
  const annualRatePercent = indicativeAnnualRates[values.loanType];
  const result = simulateLoan({
    amount: compactNumber(values.amount),
    durationMonths: compactNumber(values.durationMonths),
    annualRatePercent,
  });
  if (!result.ok) return null;
  return {
    loanType: values.loanType,
    annualRatePercent,
    monthlyPayment: result.simulation.monthlyPayment,
    durationMonths: result.simulation.durationMonths,
  };
}
