import { Check } from "lucide-react";
import { cx } from "../../../components/class-names";
import type { WizardStep } from "./loan-draft";

export const stepTitles: Record<WizardStep, string> = {
  1: "Informations du prêt",
  2: "Documents justificatifs",
};

export function stepHeading(step: WizardStep): string {
  return `Étape ${step} sur 2 : ${stepTitles[step]}`;
}

/** The two steps, the current one marked (in words for screen readers, not by colour alone). */
export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <ol aria-label="Étapes de la demande" className="mb-6 grid grid-cols-2 gap-3">
      {([1, 2] as const).map((item) => {
        const current = item === step;
        const done = item < step;
        return (
          <li key={item} aria-current={current ? "step" : undefined} className="min-w-0">
            <span
              aria-hidden="true"
              className={cx(
                "block h-1.5 rounded-full",
                current || done ? "bg-brand-700" : "bg-slate-200",
              )}
            />
            <span className="mt-2 flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className={cx(
                  "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                  done && "bg-brand-700 text-white",
                  current && "bg-brand-700 text-white ring-4 ring-brand-100",
                  !current && !done && "bg-slate-200 text-slate-700",
                )}
              >
                {done ? <Check className="size-3.5" /> : item}
              </span>
              <span
                className={cx(
                  "min-w-0",
                  current ? "font-semibold text-slate-900" : "text-slate-600",
                )}
              >
                <span className="sr-only">
                  Étape {item}
                  {done ? " (terminée)" : ""} :{" "}
                </span>
                {stepTitles[item]}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
