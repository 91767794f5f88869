import {
  AlarmClock,
  Banknote,
  HandCoins,
  type LucideIcon,
  ShieldAlert,
  Wallet,
} from "lucide-react";
import { Link } from "react-router";
import type { PortfolioFiguresJson, PortfolioStatsJson } from "../../../../domain/api/servicing";
import { type OfficeId, officeCity } from "../../../../domain/firm";
import { formatFcfa, formatNumber } from "../../../../domain/format-fcfa";
import { formatFrenchNumber } from "../../../../domain/french-digits";
import { parDays } from "../../../../domain/portfolio";
import { Card, CardHeader } from "../../../components/card";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";
import { paths } from "../../../paths";
import { officeGroupLabel } from "./assign-options";

// The portfolio figures microfinance reports (issue 28; their definitions: domain/portfolio.ts),
// for the firm or the office the dashboard is read for, then the three offices side by side.

/**
 * 0.0834 -> "8,3 %". Not portfolio.ts's formatShare: that one goes through Intl, whose first use
 * costs the page's hydration its ICU start-up (french-digits.ts says why it is avoided here).
 */
export function formatPar(share: number): string {
  return `${formatFrenchNumber(share * 100, { maxFraction: 1 })}\u202f%`;
}

/** What PAR30 means, in the words a loan officer uses. */
export const parHint = `Part de l'encours dont une échéance a plus de ${parDays} jours de retard`;

type Figure = {
  label: string;
  value: string;
  detail: string;
  /** The list of the loans the figure counts, when there is one. */
  to?: string;
  icon: LucideIcon;
  tone: string;
};

function loansList(suivi: string, office: OfficeId | undefined): string {
  const search = new URLSearchParams({ suivi });
  if (office) search.set("agence", office);
  return `${paths.admin.loans}?${search}`;
}

function figuresOf(figures: PortfolioFiguresJson, office: OfficeId | undefined): Figure[] {
  return [
    {
      label: "Encours",
      value: formatFcfa(figures.outstandingPrincipal),
      detail: "capital restant dû sur les prêts décaissés",
      icon: Wallet,
      tone: "bg-brand-50 text-brand-700",
    },
    {
      label: `PAR${parDays}`,
      value: formatPar(figures.par30),
      detail: `${parHint} (${formatFcfa(figures.atRiskPrincipal)})`,
      to: loansList("en_retard", office),
      icon: ShieldAlert,
      tone: figures.par30 > 0 ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-700",
    },
    {
      label: "Prêts en retard",
      value: formatNumber(figures.arrearsCount),
      detail: `${formatFcfa(figures.arrearsAmount)} d'échéances impayées`,
      to: loansList("en_retard", office),
      icon: AlarmClock,
      tone: figures.arrearsCount > 0 ? "bg-amber-50 text-amber-700" : "bg-slate-100 text-slate-700",
    },
    {
      label: "Encaissé ce mois-ci",
      value: formatFcfa(figures.collectedThisMonth),
      detail: "remboursements reçus depuis le 1er du mois",
      icon: HandCoins,
      tone: "bg-emerald-50 text-emerald-700",
    },
    {
      label: "Prêts actifs",
      value: formatNumber(figures.activeLoans),
      detail: "décaissés et non soldés",
      to: loansList("en_remboursement", office),
      icon: Banknote,
      tone: "bg-sky-50 text-sky-700",
    },
  ];
}

function FigureContent({ figure }: { figure: Figure }) {
  return (
    <>
      <span className={`rounded-lg p-2.5 ${figure.tone}`}>
        <figure.icon aria-hidden="true" className="size-6" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-600 group-hover:text-brand-700">
          {figure.label}
        </span>
        <span className="mt-1 block text-2xl font-bold break-words text-slate-900 tabular-nums">
          {figure.value}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">{figure.detail}</span>
      </span>
    </>
  );
}

/** "2 prêts · 45 000 FCFA": how many loans are late, and what their late instalments owe. */
function arrears(figures: PortfolioFiguresJson): string {
  const count = figures.arrearsCount;
  return `${formatNumber(count)} prêt${count > 1 ? "s" : ""} · ${formatFcfa(figures.arrearsAmount)}`;
}

const figureClasses = "flex h-full items-start gap-4 rounded-xl border border-slate-200 p-4";

type OfficeRow = { office: OfficeId; figures: PortfolioFiguresJson };

/** The three offices in one table (cards on a phone): where the risk and the money are. */
function OfficesTable({ offices }: { offices: OfficeRow[] }) {
  const amount = "px-4 py-3 text-right tabular-nums whitespace-nowrap";
  const amountHeader = "px-4 py-3 text-right";
  return (
    <ResponsiveList
      items={offices}
      itemKey={(row) => row.office}
      label="Portefeuille par agence"
      tableMinWidth={760}
      columns={[
        {
          id: "office",
          header: "Agence",
          headerClassName: "px-4 py-3",
          className: "px-4 py-3 font-medium text-slate-900",
          cell: (row) => officeCity(row.office),
        },
        {
          id: "outstanding",
          header: "Encours",
          headerClassName: amountHeader,
          className: amount,
          cell: (row) => formatFcfa(row.figures.outstandingPrincipal),
        },
        {
          id: "par",
          header: `PAR${parDays}`,
          headerClassName: amountHeader,
          className: amount,
          cell: (row) => formatPar(row.figures.par30),
        },
        {
          id: "arrears",
          header: "En retard",
          headerClassName: amountHeader,
          className: amount,
          cell: (row) => arrears(row.figures),
        },
        {
          id: "collected",
          header: "Encaissé ce mois-ci",
          headerClassName: amountHeader,
          className: amount,
          cell: (row) => formatFcfa(row.figures.collectedThisMonth),
        },
        {
          id: "active",
          header: "Prêts actifs",
          headerClassName: amountHeader,
          className: amount,
          cell: (row) => formatNumber(row.figures.activeLoans),
        },
      ]}
      card={(row) => (
        <>
          <p className="font-semibold text-slate-900">{officeCity(row.office)}</p>
          <CardFields>
            <CardField label="Encours">{formatFcfa(row.figures.outstandingPrincipal)}</CardField>
            <CardField label={`PAR${parDays}`}>{formatPar(row.figures.par30)}</CardField>
            <CardField label="En retard">{arrears(row.figures)}</CardField>
            <CardField label="Encaissé ce mois-ci">
              {formatFcfa(row.figures.collectedThisMonth)}
            </CardField>
            <CardField label="Prêts actifs">{formatNumber(row.figures.activeLoans)}</CardField>
          </CardFields>
        </>
      )}
    />
  );
}

/**
 * The portfolio's figures for the firm, or for the office the dashboard is read for (the rest of
 * the page follows that choice too), each leading to the loans it counts; then the offices.
 */
export function DashboardPortfolio({
  portfolio,
  office,
}: {
  portfolio: PortfolioStatsJson;
  office?: OfficeId;
}) {
  const shown = office
    ? (portfolio.offices.find((row) => row.office === office)?.figures ?? portfolio.firm)
    : portfolio.firm;
  return (
    <Card aria-labelledby="portfolio-title">
      <CardHeader
        id="portfolio-title"
        title="Portefeuille de prêts"
        description={
          office
            ? `Prêts décaissés de l'${officeGroupLabel(office).replace(/^Agence/, "agence")}.`
            : "Prêts décaissés de toute l'entreprise."
        }
      />
      <ul
        aria-label="Chiffres du portefeuille"
        className="grid gap-4 px-5 py-5 sm:grid-cols-2 xl:grid-cols-3"
      >
        {figuresOf(shown, office).map((figure) => (
          <li key={figure.label}>
            {figure.to ? (
              <Link
                to={figure.to}
                className={`group bg-white transition-colors hover:border-brand-300 ${figureClasses}`}
              >
                <FigureContent figure={figure} />
              </Link>
            ) : (
              <div className={figureClasses}>
                <FigureContent figure={figure} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-100">
        <h3 className="px-5 pt-4 pb-2 text-base font-semibold text-slate-900">Par agence</h3>
        <OfficesTable offices={portfolio.offices} />
      </div>
    </Card>
  );
}
