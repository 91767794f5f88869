import { CheckCircle2, Clock, FileText, type LucideIcon, Users } from "lucide-react";
import { Link } from "react-router";
import type { AdminStatsJson } from "../../../../domain/api/admin-stats";
import { formatFcfa, formatNumber } from "../../../../domain/format-fcfa";
import { paths } from "../../../paths";

type StatCard = {
  label: string;
  value: number;
  detail?: string;
  to: string;
  icon: LucideIcon;
  tone: string;
};

/** The four figures at the top of /admin; each leads to the list it counts. */
export function DashboardStatCards({ cards }: { cards: AdminStatsJson["cards"] }) {
  const items: StatCard[] = [
    {
      label: "Demandes de prêt",
      value: cards.totalLoans,
      to: paths.admin.loans,
      icon: FileText,
      tone: "bg-brand-50 text-brand-700",
    },
    {
      label: "Clients",
      value: cards.clients,
      to: paths.admin.clients,
      icon: Users,
      tone: "bg-sky-50 text-sky-700",
    },
    {
      label: "Demandes en attente",
      value: cards.pendingLoans,
      to: `${paths.admin.loans}?status=pending`,
      icon: Clock,
      tone: "bg-amber-50 text-amber-700",
    },
    {
      label: "Demandes approuvées",
      value: cards.approvedLoans,
      // Completed loans count too: they were granted before being repaid.
      detail: `${formatFcfa(cards.approvedAmount)} accordés`,
      to: `${paths.admin.loans}?status=approved`,
      icon: CheckCircle2,
      tone: "bg-emerald-50 text-emerald-700",
    },
  ];
  return (
    <ul aria-label="Statistiques" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {items.map((item) => (
        <li key={item.label}>
          <Link
            to={item.to}
            className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs transition-colors hover:border-brand-300"
          >
            <span className={`rounded-lg p-2.5 ${item.tone}`}>
              <item.icon aria-hidden="true" className="size-6" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-600 group-hover:text-brand-700">
                {item.label}
              </span>
              <span className="mt-1 block text-2xl font-bold text-slate-900 tabular-nums">
                {formatNumber(item.value)}
              </span>
              {item.detail ? (
                <span className="mt-0.5 block text-sm text-slate-600">{item.detail}</span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
