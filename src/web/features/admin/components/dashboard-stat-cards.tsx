import {
  AlarmClock,
  CheckCircle2,
  Clock,
  FileText,
  type LucideIcon,
  Timer,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdminStatsJson } from "../../../../domain/api/admin-stats";
import { formatHours } from "../../../../domain/decision-promise";
import type { OfficeId } from "../../../../domain/firm";
import { formatFcfa, formatNumber } from "../../../../domain/format-fcfa";
import { paths } from "../../../paths";

type StatCard = {
  label: string;
  value: string;
  detail?: string;
  /** Where the figure's list is; none for a figure no list shows (the median). */
  to?: string;
  icon: LucideIcon;
  tone: string;
};

/** The officers' list with these filters, and the dashboard's office when one is chosen. */
function loansList(office: OfficeId | undefined, filters: Record<string, string> = {}): string {
  const search = new URLSearchParams(filters);
  if (office) search.set("agence", office);
  const query = search.toString();
  return query ? `${paths.admin.loans}?${query}` : paths.admin.loans;
}

const cardClasses =
  "flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs";

function CardContent({ item }: { item: StatCard }): ReactNode {
  return (
    <>
      <span className={`rounded-lg p-2.5 ${item.tone}`}>
        <item.icon aria-hidden="true" className="size-6" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-600 group-hover:text-brand-700">
          {item.label}
        </span>
        <span className="mt-1 block text-2xl font-bold text-slate-900 tabular-nums">
          {item.value}
        </span>
        {item.detail ? (
          <span className="mt-0.5 block text-sm text-slate-600">{item.detail}</span>
        ) : null}
      </span>
    </>
  );
}

/**
 * The figures at the top of /admin, for the whole firm or one office; each leads to the list it
 * counts, filtered the same way.
 */
export function DashboardStatCards({
  cards,
  office,
}: {
  cards: AdminStatsJson["cards"];
  office?: OfficeId;
}) {
  const items: StatCard[] = [
    {
      label: "Demandes de prêt",
      value: formatNumber(cards.totalLoans),
      to: loansList(office),
      icon: FileText,
      tone: "bg-brand-50 text-brand-700",
    },
    {
      label: "Clients",
      value: formatNumber(cards.clients),
      // Read for one office: the clients with a request there (the clients' list has no office).
      detail: office ? "avec une demande dans l'agence" : undefined,
      to: paths.admin.clients,
      icon: Users,
      tone: "bg-sky-50 text-sky-700",
    },
    {
      label: "Demandes en attente",
      value: formatNumber(cards.pendingLoans),
      to: loansList(office, { status: "pending" }),
      icon: Clock,
      tone: "bg-amber-50 text-amber-700",
    },
    {
      label: "Demandes approuvées",
      value: formatNumber(cards.approvedLoans),
      // Completed loans count too: they were granted before being repaid.
      detail: `${formatFcfa(cards.approvedAmount)} accordés`,
      to: loansList(office, { status: "approved" }),
      icon: CheckCircle2,
      tone: "bg-emerald-50 text-emerald-700",
    },
    {
      label: "En retard (> 48 h)",
      value: formatNumber(cards.overdueLoans),
      detail: "sans décision depuis plus de 48 h",
      to: loansList(office, { retard: "1" }),
      icon: AlarmClock,
      tone: cards.overdueLoans > 0 ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-700",
    },
    {
      label: "Délai médian de décision (30 jours)",
      value: formatHours(cards.medianDecisionHours),
      detail:
        cards.medianDecisionHours === null
          ? "aucune décision sur 30 jours"
          : "de la soumission à la décision",
      icon: Timer,
      tone: "bg-violet-50 text-violet-700",
    },
  ];
  return (
    <ul aria-label="Statistiques" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.label}>
          {item.to ? (
            <Link
              to={item.to}
              className={`group transition-colors hover:border-brand-300 ${cardClasses}`}
            >
              <CardContent item={item} />
            </Link>
          ) : (
            <div className={cardClasses}>
              <CardContent item={item} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
