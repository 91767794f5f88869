import { z } from "zod";
import type { LoanType } from "./loan-type";
import { maxDurationMonths, maxLoanAmount } from "./schemas/loan-request";

/**
 * Loan arithmetic shared by the public simulator and the loan screens.
 *
 * Equal monthly instalments (French "annuités constantes"):
 *   monthly = P · r / (1 − (1 + r)^−n), with r = annual rate / 12 / 100, and P / n when r = 0.
 *
 * Rounding rule (FCFA has no subunit):
 * - the monthly payment shown is the exact instalment rounded to the nearest franc;
 * - the total cost is the exact total (exact instalment × n) rounded to the nearest franc, so it
 *   does not inflate the rounding error n times (at a zero rate it equals the amount borrowed);
 * - the last instalment absorbs the difference: lastPayment = totalCost − monthly × (n − 1);
 * - total interest = totalCost − amount.
 */

/** UEMOA usury ceiling for credit institutions: 24 % a year. */
export const usuryCeilingPercent = 24;

/** Indicative annual rates per loan type (percent a year), shown by the public simulator. */
export const indicativeAnnualRates: Record<LoanType, number> = {
  mortgage: 8.5,
  business: 10,
  personal: 12,
  education: 7,
  auto: 11,
};

export const simulatorMessages = {
  amount: "Veuillez entrer un montant valide",
  amountTooHigh: `Le montant ne peut pas dépasser ${new Intl.NumberFormat("fr-FR").format(maxLoanAmount)} FCFA`,
  duration: "Veuillez entrer une durée valide",
  durationInteger: "La durée doit être un nombre entier de mois",
  durationTooLong: `La durée ne peut pas dépasser ${maxDurationMonths} mois`,
  rate: "Veuillez entrer un taux valide",
  rateNegative: "Le taux ne peut pas être négatif",
  rateAboveUsury: `Le taux ne peut pas dépasser le taux d'usure de ${usuryCeilingPercent} % par an`,
} as const;

/** The simulator's inputs, with the French messages; accepts strings from form fields. */
export const loanSimulationSchema = z.object({
  amount: z.coerce
    .number({ error: simulatorMessages.amount })
    // Whole francs: anything under one franc is no amount at all.
    .refine((value) => Number.isFinite(value) && value >= 1, { error: simulatorMessages.amount })
    .refine((value) => value <= maxLoanAmount, { error: simulatorMessages.amountTooHigh })
    .transform(Math.round),
  durationMonths: z.coerce
    .number({ error: simulatorMessages.duration })
    .refine((value) => Number.isFinite(value) && value > 0, { error: simulatorMessages.duration })
    .refine(Number.isInteger, { error: simulatorMessages.durationInteger })
    .refine((value) => value <= maxDurationMonths, { error: simulatorMessages.durationTooLong }),
  annualRatePercent: z.coerce
    .number({ error: simulatorMessages.rate })
    .refine(Number.isFinite, { error: simulatorMessages.rate })
    .refine((value) => value >= 0, { error: simulatorMessages.rateNegative })
    .refine((value) => value <= usuryCeilingPercent, { error: simulatorMessages.rateAboveUsury }),
});
export type LoanSimulationInput = z.input<typeof loanSimulationSchema>;
export type LoanSimulationValues = z.output<typeof loanSimulationSchema>;

export type LoanSimulation = {
  amount: number;
  durationMonths: number;
  annualRatePercent: number;
  /** Rounded to the nearest franc. */
  monthlyPayment: number;
  /** The last instalment, which absorbs the rounding of the others. */
  lastPayment: number;
  /** Everything repaid: amount plus interest. */
  totalCost: number;
  totalInterest: number;
};

export type LoanSimulationResult =
  | { ok: true; simulation: LoanSimulation }
  | { ok: false; errors: Partial<Record<keyof LoanSimulationValues, string>> };

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

/** The monthly payment rounded to the nearest franc. Throws a French RangeError on bad input. */
export function monthlyPayment(
  amount: number,
  durationMonths: number,
  annualRatePercent: number,
): number {
  return computeLoan({ amount, durationMonths, annualRatePercent }).monthlyPayment;
}

/** Validates and computes; never throws. */
export function simulateLoan(input: LoanSimulationInput): LoanSimulationResult {
  const parsed = loanSimulationSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<keyof LoanSimulationValues, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof LoanSimulationValues;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, simulation: compute(parsed.data) };
}

/** Validates and computes; throws a RangeError carrying the first French message on bad input. */
export function computeLoan(input: LoanSimulationInput): LoanSimulation {
  const result = simulateLoan(input);
  if (result.ok) return result.simulation;
  const message = Object.values(result.errors)[0] ?? simulatorMessages.amount;
  throw new RangeError(message);
}

function compute({ amount, durationMonths, annualRatePercent }: LoanSimulationValues) {
  const exact = exactMonthlyPayment(amount, durationMonths, annualRatePercent);
  const monthly = Math.round(exact);
  const totalCost = Math.round(exact * durationMonths);
  return {
    amount,
    durationMonths,
    annualRatePercent,
    monthlyPayment: monthly,
    lastPayment: totalCost - monthly * (durationMonths - 1),
    totalCost,
    totalInterest: totalCost - amount,
  };
}
