import { Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { adminClientMessages, adminClientPageSize } from "../../../../domain/api/admin-clients";
import { maxSearchLength } from "../../../../domain/api/admin-loans";
import { pageCount } from "../../../../domain/api/page";
import { Card } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { PageTitle } from "../../../components/page-title";
import { Pagination, usePageLinks } from "../../../components/pagination";
import { RouteLoadError } from "../../../components/route-load-error";
import { keepPageInRange, listQuery } from "../../../lib/list-query";
import { pageContext } from "../../../lib/page-context";
import { useFilterParam } from "../../../lib/use-filter-param";
import { ClientSearchBox } from "../components/client-search-box";
import { ClientTable } from "../components/client-table";
import type { Route } from "./+types/clients-page";

const heading = { title: "Clients", description: "Les clients inscrits sur la plateforme." };

/** The search typed in the box (`?q=`), as the list takes it. */
function readSearch(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, maxSearchLength);
}

/** The clients, newest first, or those the search finds; 10 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const q = readSearch(new URL(request.url).searchParams);
  const clients = await reader.adminClients(
    listQuery(request, { ...(q ? { q } : {}), pageSize: String(adminClientPageSize) }),
  );
  keepPageInRange(request, clients);
  return { clients };
}

export function ErrorBoundary() {
  return (
    <>
      <PageTitle {...heading} />
      <RouteLoadError message={(detail) => `${adminClientMessages.listFailed} : ${detail}`} />
    </>
  );
}

export default function AdminClientsPage({ loaderData: { clients } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const q = readSearch(params);
  const hrefFor = usePageLinks();
  const pages = pageCount(clients);
  const setFilter = useFilterParam<"q">();
  // Each key typed is not a page to go back to.
  const search = (term: string) => setFilter("q", term, true);
  const found =
    clients.total === 0
      ? adminClientMessages.noClientFound
      : `${clients.total} client${clients.total > 1 ? "s" : ""}`;

  return (
    <>
      <PageTitle {...heading} />
      <ClientSearchBox q={q} onSearch={search} />
      {/* What a search found, announced without moving the focus from the search box. */}
      <p className="sr-only" aria-live="polite">
        {found}
      </p>
      {clients.total === 0 ? (
        <EmptyState
          icon={<Users aria-hidden="true" className="size-10" />}
          title={adminClientMessages.noClientFound}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {found}
            {pages > 1 ? ` · page ${clients.page} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <ClientTable clients={clients.items} />
          </Card>
          <Pagination page={clients.page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
