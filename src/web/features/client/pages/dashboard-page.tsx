import { ArrowRight, FilePlus2, FolderOpen } from "lucide-react";
import { Link } from "react-router";
import { dashboardListSize } from "../../../../domain/api/loans";
import { PageTitle } from "../../../components/page-title";
import { SectionSpinner } from "../../../components/section-spinner";
import { useAuth } from "../../../lib/auth/auth-provider";
import { displayName } from "../../../lib/auth/user";
import { paths } from "../../../paths";
import { useDocuments } from "../api/get-documents";
import { useLoans } from "../api/get-loans";
import { ActionRequiredCard } from "../complement/action-required-card";
import { RecentDocumentsCard } from "../components/recent-documents-card";
import { RecentLoansCard } from "../components/recent-loans-card";

const shortcuts = [
  {
    to: paths.client.newLoan,
    title: "Demander un prêt",
    text: "Remplissez votre demande en deux étapes et joignez vos justificatifs.",
    icon: FilePlus2,
  },
  {
    to: paths.client.documents,
    title: "Mes documents",
    text: "Ajoutez ou consultez vos pièces justificatives.",
    icon: FolderOpen,
  },
] as const;

/**
 * The two lists show together, once both have answered: the first to answer would otherwise be
 * pushed down the screen by the other (the same queries as the cards', so asked for once).
 */
function RecentCards() {
  const loans = useLoans({ page: 1, pageSize: dashboardListSize });
  const documents = useDocuments({ page: 1, pageSize: dashboardListSize });
  if (loans.isPending || documents.isPending) {
    return <SectionSpinner label="Chargement de vos demandes et documents…" />;
  }
  return (
    <>
      <RecentLoansCard />
      <RecentDocumentsCard />
    </>
  );
}

export default function ClientDashboardPage() {
  const { user } = useAuth();
  return (
    <>
      <PageTitle
        title="Tableau de bord"
        description={
          user ? <span className="text-lg text-slate-700">Bonjour, {displayName(user)}</span> : null
        }
      />
      <ActionRequiredCard />
      <ul className="grid gap-4 sm:grid-cols-2">
        {shortcuts.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs transition-colors hover:border-brand-300"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-1 font-semibold text-slate-900">
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-1 block text-sm text-slate-600">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 space-y-6">
        <RecentCards />
      </div>
    </>
  );
}
