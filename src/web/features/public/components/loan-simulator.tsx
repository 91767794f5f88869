import { ArrowRight, Calculator } from "lucide-react";
import type { ReactNode } from "react";
import { formatFcfa } from "../../../../domain/format-fcfa";
import {
  indicativeAnnualRates,
  simulateLoan,
  usuryCeilingPercent,
} from "../../../../domain/loan-simulator";
import { isLoanType, type LoanType, loanTypeLabels, loanTypes } from "../../../../domain/loan-type";
import { Button, ButtonAnchor } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { controlBorder, controlClasses } from "../../../components/field";
import { paths } from "../../../paths";

/** The simulator's fields as its form sends them (`?type=&montant=&duree=&taux=`). */
export type SimulatorValues = {
  loanType: LoanType;
  amount: string;
  duration: string;
  /** "" : the loan type's indicative rate. */
  rate: string;
};

const defaultType: LoanType = "personal";
const field = (params: URLSearchParams, name: string, fallback: string, max = 30) =>
  (params.get(name) ?? fallback).trim().slice(0, max);

/** The simulation asked for in a page's address; the default one when nothing is asked. */
export function readSimulatorValues(params: URLSearchParams): SimulatorValues {
  const type = params.get("type");
  return {
    loanType: isLoanType(type) ? type : defaultType,
    amount: field(params, "montant", "1000000"),
    duration: field(params, "duree", "12"),
    rate: field(params, "taux", ""),
  };
}

export type LoanSimulatorProps = {
  /** "compact" (home page): the rate follows the loan type. "full" (services): the rate is editable. */
  variant?: "compact" | "full";
  /** Heading level of the simulator's title in the page's outline. */
  headingLevel?: 2 | 3;
  className?: string;
  /** The section's id (the form comes back to it) and the prefix of its fields' ids. */
  id?: string;
  /** The page's path, where the form sends the simulation asked for. */
  path: string;
  values: SimulatorValues;
};

const rateFormat = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

/**
 * The loan simulator: equal monthly instalments at an indicative rate, from the domain's loan
 * arithmetic (the same code the loan screens and the contract use). The public pages have no
 * script: the form is sent by the browser as a query string, and the server draws the page with
 * the simulation (its loader reads the query), back at the simulator.
 */
export function LoanSimulator({
  variant = "full",
  headingLevel = 2,
  className,
  id = "simulateur",
  path,
  values,
}: LoanSimulatorProps) {
  const indicative = indicativeAnnualRates[values.loanType];
  const effectiveRate = variant === "full" && values.rate !== "" ? values.rate : indicative;
  const result = simulateLoan({
    amount: values.amount,
    durationMonths: values.duration,
    annualRatePercent: effectiveRate,
  });
  const errors = result.ok ? {} : result.errors;
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cx(
        "scroll-mt-20 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm",
        className,
      )}
    >
      <div className="flex items-center gap-3 border-b border-slate-200 bg-brand-50 px-5 py-4 sm:px-6">
        <span className="flex size-10 items-center justify-center rounded-lg bg-brand-700 text-white">
          <Calculator aria-hidden="true" className="size-5" />
        </span>
        <div>
          <Heading id={`${id}-title`} className="text-lg font-bold text-brand-900">
            Simulez votre prêt
          </Heading>
          <p className="text-sm text-slate-600">Estimation indicative, sans engagement</p>
        </div>
      </div>

      <div className={cx("grid gap-6 p-5 sm:p-6", variant === "full" && "lg:grid-cols-2")}>
        <form
          method="get"
          action={`${path}#${id}`}
          className="grid content-start gap-4 sm:grid-cols-2"
          noValidate
        >
          <SimulatorField id={`${id}-type`} label="Type de prêt" className="sm:col-span-2">
            <select
              id={`${id}-type`}
              name="type"
              defaultValue={values.loanType}
              className={cx(controlClasses, controlBorder(undefined))}
            >
              {loanTypes.map((type) => (
                <option key={type} value={type}>
                  {loanTypeLabels[type]} — {rateFormat.format(indicativeAnnualRates[type])} %
                </option>
              ))}
            </select>
          </SimulatorField>

          <SimulatorField
            id={`${id}-amount`}
            label="Montant souhaité (FCFA)"
            error={errors.amount}
            className={variant === "full" ? "sm:col-span-2" : undefined}
          >
            <input
              id={`${id}-amount`}
              name="montant"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              defaultValue={values.amount}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
              className={cx(controlClasses, controlBorder(errors.amount))}
            />
          </SimulatorField>

          <SimulatorField
            id={`${id}-duration`}
            label="Durée (en mois)"
            error={errors.durationMonths}
          >
            <input
              id={`${id}-duration`}
              name="duree"
              type="number"
              inputMode="numeric"
              min={1}
              max={360}
              step={1}
              defaultValue={values.duration}
              aria-invalid={errors.durationMonths ? true : undefined}
              aria-describedby={errors.durationMonths ? `${id}-duration-error` : undefined}
              className={cx(controlClasses, controlBorder(errors.durationMonths))}
            />
          </SimulatorField>

          {variant === "full" ? (
            <SimulatorField
              id={`${id}-rate`}
              label="Taux annuel (%)"
              error={errors.annualRatePercent}
              hint={`Laissé vide : le taux indicatif du type de prêt. Au plus ${usuryCeilingPercent} % par an (taux d'usure).`}
            >
              <input
                id={`${id}-rate`}
                name="taux"
                type="number"
                inputMode="decimal"
                min={0}
                max={usuryCeilingPercent}
                step={0.1}
                defaultValue={values.rate}
                placeholder={rateFormat.format(indicative)}
                aria-invalid={errors.annualRatePercent ? true : undefined}
                aria-describedby={cx(
                  `${id}-rate-hint`,
                  errors.annualRatePercent && `${id}-rate-error`,
                )}
                className={cx(controlClasses, controlBorder(errors.annualRatePercent))}
              />
            </SimulatorField>
          ) : null}
          <Button type="submit" variant="secondary" className="sm:col-span-2">
            Calculer ma mensualité
          </Button>
        </form>

        <div className="flex flex-col justify-between gap-5 rounded-xl bg-brand-900 p-5 text-white">
          <div>
            {result.ok ? (
              <dl className="grid gap-2">
                <div className="mb-2">
                  <dt className="text-sm text-brand-100">Mensualité estimée</dt>
                  <dd
                    className="text-3xl font-bold tracking-tight text-accent-200"
                    data-testid="simulator-monthly"
                  >
                    {formatFcfa(result.simulation.monthlyPayment)}
                  </dd>
                </div>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t border-white/15 pt-4">
                  <dt className="text-sm text-brand-100">Taux annuel appliqué</dt>
                  <dd className="font-semibold" data-testid="simulator-rate">
                    {rateFormat.format(result.simulation.annualRatePercent)} %
                  </dd>
                </div>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                  <dt className="text-sm text-brand-100">Total remboursé</dt>
                  <dd className="font-semibold" data-testid="simulator-total">
                    {formatFcfa(result.simulation.totalCost)}
                  </dd>
                </div>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                  <dt className="text-sm text-brand-100">Dont intérêts</dt>
                  <dd className="font-semibold" data-testid="simulator-interest">
                    {formatFcfa(result.simulation.totalInterest)}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="text-brand-100">
                Corrigez les valeurs saisies pour voir votre mensualité.
              </p>
            )}
          </div>
          <div className="grid gap-3">
            <p className="text-xs leading-relaxed text-brand-100">
              Simulation à titre indicatif, hors assurance et frais de dossier. Le taux définitif
              dépend de l'étude de votre dossier.
            </p>
            <ButtonAnchor href={paths.register} variant="accent" size="lg" fullWidth>
              Faire ma demande
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonAnchor>
          </div>
        </div>
      </div>
    </section>
  );
}

function SimulatorField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx("min-w-0", className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
