import { ExternalLink, MapPin } from "lucide-react";
import type { Office } from "../../../../domain/firm";

/** The OpenStreetMap embed of an office: a small box around it and a marker on it. */
export function osmEmbedUrl({ lat, lon }: Office["location"], span = 0.01): string {
  const bbox = [lon - span, lat - span * 0.7, lon + span, lat + span * 0.7]
    .map((value) => value.toFixed(4))
    .join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
}

export function osmPageUrl({ lat, lon }: Office["location"]): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/**
 * The map of an office. The box has a fixed height and a fallback drawn beneath the frame, so
 * the page keeps its layout when the map cannot load (offline, blocked), and the link below
 * always works.
 */
export function OfficeMap({ office }: { office: Office }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative h-72 w-full bg-brand-50 sm:h-96">
        <div
          aria-hidden="true"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-[linear-gradient(rgba(24,60,112,0.06)_1px,transparent_1px),linear-gradient(90deg,rgba(24,60,112,0.06)_1px,transparent_1px)] bg-[size:32px_32px] p-6 text-center text-brand-800"
        >
          <MapPin className="size-8 text-accent-500" />
          <p className="text-sm font-medium">Plan de {office.city}</p>
          <p className="max-w-xs text-xs text-slate-600">
            Si le plan ne s'affiche pas, ouvrez-le avec le lien ci-dessous.
          </p>
        </div>
        {/* Lazy: the browser loads it as it nears the screen, after the page's first paint. */}
        <iframe
          title={`Plan d'accès : ${office.title}`}
          src={osmEmbedUrl(office.location)}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="absolute inset-0 size-full border-0"
        />
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm text-slate-700">
        <span>{office.address}</span>
        <a
          href={osmPageUrl(office.location)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Ouvrir le plan dans OpenStreetMap
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (nouvelle fenêtre)</span>
        </a>
      </figcaption>
    </figure>
  );
}
