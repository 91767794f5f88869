import { Calculator } from "lucide-react";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatFrenchNumber } from "../../../../domain/french-digits";
import { loanTypeLabels } from "../../../../domain/loan-type";
import type { MonthlyEstimate } from "./loan-form-values";

/** The indicative monthly payment, updated as the client types (announced politely). */
export function MonthlyPaymentPreview({ estimate }: { estimate: MonthlyEstimate | null }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Calculator aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0" aria-live="polite" aria-atomic="true">
        {estimate ? (
          <>
            <p className="text-sm text-slate-700">Mensualité indicative</p>
            <p
              className="text-2xl font-bold tracking-tight text-brand-900"
              data-testid="monthly-payment"
            >
              {formatFcfa(estimate.monthlyPayment)}
              <span className="text-base font-medium text-slate-700"> / mois</span>
            </p>
            <p className="mt-1 text-xs leading-relaxed text-slate-600">
              Estimation sur {estimate.durationMonths} mois au taux indicatif de{" "}
              {formatFrenchNumber(estimate.annualRatePercent, { maxFraction: 2 })} % par an (
              {loanTypeLabels[estimate.loanType].toLowerCase()}), hors assurance et frais de
              dossier. Le taux définitif dépend de l'étude de votre dossier.
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            Choisissez le type de prêt et indiquez le montant et la durée pour voir une estimation
            indicative de votre mensualité.
          </p>
        )}
      </div>
    </div>
  );
}
