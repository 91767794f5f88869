import { ArrowRight, FilePlus2, FolderOpen } from "lucide-react";
import { Link } from "react-router";
import { dashboardListSize } from "../../../../domain/api/loans";
import { maxPageSize } from "../../../../domain/api/page";
import { PageTitle } from "../../../components/page-title";
import { useAuth } from "../../../lib/auth/auth-provider";
import { displayName } from "../../../lib/auth/user";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { ActionRequiredCard } from "../complement/action-required-card";
import { RecentDocumentsCard } from "../components/recent-documents-card";
import { RecentLoansCard } from "../components/recent-loans-card";
import type { Route } from "./+types/dashboard-page";

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
 * The requests waiting for complements (all of them, for "Action requise"), and the latest
 * requests and documents.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const latest = { page: "1", pageSize: String(dashboardListSize) };
  const [awaiting, loans, documents] = await Promise.all([
    reader.clientLoans({ status: "info_requested", page: "1", pageSize: String(maxPageSize) }),
    reader.clientLoans(latest),
    reader.documents(latest),
  ]);
  return { awaiting: awaiting.items, loans, documents };
}

export default function ClientDashboardPage({ loaderData }: Route.ComponentProps) {
  const { user } = useAuth();
  const { awaiting, loans, documents } = loaderData;
  return (
    <>
      <PageTitle
        title="Tableau de bord"
        description={
          user ? <span className="text-lg text-slate-700">Bonjour, {displayName(user)}</span> : null
        }
      />
      <ActionRequiredCard waiting={awaiting} />
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
        <RecentLoansCard loans={loans} />
        <RecentDocumentsCard documents={documents} />
      </div>
    </>
  );
}
