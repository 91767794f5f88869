import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { AdminMonthJson } from "../../../../domain/api/admin-stats";
import { formatFcfa, formatNumber } from "../../../../domain/format-fcfa";
import { type LoanStatus, loanStatuses, loanStatusLabels } from "../../../../domain/loan-status";
import { Card, CardHeader } from "../../../components/card";
import { Spinner } from "../../../components/spinner";
import { lazyFormatter } from "../../../lib/lazy-formatter";
import type { BarSeries } from "./dashboard-bar-chart";
import { longMonthLabel, shortMonthLabel } from "./dashboard-months";

// chart.js (about 50 KiB gzipped) lives in a chunk of its own, fetched when a chart's box comes
// near the screen: on a desk it is in view at once; on a phone, below the figures, it is not
// fetched and run while the page loads (measured: it was most of /admin's blocking time).
const BarChart = lazy(() => import("./dashboard-bar-chart"));

/** True once the element has come within a screen's height of the viewport. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** The colour of each status in the chart; the legend and the table name them in words. */
const statusColors: Record<LoanStatus, string> = {
  pending: "#f59e0b",
  in_review: "#0ea5e9",
  info_requested: "#ea580c",
  approved: "#059669",
  rejected: "#dc2626",
  completed: "#64748b",
};

const compact = lazyFormatter(
  () => new Intl.NumberFormat("fr-FR", { notation: "compact", maximumFractionDigits: 1 }),
);
const formatRequests = (value: number) =>
  `${formatNumber(value)} demande${Math.abs(value) > 1 ? "s" : ""}`;
const formatCount = (value: number) => formatNumber(value);
const formatAmountTick = (value: number) => compact().format(value);

/**
 * The chart's box keeps its height while the library loads: the page does not jump. Its chart
 * is rendered (and its code fetched) once the box nears the screen.
 */
function ChartFrame({ children }: { children: ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="relative h-72 w-full">
      {near ? children : <ChartPlaceholder label="Chargement du graphique…" />}
    </div>
  );
}

function ChartPlaceholder({ label }: { label: string }) {
  return (
    <div className="flex h-full items-center justify-center" role="status">
      <Spinner className="size-8 border-4 border-brand-200 border-t-brand-700" label={label} />
    </div>
  );
}

/** The chart's figures as a table, for screen readers and for whoever wants the numbers. */
function DataToggle({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="group mt-4 border-t border-slate-100 pt-3">
      <summary className="inline-flex min-h-10 cursor-pointer items-center rounded-md px-1 text-sm font-semibold text-brand-700 hover:underline">
        Voir les données
      </summary>
      {/* Scrolls sideways in its own box on a phone; focusable so a keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus. */}
      <section aria-label={label} tabIndex={0} className="mt-2 overflow-x-auto">
        {children}
      </section>
    </details>
  );
}

const thClasses = "px-3 py-2 font-semibold whitespace-nowrap";
const tdClasses = "px-3 py-1.5 text-right whitespace-nowrap tabular-nums";

type DataColumn = { label: string; value: (month: AdminMonthJson) => string; strong?: boolean };

type MonthlyChartCardProps = {
  id: string;
  title: string;
  subtitle: string;
  months: readonly AdminMonthJson[];
  /** The bars: one series per colour, one value per month. */
  series: (months: readonly AdminMonthJson[]) => BarSeries[];
  stacked?: boolean;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  /** The chart in words, for screen readers. */
  description: string;
  /** The data table: one row per month, these columns after the month. */
  columns: readonly DataColumn[];
  caption: string;
};

/** One chart of the last twelve months in its card, with its figures in a table below it. */
function MonthlyChartCard({
  id,
  title,
  subtitle,
  months,
  series,
  stacked = false,
  formatValue,
  formatTick,
  description,
  columns,
  caption,
}: MonthlyChartCardProps) {
  const chart = useMemo(
    () => ({
      labels: months.map((month) => shortMonthLabel(month.month)),
      titles: months.map((month) => longMonthLabel(month.month)),
      series: series(months),
    }),
    [months, series],
  );
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={subtitle} />
      <div className="px-5 py-4">
        <ChartFrame>
          <Suspense fallback={<ChartPlaceholder label="Chargement du graphique…" />}>
            <BarChart
              {...chart}
              stacked={stacked}
              formatValue={formatValue}
              formatTick={formatTick}
              description={`${description} Les chiffres sont dans le tableau de données qui suit.`}
            />
          </Suspense>
        </ChartFrame>
        <DataToggle label={`Données : ${caption.toLowerCase()}`}>
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-slate-200 text-left text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className={thClasses}>
                  Mois
                </th>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={`${thClasses} text-right`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className={`${thClasses} text-left font-medium text-slate-800`}>
                    {longMonthLabel(month.month)}
                  </th>
                  {columns.map((column) => (
                    <td
                      key={column.label}
                      className={column.strong ? `${tdClasses} font-semibold` : tdClasses}
                    >
                      {column.value(month)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </DataToggle>
      </div>
    </Card>
  );
}

const monthTotal = (month: AdminMonthJson) =>
  loanStatuses.reduce((sum, status) => sum + month.loansByStatus[status], 0);

const requestColumns: DataColumn[] = [
  ...loanStatuses.map((status) => ({
    label: loanStatusLabels[status],
    value: (month: AdminMonthJson) => formatNumber(month.loansByStatus[status]),
  })),
  { label: "Total", value: (month) => formatNumber(monthTotal(month)), strong: true },
];

const requestSeries = (months: readonly AdminMonthJson[]) =>
  loanStatuses.map(
    (status): BarSeries => ({
      label: loanStatusLabels[status],
      color: statusColors[status],
      values: months.map((month) => month.loansByStatus[status]),
    }),
  );

const amountColumns: DataColumn[] = [
  { label: "Montant approuvé", value: (month) => formatFcfa(month.approvedAmount) },
];

const amountSeries = (months: readonly AdminMonthJson[]): BarSeries[] => [
  {
    label: "Montant approuvé",
    color: statusColors.approved,
    values: months.map((month) => month.approvedAmount),
  },
];

/** The dashboard's two charts over the last twelve months, with their data tables. */
export function DashboardCharts({ months }: { months: readonly AdminMonthJson[] }) {
  return (
    <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
      <MonthlyChartCard
        id="requests-chart-title"
        title="Demandes par mois"
        subtitle="Demandes déposées chaque mois sur 12 mois, par statut actuel"
        months={months}
        series={requestSeries}
        stacked
        formatValue={formatRequests}
        formatTick={formatCount}
        description="Histogramme empilé des demandes de prêt déposées chaque mois sur les 12 derniers mois, par statut."
        columns={requestColumns}
        caption="Demandes de prêt déposées par mois et par statut"
      />
      <MonthlyChartCard
        id="amount-chart-title"
        title="Montant approuvé par mois"
        subtitle="En FCFA, au mois de l'approbation"
        months={months}
        series={amountSeries}
        formatValue={formatFcfa}
        formatTick={formatAmountTick}
        description="Histogramme du montant approuvé chaque mois, en FCFA, sur les 12 derniers mois."
        columns={amountColumns}
        caption="Montant approuvé par mois, en FCFA"
      />
    </div>
  );
}
