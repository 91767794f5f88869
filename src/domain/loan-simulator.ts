import {
  buildSchedule,
  type ScheduledInstallment,
  type ScheduleInput,
  scheduleTotals,
} from "./loan-schedule";
import type { LoanType } from "./loan-type";

/**
 * Loan arithmetic shared by the public simulator and the loan screens.
 *
 * Equal monthly instalments (French "annuités constantes"):
 *   monthly = P · r / (1 − (1 + r)^−n), with r = annual rate / 12 / 100, and P / n when r = 0.
 *
 * The arithmetic itself is the repayment schedule's (loan-schedule.ts): one implementation for
 * the simulator, the contract and the repayments. Rounding rule (FCFA has no subunit):
 * - the monthly payment shown is the exact instalment rounded to the nearest franc;
 * - the total cost is the exact total (exact instalment × n) rounded to the nearest franc, so it
 *   does not inflate the rounding error n times (at a zero rate it equals the amount borrowed);
 * - the last instalment absorbs the difference: lastPayment = totalCost − monthly × (n − 1);
 * - total interest = totalCost − amount.
 */

/** The same bounds as the loan request form (schemas/loan-request.ts, checked by a test); not
 * imported from there so that this module pulls no zod into the public pages. */
export const simulatorMaxAmount = 10_000_000_000;
export const simulatorMaxDurationMonths = 360;

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
  amountTooHigh: `Le montant ne peut pas dépasser 10 milliards de FCFA`,
  duration: "Veuillez entrer une durée valide",
  durationInteger: "La durée doit être un nombre entier de mois",
  durationTooLong: `La durée ne peut pas dépasser ${simulatorMaxDurationMonths} mois`,
  rate: "Veuillez entrer un taux valide",
  rateNegative: "Le taux ne peut pas être négatif",
  rateAboveUsury: `Le taux ne peut pas dépasser le taux d'usure de ${usuryCeilingPercent} % par an`,
} as const;

/** The simulator's inputs: numbers, or the strings that form fields give. */
export type LoanSimulationInput = {
  amount: number | string;
  durationMonths: number | string;
  annualRatePercent: number | string;
};
/** The simulator's checked values: the schedule's own input. */
export type LoanSimulationValues = ScheduleInput;

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

export { exactMonthlyPayment } from "./loan-schedule";

/** The monthly payment rounded to the nearest franc. Throws a French RangeError on bad input. */
export function monthlyPayment(
  amount: number,
  durationMonths: number,
  annualRatePercent: number,
): number {
  return computeLoan({ amount, durationMonths, annualRatePercent }).monthlyPayment;
}

function toNumber(value: number | string): number {
  if (typeof value === "number") return value;
  const text = value
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  return text === "" ? Number.NaN : Number(text);
}

/**
 * Validates and computes; never throws. Plain checks rather than a zod schema on purpose: this
 * module runs in the home page's simulator, whose JavaScript must stay small.
 */
export function simulateLoan(input: LoanSimulationInput): LoanSimulationResult {
  const errors: Partial<Record<keyof LoanSimulationValues, string>> = {};
  const amount = toNumber(input.amount);
  const durationMonths = toNumber(input.durationMonths);
  const annualRatePercent = toNumber(input.annualRatePercent);

  // Whole francs: anything under one franc is no amount at all.
  if (!Number.isFinite(amount) || amount < 1) errors.amount = simulatorMessages.amount;
  else if (amount > simulatorMaxAmount) errors.amount = simulatorMessages.amountTooHigh;

  if (!Number.isFinite(durationMonths) || durationMonths <= 0) {
    errors.durationMonths = simulatorMessages.duration;
  } else if (!Number.isInteger(durationMonths)) {
    errors.durationMonths = simulatorMessages.durationInteger;
  } else if (durationMonths > simulatorMaxDurationMonths) {
    errors.durationMonths = simulatorMessages.durationTooLong;
  }

  if (!Number.isFinite(annualRatePercent)) errors.annualRatePercent = simulatorMessages.rate;
  else if (annualRatePercent < 0) errors.annualRatePercent = simulatorMessages.rateNegative;
  else if (annualRatePercent > usuryCeilingPercent) {
    errors.annualRatePercent = simulatorMessages.rateAboveUsury;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    simulation: compute({ amount: Math.round(amount), durationMonths, annualRatePercent }),
  };
}

/** Validates and computes; throws a RangeError carrying the first French message on bad input. */
export function computeLoan(input: LoanSimulationInput): LoanSimulation {
  const result = simulateLoan(input);
  if (result.ok) return result.simulation;
  const message = Object.values(result.errors)[0] ?? simulatorMessages.amount;
  throw new RangeError(message);
}

function compute({ amount, durationMonths, annualRatePercent }: LoanSimulationValues) {
  // The contract's and the repayments' schedule (loan-schedule.ts): one implementation.
  const installments = buildSchedule({ amount, durationMonths, annualRatePercent });
  const totals = scheduleTotals(installments);
  const first = installments[0] as ScheduledInstallment;
  const last = installments[installments.length - 1] as ScheduledInstallment;
  return {
    amount,
    durationMonths,
    annualRatePercent,
    monthlyPayment: first.amount,
    lastPayment: last.amount,
    totalCost: totals.total,
    totalInterest: totals.interest,
  };
}
