import { useEffect } from "react";
import { adminStatsMessages } from "../../../../domain/api/admin-stats";
import { LoadError } from "../../../components/load-error";
import { PageTitle } from "../../../components/page-title";
import { PageSpinner } from "../../../components/spinner";
import { useAuth } from "../../../lib/auth/auth-provider";
import { displayName } from "../../../lib/auth/user";
import { useAdminMonthlyStats } from "../api/get-monthly-stats";
import { useAdminStats } from "../api/get-stats";
import { DashboardCharts, preloadCharts } from "../components/dashboard-charts";
import { DashboardLatestClients } from "../components/dashboard-latest-clients";
import { DashboardLatestLoans } from "../components/dashboard-latest-loans";
import { DashboardQuickActions } from "../components/dashboard-quick-actions";
import { DashboardStatCards } from "../components/dashboard-stat-cards";

export default function AdminDashboardPage() {
  const { user } = useAuth();
  const stats = useAdminStats();
  // The charts' data and code are asked at once, beside the figures, not once their cards appear.
  useAdminMonthlyStats();
  useEffect(preloadCharts, []);
  return (
    <>
      <PageTitle
        title="Tableau de bord"
        description={
          user ? <span className="text-lg text-slate-700">Bonjour, {displayName(user)}</span> : null
        }
      />
      {stats.isPending ? (
        <PageSpinner label="Chargement des statistiques…" />
      ) : stats.isError ? (
        <LoadError message={adminStatsMessages.loadFailed} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <DashboardStatCards cards={stats.data.cards} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <DashboardLatestLoans loans={stats.data.latestLoans} />
            <div className="grid grid-cols-1 content-start gap-6">
              <DashboardQuickActions />
              <DashboardLatestClients clients={stats.data.latestClients} />
            </div>
          </div>
          <DashboardCharts />
        </div>
      )}
    </>
  );
}
