import { AlertTriangle, CheckCircle2, Clock, Flag, type LucideIcon, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import type { ClientLoanJson } from "../../../../domain/api/loans";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { type LoanStatus, loanStatusLabels } from "../../../../domain/loan-status";
import { cx } from "../../../components/class-names";

type Tone = { box: string; icon: string; Icon: LucideIcon };

const underReview: Tone = {
  box: "border-brand-200 bg-brand-50 text-brand-900",
  icon: "text-brand-700",
  Icon: Clock,
};

const tones: Record<LoanStatus, Tone> = {
  pending: underReview,
  in_review: underReview,
  info_requested: {
    box: "border-orange-300 bg-orange-50 text-orange-950",
    icon: "text-orange-700",
    Icon: AlertTriangle,
  },
  approved: {
    box: "border-emerald-300 bg-emerald-50 text-emerald-900",
    icon: "text-emerald-700",
    Icon: CheckCircle2,
  },
  rejected: { box: "border-red-300 bg-red-50 text-red-900", icon: "text-red-700", Icon: XCircle },
  completed: {
    box: "border-slate-300 bg-slate-50 text-slate-900",
    icon: "text-slate-600",
    Icon: Flag,
  },
};

export const loanBannerTexts = {
  pending:
    "Votre demande a bien été reçue : elle est en attente d'examen par nos conseillers. Vous serez informé par e-mail dès qu'une décision sera prise.",
  underReview:
    "Votre demande est en cours d'examen par nos conseillers. Vous serez informé par e-mail dès qu'une décision sera prise.",
  approved:
    "Félicitations, votre demande a été approuvée ! Un conseiller va vous appeler prochainement pour finaliser votre prêt.",
  rejected: "Votre demande de prêt n'a pas été acceptée.",
  rejectedGeneric:
    "Nous sommes au regret de ne pas pouvoir donner une suite favorable à votre demande. Votre conseiller reste à votre disposition pour en parler.",
  infoRequested:
    "Votre conseiller a besoin d'éléments complémentaires pour poursuivre l'examen de votre dossier. Envoyez-les depuis cette page : l'examen reprendra dès leur réception.",
  completed: "Ce prêt a été entièrement remboursé.",
} as const;

function ApprovedTerms({ loan }: { loan: ClientLoanJson }) {
  // Terms not set yet by the officer are simply left out.
  const terms = [
    loan.approvedAmount !== null ? ["Montant approuvé", formatFcfa(loan.approvedAmount)] : null,
    loan.interestRate !== null ? ["Taux annuel", formatRate(loan.interestRate)] : null,
    loan.monthlyPayment !== null ? ["Mensualité", formatFcfa(loan.monthlyPayment)] : null,
  ].filter((term): term is [string, string] => term !== null);
  if (terms.length === 0) return null;
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-3">
      {terms.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-white/70 px-3 py-2">
          <dt className="text-xs font-medium text-emerald-800">{label}</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function bannerBody(loan: ClientLoanJson): ReactNode {
  switch (loan.status) {
    case "pending":
      return <p>{loanBannerTexts.pending}</p>;
    case "in_review":
      return <p>{loanBannerTexts.underReview}</p>;
    case "info_requested":
      return <p>{loanBannerTexts.infoRequested}</p>;
    case "approved":
      return (
        <>
          <p>{loanBannerTexts.approved}</p>
          <ApprovedTerms loan={loan} />
        </>
      );
    case "rejected":
      return (
        <>
          <p>{loanBannerTexts.rejected}</p>
          {loan.rejectionReason ? (
            <p className="mt-2 whitespace-pre-line break-words">
              <span className="font-semibold">Motif : </span>
              {loan.rejectionReason}
            </p>
          ) : (
            <p className="mt-2">{loanBannerTexts.rejectedGeneric}</p>
          )}
        </>
      );
    case "completed":
      return <p>{loanBannerTexts.completed}</p>;
  }
}

/** Where the request stands, in words (the colour and icon only repeat it). */
export function LoanStatusBanner({ loan }: { loan: ClientLoanJson }) {
  const { box, icon, Icon } = tones[loan.status];
  return (
    <section
      aria-labelledby="loan-status-title"
      className={cx("flex items-start gap-3 rounded-xl border px-4 py-4 sm:px-5", box)}
    >
      <Icon aria-hidden="true" className={cx("mt-0.5 size-6 shrink-0", icon)} />
      <div className="min-w-0 flex-1">
        <h2 id="loan-status-title" className="font-semibold">
          Statut de votre demande : {loanStatusLabels[loan.status]}
        </h2>
        <div className="mt-1 text-sm">{bannerBody(loan)}</div>
      </div>
    </section>
  );
}
