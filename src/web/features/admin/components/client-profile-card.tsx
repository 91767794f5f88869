import {
  type AdminClientJson,
  personInitials,
  personName,
  postalAddress,
} from "../../../../domain/api/admin-clients";
import { formatDate } from "../../../../domain/format-date";
import { Card, CardHeader } from "../../../components/card";
import { ClosedAccountBadge } from "./closed-account-badge";

function Missing({ feminine = false }: { feminine?: boolean }) {
  return <span className="text-slate-500">{feminine ? "Non renseignée" : "Non renseigné"}</span>;
}

/** The client card: initials, name, e-mail, phone, address and registration date. */
export function ClientProfileCard({ client }: { client: AdminClientJson }) {
  const place = postalAddress(client);
  return (
    <Card aria-labelledby="client-card-title">
      <CardHeader id="client-card-title" title="Informations du client" />
      <div className="px-5 py-5">
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {personInitials(client)}
          </span>
          <p className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {personName(client)}
            <ClosedAccountBadge closedAt={client.closedAt} />
          </p>
        </div>
        <dl className="mt-5 grid gap-3 text-sm">
          <div>
            <dt className="font-medium text-slate-600">Adresse e-mail</dt>
            <dd className="break-words">
              <a href={`mailto:${client.email}`} className="text-brand-700 hover:underline">
                {client.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Téléphone</dt>
            <dd className="text-slate-900">
              {client.phone ? (
                <a
                  href={`tel:${client.phone.replace(/[^\d+]/g, "")}`}
                  className="text-brand-700 hover:underline"
                >
                  {client.phone}
                </a>
              ) : (
                <Missing />
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Adresse</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">
              {place || <Missing feminine />}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Inscrit le</dt>
            <dd className="text-slate-900">
              <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
