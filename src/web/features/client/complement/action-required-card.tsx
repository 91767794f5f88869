import { AlertTriangle, ArrowRight } from "lucide-react";
import { dossierMessages } from "../../../../domain/api/dossier";
import type { LoanSummaryJson } from "../../../../domain/api/loans";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { loanTypeLabels } from "../../../../domain/loan-type";
import { ButtonLink } from "../../../components/button";
import { paths } from "../../../paths";

/**
 * The top of /client when officers wait for complements: every such request (not only the five
 * recent ones), each with its number, its type and the way to answer. Nothing when none waits.
 */
export function ActionRequiredCard({ waiting }: { waiting: readonly LoanSummaryJson[] }) {
  if (waiting.length === 0) return null;
  const several = waiting.length > 1;
  return (
    <section
      aria-labelledby="action-required-title"
      className="mb-6 rounded-xl border border-orange-300 bg-orange-50 px-4 py-4 text-orange-950 sm:px-5"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-orange-700" />
        <div className="min-w-0 flex-1">
          <h2 id="action-required-title" className="text-lg font-semibold">
            {dossierMessages.actionRequired}
          </h2>
          <p className="mt-1 text-sm">
            {several
              ? "Votre conseiller attend des éléments complémentaires pour poursuivre l'examen de vos demandes."
              : "Votre conseiller attend des éléments complémentaires pour poursuivre l'examen de votre demande."}
          </p>
          <ul className="mt-3 space-y-2">
            {waiting.map((loan) => (
              <li
                key={loan.id}
                className="flex flex-col gap-3 rounded-lg bg-white px-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <p className="min-w-0 text-sm text-slate-800">
                  <span className="font-semibold text-slate-900">
                    Demande {formatLoanId(loan.id)}
                  </span>{" "}
                  · {loanTypeLabels[loan.loanType]} · {formatFcfa(loan.amount)}
                  <span className="block text-slate-600">
                    Déposée le <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
                  </span>
                </p>
                <ButtonLink to={paths.client.loan(loan.id)} size="sm" className="shrink-0">
                  Compléter mon dossier
                  <span className="sr-only"> : demande {formatLoanId(loan.id)}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </ButtonLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
