import { useSearchParams } from "react-router";
import { adminStatsMessages } from "../../../../domain/api/admin-stats";
import { isOfficeId, offices } from "../../../../domain/firm";
import type { SearchQuery } from "../../../../domain/page-reader";
import { PageTitle } from "../../../components/page-title";
import { RouteLoadError } from "../../../components/route-load-error";
import { SelectField } from "../../../components/select-field";
import { useAuth } from "../../../lib/auth/auth-provider";
import { displayName } from "../../../lib/auth/user";
import { pageContext } from "../../../lib/page-context";
import { useTypedBeforeStart } from "../../../lib/use-typed-before-start";
import { officeGroupLabel } from "../components/assign-options";
import { DashboardCharts } from "../components/dashboard-charts";
import { DashboardLatestClients } from "../components/dashboard-latest-clients";
import { DashboardLatestLoans } from "../components/dashboard-latest-loans";
import { DashboardPortfolio } from "../components/dashboard-portfolio";
import { DashboardQuickActions } from "../components/dashboard-quick-actions";
import { DashboardStatCards } from "../components/dashboard-stat-cards";
import type { Route } from "./+types/dashboard-page";

const officeOptions = offices.map((office) => ({ value: office.id, label: office.city }));

/** The office read (issue 8) lives in the URL, as the lists' filters: shareable, kept on reload. */
function officeOf(params: URLSearchParams) {
  const agence = params.get("agence");
  return isOfficeId(agence) ? agence : undefined;
}

/**
 * The figures, the loan portfolio's (issue 28), the latest requests and clients, and the twelve months of the charts (their data
 * with the page; their code comes when they near the screen), for the firm or one office.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const office = officeOf(new URL(request.url).searchParams);
  const query: SearchQuery = office ? { agence: office } : {};
  // One pass: the portfolio (issue 28) is read beside the rest, all offices at once.
  const [stats, monthly, portfolio] = await Promise.all([
    reader.adminStats(query),
    reader.adminMonthlyStats(query),
    reader.adminPortfolio(),
  ]);
  return { stats, monthly, portfolio };
}

export function ErrorBoundary() {
  return (
    <>
      <PageTitle title="Tableau de bord" />
      <RouteLoadError message={adminStatsMessages.loadFailed} />
    </>
  );
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { stats, monthly, portfolio } = loaderData;
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const office = officeOf(params);

  function setOffice(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set("agence", value);
    else next.delete("agence");
    setParams(next);
  }
  // An office chosen before the page's app has started applies once it has.
  const officeRef = useTypedBeforeStart<HTMLSelectElement>((value) => setOffice(String(value)));

  return (
    <>
      <PageTitle
        title="Tableau de bord"
        description={
          user ? <span className="text-lg text-slate-700">Bonjour, {displayName(user)}</span> : null
        }
        actions={
          <SelectField
            label="Agence"
            placeholder="Toutes les agences"
            options={officeOptions}
            value={office ?? ""}
            ref={officeRef}
            onChange={(event) => setOffice(event.target.value)}
            className="w-full sm:w-56"
          />
        }
      />
      {office ? (
        <p className="-mt-2 mb-4 text-sm text-slate-700" aria-live="polite">
          Chiffres de l'{officeGroupLabel(office).replace(/^Agence/, "agence")}.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6">
        <DashboardStatCards cards={stats.cards} office={office} />
        <DashboardPortfolio portfolio={portfolio} office={office} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <DashboardLatestLoans loans={stats.latestLoans} />
          <div className="grid grid-cols-1 content-start gap-6">
            <DashboardQuickActions />
            <DashboardLatestClients clients={stats.latestClients} />
          </div>
        </div>
        <DashboardCharts months={monthly.months} />
      </div>
    </>
  );
}
