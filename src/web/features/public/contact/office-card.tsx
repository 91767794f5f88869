import { Building2, Mail, MapPin, Phone } from "lucide-react";
import type { Office } from "../../../../domain/firm";
import { cx } from "../../../components/class-names";

/** "+225 27 22 40 50 60" → "tel:+2252722405060" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** One office: its address, phone (tel: link) and e-mail (mailto: link). */
export function OfficeCard({ office }: { office: Office }) {
  return (
    <article
      aria-labelledby={`office-${office.id}`}
      className={cx(
        "flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
        office.isHeadOffice ? "border-accent-300" : "border-slate-200",
      )}
    >
      <div className="flex items-center gap-3">
        <span
          className={cx(
            "flex size-10 shrink-0 items-center justify-center rounded-lg",
            office.isHeadOffice ? "bg-accent-100 text-accent-700" : "bg-brand-50 text-brand-700",
          )}
        >
          <Building2 aria-hidden="true" className="size-5" />
        </span>
        <h3 id={`office-${office.id}`} className="text-lg font-bold text-brand-900">
          {office.title}
        </h3>
      </div>
      <address className="mt-5 grid gap-3 text-sm not-italic text-slate-700">
        <p className="flex gap-2.5">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>{office.address}</span>
        </p>
        <p className="flex gap-2.5">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <a
            href={telHref(office.phone)}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {office.phone}
          </a>
        </p>
        <p className="flex gap-2.5">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <a
            href={`mailto:${office.email}`}
            className="break-all font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {office.email}
          </a>
        </p>
      </address>
    </article>
  );
}
