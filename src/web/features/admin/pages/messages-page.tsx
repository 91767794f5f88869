import { Archive, ArchiveRestore, ArrowLeft, Mail, Phone, Reply, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import type {
  ContactMessageJson,
  ContactMessageSummary,
} from "../../../../domain/api/contact-messages";
import { formatDate, formatDateTime } from "../../../../domain/format-date";
import type { ContactStatus } from "../../../../domain/schemas/contact";
import { Alert } from "../../../components/alert";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { EmptyState } from "../../../components/empty-state";
import { PageTitle } from "../../../components/page-title";
import { Pagination, readPageParam } from "../../../components/pagination";
import { RouteLoadError } from "../../../components/route-load-error";
import { PageSpinner } from "../../../components/spinner";
import { toast } from "../../../components/toast";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { openMessage } from "../api/get-message";
import { useUpdateMessageStatus } from "../api/update-message-status";
import type { Route } from "./+types/messages-page";

/** The filters, as they appear in the URL (?statut=…) and on screen. */
const filters = [
  { slug: null, status: undefined, label: "Boîte de réception" },
  { slug: "non-lus", status: "unread", label: "Non lus" },
  { slug: "lus", status: "read", label: "Lus" },
  { slug: "archives", status: "archived", label: "Archivés" },
] as const satisfies ReadonlyArray<{
  slug: string | null;
  status: ContactStatus | undefined;
  label: string;
}>;

type Filter = (typeof filters)[number];

function readFilter(params: URLSearchParams): Filter {
  const slug = params.get("statut");
  return filters.find((filter) => filter.slug === slug) ?? filters[0];
}

function readPositiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

const heading = {
  title: "Messages",
  description: "Les messages envoyés par le formulaire de contact du site.",
};

/** The inbox (`?statut=`): newest first, 20 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const params = new URL(request.url).searchParams;
  const { status } = readFilter(params);
  const page = readPageParam(params.get("page"));
  const list = await reader.contactMessages({
    ...(status ? { status } : {}),
    page: String(page),
  });
  return { list };
}

export function ErrorBoundary() {
  return (
    <>
      <PageTitle {...heading} />
      <RouteLoadError message={(detail) => detail} />
    </>
  );
}

export default function AdminMessagesPage({ loaderData: { list } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const openId = readPositiveInt(params.get("message"));

  /** A link to this page with some query parameters changed (null removes one). */
  function hrefWith(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `${paths.admin.messages}?${query}` : paths.admin.messages;
  }

  function closeMessage() {
    const next = new URLSearchParams(params);
    next.delete("message");
    setParams(next);
  }

  const data = list;
  return (
    <>
      <PageTitle {...heading} />

      <nav aria-label="Filtrer les messages" className="-mx-1 mb-5 overflow-x-auto">
        <ul className="flex min-w-max gap-1 px-1">
          {filters.map((item) => {
            const active = item.slug === filter.slug;
            return (
              <li key={item.label}>
                <Link
                  to={hrefWith({ statut: item.slug, page: null, message: null })}
                  aria-current={active ? "page" : undefined}
                  className={cx(
                    "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-medium",
                    active
                      ? "bg-brand-700 text-white"
                      : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-labelledby="messages-list-title"
          className={cx(openId !== null && "hidden lg:block")}
        >
          <h2 id="messages-list-title" className="sr-only">
            {filter.label}
          </h2>
          {data.messages.length === 0 ? (
            <EmptyState title="Aucun message." />
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600" aria-live="polite">
                {data.total} message{data.total > 1 ? "s" : ""}
                {data.pageCount > 1 ? ` · page ${data.page} sur ${data.pageCount}` : ""}
              </p>
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
                {data.messages.map((message) => (
                  <MessageRow
                    key={message.id}
                    message={message}
                    selected={message.id === openId}
                    href={hrefWith({ message: String(message.id) })}
                  />
                ))}
              </ul>
              <Pagination
                page={data.page}
                pageCount={data.pageCount}
                hrefFor={(page) =>
                  hrefWith({ page: page <= 1 ? null : String(page), message: null })
                }
              />
            </>
          )}
        </section>

        <section
          aria-label="Message sélectionné"
          className={cx(openId === null && "hidden lg:block")}
        >
          {openId === null ? (
            <div className="flex h-full min-h-48 items-center justify-center rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              Sélectionnez un message pour le lire.
            </div>
          ) : (
            <MessageDetail key={openId} id={openId} onClose={closeMessage} />
          )}
        </section>
      </div>
    </>
  );
}

function MessageRow({
  message,
  selected,
  href,
}: {
  message: ContactMessageSummary;
  selected: boolean;
  href: string;
}) {
  const unread = message.status === "unread";
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? "true" : undefined}
        className={cx(
          "block px-4 py-3 transition-colors hover:bg-slate-50",
          selected && "bg-brand-50 hover:bg-brand-50",
          unread && "border-l-4 border-l-accent-400",
        )}
      >
        <div className="flex items-baseline justify-between gap-3">
          <span
            className={cx(
              "truncate",
              unread ? "font-bold text-slate-900" : "font-medium text-slate-700",
            )}
          >
            {message.name}
          </span>
          <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-600">
            {formatDate(message.createdAt)}
          </time>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          {unread ? <Badge tone="warning">Non lu</Badge> : null}
          {message.status === "archived" ? <Badge>Archivé</Badge> : null}
          <span
            className={cx(
              "truncate text-sm",
              unread ? "font-semibold text-slate-900" : "text-slate-700",
            )}
          >
            {message.subject || "Sans objet"}
          </span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-600">{message.preview}</p>
      </Link>
    </li>
  );
}

/**
 * The message the officer opened: asked for once when opened (the server marks it read), then the
 * inbox and the sidebar's count are read again. Reading the page's data again does not open it
 * again: a message marked unread stays so.
 */
function useOpenedMessage(id: number) {
  const { revalidate } = useRevalidator();
  const [opened, setOpened] = useState<{ message?: ContactMessageJson; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    openMessage(id, controller.signal).then(
      (message) => {
        setOpened({ message });
        void revalidate();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOpened({ error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [id, revalidate]);
  return { ...opened, changed: (message: ContactMessageJson) => setOpened({ message }) };
}

function MessageDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const opened = useOpenedMessage(id);
  const update = useUpdateMessageStatus();

  async function changeStatus(message: ContactMessageJson, status: ContactStatus, done: string) {
    try {
      opened.changed(await update.mutateAsync({ id: message.id, status }));
      toast.success(done);
      if (status !== "read") onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Erreur lors de la mise à jour");
    }
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={onClose} className="lg:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Retour à la liste
    </Button>
  );

  if (opened.error) {
    return (
      <div className="grid gap-3">
        {back}
        <Alert>{opened.error}</Alert>
      </div>
    );
  }
  const message = opened.message;
  if (!message) return <PageSpinner label="Chargement du message…" />;
  const replySubject = `Re : ${message.subject || "votre message"}`;
  return (
    <article
      aria-labelledby="message-title"
      className="rounded-xl border border-slate-200 bg-white shadow-xs"
    >
      <header className="border-b border-slate-100 px-5 py-4">
        {back}
        <div className="mt-2 flex flex-wrap items-start justify-between gap-2 lg:mt-0">
          <h2 id="message-title" className="text-lg font-semibold text-slate-900">
            {message.subject || "Sans objet"}
          </h2>
          {message.status === "archived" ? <Badge>Archivé</Badge> : null}
        </div>
        <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-medium text-slate-500">De</dt>
          <dd className="break-words">
            <span className="font-semibold text-slate-900">{message.name}</span> &lt;
            <a href={`mailto:${message.email}`} className="text-brand-700 hover:underline">
              {message.email}
            </a>
            &gt;
          </dd>
          <dt className="font-medium text-slate-500">Téléphone</dt>
          <dd>
            {message.phone ? (
              <a
                href={`tel:${message.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex items-center gap-1 text-brand-700 hover:underline"
              >
                <Phone aria-hidden="true" className="size-3.5" />
                {message.phone}
              </a>
            ) : (
              "Non renseigné"
            )}
          </dd>
          <dt className="font-medium text-slate-500">Reçu le</dt>
          <dd>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </dd>
          {message.readAt ? (
            <>
              <dt className="font-medium text-slate-500">Lu le</dt>
              <dd>
                <time dateTime={message.readAt}>{formatDateTime(message.readAt)}</time>
              </dd>
            </>
          ) : null}
        </dl>
      </header>
      <div className="whitespace-pre-wrap break-words px-5 py-5 text-slate-900">
        {message.message}
      </div>
      <footer className="flex flex-wrap gap-2 border-t border-slate-100 px-5 py-4">
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(replySubject)}`}
          className="inline-flex min-h-9 items-center gap-2 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Reply aria-hidden="true" className="size-4" />
          Répondre
        </a>
        {message.status === "archived" ? (
          <Button
            variant="outline"
            size="sm"
            loading={update.isPending}
            onClick={() =>
              changeStatus(message, "read", "Message replacé dans la boîte de réception")
            }
          >
            <ArchiveRestore aria-hidden="true" className="size-4" />
            Désarchiver
          </Button>
        ) : (
          <>
            <Button
              variant="outline"
              size="sm"
              loading={update.isPending}
              onClick={() => changeStatus(message, "unread", "Message marqué comme non lu")}
            >
              <Mail aria-hidden="true" className="size-4" />
              Marquer comme non lu
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={update.isPending}
              onClick={() => changeStatus(message, "archived", "Message archivé")}
            >
              <Archive aria-hidden="true" className="size-4" />
              Archiver
            </Button>
          </>
        )}
        {/* On small screens the "Retour à la liste" button above does this. */}
        <span className="hidden lg:contents">
          <Button variant="ghost" size="sm" onClick={onClose}>
            <X aria-hidden="true" className="size-4" />
            Fermer
          </Button>
        </span>
      </footer>
    </article>
  );
}
