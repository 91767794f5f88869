import { ArrowRight, Users } from "lucide-react";
import { Link } from "react-router";
import {
  type AdminClientSummaryJson,
  personInitials,
  personName,
} from "../../../../domain/api/admin-clients";
import { formatDate } from "../../../../domain/format-date";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { paths } from "../../../paths";

/** The dashboard's five latest clients, each leading to its file. */
export function DashboardLatestClients({
  clients,
}: {
  clients: readonly AdminClientSummaryJson[];
}) {
  return (
    <Card aria-labelledby="latest-clients-title" className="overflow-hidden">
      <CardHeader
        id="latest-clients-title"
        title="Nouveaux clients"
        actions={
          <ButtonLink to={paths.admin.clients} variant="outline" size="sm">
            Voir tout<span className="sr-only"> (clients)</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        }
      />
      {clients.length === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<Users aria-hidden="true" className="size-10" />}
            title="Aucun client trouvé."
          />
        </div>
      ) : (
        <ul
          aria-label="Les clients inscrits le plus récemment"
          className="divide-y divide-slate-100"
        >
          {clients.map((client) => (
            <li key={client.id}>
              <Link
                to={paths.admin.client(client.id)}
                className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50"
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                >
                  {personInitials(client)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">
                    {personName(client)}
                  </span>
                  <span className="block truncate text-sm text-slate-600">{client.email}</span>
                </span>
                <span className="shrink-0 text-right text-xs text-slate-600">
                  <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
                  <span className="block">
                    {client.loanCount} demande{client.loanCount > 1 ? "s" : ""}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
