import { useSearchParams } from "react-router";
import { adminStatsMessages } from "../../../../domain/api/admin-stats";
import { isOfficeId, offices } from "../../../../domain/firm";
import { LoadError } from "../../../components/load-error";
import { PageTitle } from "../../../components/page-title";
import { SelectField } from "../../../components/select-field";
import { PageSpinner } from "../../../components/spinner";
import { useAuth } from "../../../lib/auth/auth-provider";
import { displayName } from "../../../lib/auth/user";
import { useTypedBeforeStart } from "../../../lib/use-typed-before-start";
import { useAdminMonthlyStats } from "../api/get-monthly-stats";
import { useAdminStats } from "../api/get-stats";
import { officeGroupLabel } from "../components/assign-options";
import { DashboardCharts } from "../components/dashboard-charts";
import { DashboardLatestClients } from "../components/dashboard-latest-clients";
import { DashboardLatestLoans } from "../components/dashboard-latest-loans";
import { DashboardQuickActions } from "../components/dashboard-quick-actions";
import { DashboardStatCards } from "../components/dashboard-stat-cards";

const officeOptions = offices.map((office) => ({ value: office.id, label: office.city }));

export default function AdminDashboardPage() {
  const { user } = useAuth();
  // The office read (issue 8) lives in the URL, as the list's filters: shareable, kept on reload.
  const [params, setParams] = useSearchParams();
  const agence = params.get("agence");
  const office = isOfficeId(agence) ? agence : undefined;
  const stats = useAdminStats(office);
  // The charts' data is asked at once, beside the figures, not once their cards appear (their
  // code comes when they near the screen).
  const monthly = useAdminMonthlyStats(office);

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
      {stats.isPending ? (
        <PageSpinner label="Chargement des statistiques…" />
      ) : stats.isError ? (
        <LoadError message={adminStatsMessages.loadFailed} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <DashboardStatCards cards={stats.data.cards} office={office} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <DashboardLatestLoans loans={stats.data.latestLoans} />
            <div className="grid grid-cols-1 content-start gap-6">
              <DashboardQuickActions />
              <DashboardLatestClients clients={stats.data.latestClients} />
            </div>
          </div>
          <DashboardCharts monthly={monthly} />
        </div>
      )}
    </>
  );
}
