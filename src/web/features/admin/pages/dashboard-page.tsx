import { PageTitle } from "../../../components/page-title";
import { useAuth } from "../../../lib/auth/auth-provider";
import { displayName } from "../../../lib/auth/user";

export default function AdminDashboardPage() {
  const { user } = useAuth();
  return (
    <PageTitle
      title="Tableau de bord"
      description={
        user ? <span className="text-lg text-slate-700">Bonjour, {displayName(user)}</span> : null
      }
    />
  );
}
