import { Clock, Mail, Phone } from "lucide-react";
import { data, redirect } from "react-router";
import { firm, headOffice, offices } from "../../../../domain/firm";
import { pageContext } from "../../../lib/page-context";
import { staticPage } from "../../../lib/static-page";
import { paths } from "../../../paths";
import { PageHeader } from "../components/page-header";
import { SectionHeading } from "../components/section-heading";
import { ContactForm } from "../contact/contact-form";
import { OfficeCard, telHref } from "../contact/office-card";
import { OfficeMap } from "../contact/office-map";
import { pageMeta } from "../page-meta";
import type { Route } from "./+types/contact-page";

/** Its HTML alone: no scripts (root.tsx). */
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact : écrivez-nous ou rendez-nous visite",
    description: `Une question sur un prêt ou sur votre dossier ? Écrivez à ${firm.name} ou rendez-vous dans nos bureaux d'Abidjan, de Dakar et de Lomé.`,
    path: paths.contact,
  });

/** Whether the page shows a message just sent (the action sends the browser here). */
export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("envoye") === "1" };
}

/**
 * The form, sent by the browser: received as through POST /api/contact (the same limits and
 * checks), then the page again, at the form: emptied with its confirmation (a new address, so a
 * reload sends nothing twice), or with what was typed and what to correct.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const outcome = await context.get(pageContext).actions.sendContactMessage(values);
  if ("ok" in outcome) throw redirect(`${paths.contact}?envoye=1#formulaire`);
  return data({ values, refusal: outcome }, { status: outcome.status });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Parlons de votre projet"
        intro="Une question sur nos prêts, votre demande ou vos documents ? Écrivez-nous : un conseiller vous répond sous un jour ouvré."
      />

      <section aria-labelledby="form-title" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[2fr_1fr] lg:px-8">
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 id="form-title" className="text-xl font-bold text-brand-900 sm:text-2xl">
              Envoyez-nous un message
            </h2>
            <p className="mt-2 text-slate-600">
              Ne joignez aucun document ici : vos pièces justificatives se déposent en toute
              sécurité depuis votre espace client.
            </p>
            <div className="mt-6">
              <ContactForm
                state={{
                  sent: loaderData.sent && !actionData,
                  values: actionData?.values,
                  refusal: actionData?.refusal,
                }}
              />
            </div>
          </div>

          <aside aria-labelledby="direct-title" className="grid content-start gap-4">
            <h2 id="direct-title" className="text-lg font-bold text-brand-900">
              Nous joindre directement
            </h2>
            <a
              href={telHref(firm.phone)}
              className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-300"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Phone aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block text-sm text-slate-600">Téléphone</span>
                <span className="font-semibold text-brand-800">{firm.phone}</span>
              </span>
            </a>
            <a
              href={`mailto:${firm.email}`}
              className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-300"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm text-slate-600">E-mail</span>
                <span className="block break-all font-semibold text-brand-800">{firm.email}</span>
              </span>
            </a>
            <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-100 text-accent-700">
                <Clock aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block text-sm text-slate-600">Horaires d'ouverture</span>
                <span className="font-semibold text-slate-900">
                  Du lundi au vendredi, 8 h – 17 h
                </span>
                <span className="block text-sm text-slate-600">Le samedi, 9 h – 12 h</span>
              </span>
            </div>
          </aside>
        </div>
      </section>

      <section aria-labelledby="offices-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <SectionHeading
            id="offices-title"
            eyebrow="Nos bureaux"
            title="Rendez-nous visite"
            intro="Notre siège social est à Abidjan ; nos bureaux de Dakar et de Lomé vous accueillent aussi."
          />
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {offices.map((office) => (
              <OfficeCard key={office.id} office={office} />
            ))}
          </div>
          <h3 className="mt-12 text-lg font-bold text-brand-900">Plan d'accès au siège</h3>
          <div className="mt-4">
            <OfficeMap office={headOffice} />
          </div>
        </div>
      </section>
    </>
  );
}
