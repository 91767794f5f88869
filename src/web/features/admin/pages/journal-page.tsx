import { Download, ShieldCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { pageCount } from "../../../../domain/api/page";
import {
  type SecurityEventJson,
  type SecurityEventType,
  securityEventLabel,
  securityEventLabels,
  securityEventPageSize,
  securityEventReasonLabel,
  securityEventTypes,
  securityJournalMessages,
} from "../../../../domain/api/security-events";
import { formatDateTime } from "../../../../domain/format-date";
import { describeUserAgent } from "../../../../domain/user-agent";
import { buttonClasses } from "../../../components/button";
import { Card } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { PageTitle } from "../../../components/page-title";
import { Pagination, usePageLinks } from "../../../components/pagination";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";
import { RouteLoadError } from "../../../components/route-load-error";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { keepPageInRange, listQuery } from "../../../lib/list-query";
import { pageContext } from "../../../lib/page-context";
import { useDebouncedSearch } from "../../../lib/use-debounced-search";
import { useFilterParam } from "../../../lib/use-filter-param";
import { useTypedBeforeStart } from "../../../lib/use-typed-before-start";
import {
  type SecurityEventFilterParams,
  securityEventSearch,
  securityEventsExportUrl,
} from "../api/security-event-filter";
import type { Route } from "./+types/journal-page";

const typeOptions = securityEventTypes.map((type) => ({
  value: type,
  label: securityEventLabels[type],
}));

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the URL; a value the server would refuse (an edited link) means no filter. */
function readFilter(params: URLSearchParams): SecurityEventFilterParams {
  const type = params.get("type");
  const du = params.get("du") ?? "";
  const au = params.get("au") ?? "";
  const compte = (params.get("compte") ?? "").trim().slice(0, 200);
  return {
    compte: compte || undefined,
    type: (securityEventTypes as readonly string[]).includes(type ?? "")
      ? (type as SecurityEventType)
      : undefined,
    du: dayPattern.test(du) ? du : undefined,
    au: dayPattern.test(au) ? au : undefined,
  };
}

function Account({ event }: { event: SecurityEventJson }) {
  return (
    <>
      <span className="block [overflow-wrap:anywhere] text-slate-900">{event.email ?? "—"}</span>
      {event.actorEmail ? (
        <span className="block [overflow-wrap:anywhere] text-slate-600">
          par {event.actorEmail}
        </span>
      ) : null}
    </>
  );
}

function Origin({ event }: { event: SecurityEventJson }) {
  return (
    <>
      <span className="block text-slate-900">{event.ip ?? "—"}</span>
      <span className="block text-slate-600" title={event.userAgent ?? undefined}>
        {event.userAgent
          ? describeUserAgent(event.userAgent)
          : event.reason === "start_up"
            ? "Démarrage du serveur"
            : "Ligne de commande"}
      </span>
    </>
  );
}

const heading = {
  title: "Journal de sécurité",
  description:
    "Connexions, changements de mot de passe, double authentification et blocages de tous les comptes, conservés au moins 12 mois.",
};

/** The events the filters match (`?compte=&type=&du=&au=`), newest first, 50 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const filter = securityEventSearch(readFilter(new URL(request.url).searchParams));
  const events = await reader.securityEvents(
    listQuery(request, { ...Object.fromEntries(filter), pageSize: String(securityEventPageSize) }),
  );
  keepPageInRange(request, events);
  return { events };
}

export function ErrorBoundary() {
  return (
    <>
      <PageTitle {...heading} />
      <RouteLoadError message={(detail) => `${securityJournalMessages.listFailed} : ${detail}`} />
    </>
  );
}

/** The officers' reading of the security journal: filters in the URL, 50 per page, CSV. */
export default function AdminJournalPage({ loaderData: { events } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const setFilter = useFilterParam<keyof SecurityEventFilterParams>();
  const filter = readFilter(params);
  const hrefFor = usePageLinks();
  const pages = pageCount(events);
  const [draft, setDraft, typedRef] = useDebouncedSearch(filter.compte ?? "", (term) =>
    setFilter("compte", term, true),
  );
  // A filter chosen before the page's app has started applies once it has.
  const typeRef = useTypedBeforeStart<HTMLSelectElement>((value) =>
    setFilter("type", String(value)),
  );
  const fromRef = useTypedBeforeStart<HTMLInputElement>((value) => setFilter("du", String(value)));
  const toRef = useTypedBeforeStart<HTMLInputElement>((value) => setFilter("au", String(value)));

  return (
    <>
      <PageTitle
        {...heading}
        actions={
          <a
            href={securityEventsExportUrl(filter)}
            download
            className={buttonClasses({ variant: "outline" })}
          >
            <Download aria-hidden="true" className="size-4" />
            Exporter en CSV
          </a>
        }
      />
      <search className="mb-5 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_auto_auto]">
        <TextField
          type="search"
          label="Compte"
          placeholder="Adresse e-mail"
          value={draft}
          ref={typedRef}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
        <SelectField
          label="Type d'événement"
          placeholder="Tous les événements"
          options={typeOptions}
          value={filter.type ?? ""}
          ref={typeRef}
          onChange={(event) => setFilter("type", event.target.value)}
        />
        <TextField
          type="date"
          label="Du"
          value={filter.du ?? ""}
          ref={fromRef}
          max={filter.au}
          onChange={(event) => setFilter("du", event.target.value)}
        />
        <TextField
          type="date"
          label="Au"
          value={filter.au ?? ""}
          ref={toRef}
          min={filter.du}
          onChange={(event) => setFilter("au", event.target.value)}
        />
      </search>
      {events.total === 0 ? (
        <EmptyState
          icon={<ShieldCheck aria-hidden="true" className="size-10" />}
          title={securityJournalMessages.empty}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {events.total} événement{events.total > 1 ? "s" : ""}
            {pages > 1 ? ` · page ${events.page} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <ResponsiveList
              items={events.items}
              itemKey={(event) => event.id}
              label="Événements de sécurité"
              tableMinWidth={760}
              columns={[
                {
                  id: "date",
                  header: "Date",
                  headerClassName: "px-3 py-3",
                  className: "px-3 py-3 whitespace-nowrap text-slate-700",
                  cell: (event) => (
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                  ),
                },
                {
                  id: "type",
                  header: "Événement",
                  headerClassName: "px-3 py-3",
                  className: "px-3 py-3",
                  cell: (event) => (
                    <>
                      <span className="block font-medium text-slate-900">
                        {securityEventLabel(event.type)}
                      </span>
                      {event.reason ? (
                        <span className="block text-slate-600">
                          {securityEventReasonLabel(event.reason)}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  id: "account",
                  header: "Compte",
                  headerClassName: "px-3 py-3",
                  className: "min-w-48 px-3 py-3",
                  cell: (event) => <Account event={event} />,
                },
                {
                  id: "origin",
                  header: "Origine",
                  headerClassName: "px-3 py-3",
                  className: "px-3 py-3",
                  cell: (event) => <Origin event={event} />,
                },
              ]}
              card={(event) => (
                <>
                  <p className="font-medium text-slate-900">
                    {securityEventLabel(event.type)}
                    {event.reason ? (
                      <span className="block font-normal text-slate-600">
                        {securityEventReasonLabel(event.reason)}
                      </span>
                    ) : null}
                  </p>
                  <CardFields>
                    <CardField label="Date">
                      <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                    </CardField>
                    <CardField label="Compte" className="">
                      <Account event={event} />
                    </CardField>
                    <CardField label="Origine" className="">
                      <Origin event={event} />
                    </CardField>
                  </CardFields>
                </>
              )}
            />
          </Card>
          <Pagination page={events.page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
