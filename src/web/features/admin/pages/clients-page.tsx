import { Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { adminClientMessages } from "../../../../domain/api/admin-clients";
import { maxSearchLength } from "../../../../domain/api/admin-loans";
import { areaHeadings } from "../../../../domain/area-routes";
import { Alert } from "../../../components/alert";
import { Card } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { PageTitle } from "../../../components/page-title";
import { Pagination, readPageParam, usePageParam } from "../../../components/pagination";
import { PageSpinner } from "../../../components/spinner";
import { useFilterParam } from "../../../lib/use-filter-param";
import { useAdminClients } from "../api/get-clients";
import { ClientSearchBox } from "../components/client-search-box";
import { ClientTable } from "../components/client-table";

export default function AdminClientsPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim().slice(0, maxSearchLength);
  const page = readPageParam(params.get("page"));
  const clients = useAdminClients({ q: q || undefined, page });
  const data = clients.data;
  const { pages, hrefFor } = usePageParam(page, clients);

  const setFilter = useFilterParam<"q">();
  // Each key typed is not a page to go back to.
  const search = (term: string) => setFilter("q", term, true);

  const found = data
    ? data.total === 0
      ? adminClientMessages.noClientFound
      : `${data.total} client${data.total > 1 ? "s" : ""}`
    : "";

  return (
    <>
      <PageTitle {...areaHeadings.adminClients} />
      <ClientSearchBox q={q} onSearch={search} />
      {/* What a search found, announced without moving the focus from the search box. */}
      <p className="sr-only" aria-live="polite">
        {found}
      </p>
      {clients.isPending ? (
        <PageSpinner label="Chargement des clients…" />
      ) : clients.isError ? (
        <Alert>
          {adminClientMessages.listFailed} : {clients.error.message}
        </Alert>
      ) : clients.data.total === 0 ? (
        <EmptyState
          icon={<Users aria-hidden="true" className="size-10" />}
          title={adminClientMessages.noClientFound}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {clients.data.total} client{clients.data.total > 1 ? "s" : ""}
            {pages > 1 ? ` · page ${Math.min(page, pages)} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <ClientTable clients={clients.data.items} />
          </Card>
          <Pagination page={page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
