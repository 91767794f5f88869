import {
  ArrowRight,
  BadgeCheck,
  Clock,
  FileText,
  Globe2,
  Mail,
  Scale,
  UserCheck,
  UserPlus,
  Users,
  Wallet,
} from "lucide-react";
import { firm, firmFigures } from "../../../../domain/firm";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { usuryCeilingPercent } from "../../../../domain/loan-simulator";
import { ButtonAnchor } from "../../../components/button";
import { staticPage } from "../../../lib/static-page";
import { paths } from "../../../paths";
import { CallToAction, outlineOnDark } from "../components/call-to-action";
import { LoanSimulator, readSimulatorValues } from "../components/loan-simulator";
import { SectionHeading } from "../components/section-heading";
import { pageMeta } from "../page-meta";
import type { Route } from "./+types/home-page";

/** Its HTML alone: no scripts (root.tsx). */
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Prêts aux particuliers et aux entreprises en Afrique de l'Ouest",
    description: `${firm.name} finance vos projets immobiliers, professionnels et personnels en Côte d'Ivoire, au Sénégal, au Togo et au Bénin. Simulez votre prêt et déposez votre demande en ligne.`,
    path: paths.home,
  });

const counters = [
  {
    icon: Users,
    value: `+${firmFigures.homeClients}`,
    label: "clients nous font confiance",
  },
  {
    icon: Wallet,
    value: formatFcfa(firmFigures.creditGranted),
    label: "de crédits accordés",
  },
  { icon: Globe2, value: String(firmFigures.countries), label: "pays couverts" },
];

const reasons = [
  {
    icon: Clock,
    title: "Une décision en moins de 48 h",
    text: "Pour les projets qualifiés, notre comité vous répond en moins de 48 heures. Vous suivez chaque étape de votre demande depuis votre espace client.",
  },
  {
    icon: UserCheck,
    title: "Un expert dédié",
    text: "Un conseiller unique connaît votre dossier, vous aide à monter votre projet et reste votre interlocuteur pendant toute la durée du prêt.",
  },
  {
    icon: Scale,
    title: "Des conditions transparentes",
    text: `Taux indicatifs affichés, toujours sous le taux d'usure de ${usuryCeilingPercent} % de l'UEMOA, mensualités connues à l'avance et aucun frais caché.`,
  },
];

const steps = [
  {
    icon: UserPlus,
    title: "Créez votre espace",
    text: "Un e-mail et un mot de passe suffisent.",
  },
  {
    icon: FileText,
    title: "Déposez votre demande",
    text: "Montant, durée, objet, et trois justificatifs photographiés avec votre téléphone.",
  },
  {
    icon: BadgeCheck,
    title: "Recevez notre réponse",
    text: "Votre conseiller étudie le dossier et vous informe de chaque décision.",
  },
];

/** The simulation asked for (`?type=&montant=&duree=`); the default one when prerendered. */
export function loader({ request }: Route.LoaderArgs) {
  return { simulator: readSimulatorValues(new URL(request.url).searchParams) };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-900">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_80%_10%,rgba(217,162,51,0.22),transparent_40%),radial-gradient(circle_at_0%_100%,rgba(79,128,194,0.4),transparent_55%)]"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:px-8">
          <div className="text-white">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-accent-100">
              <BadgeCheck aria-hidden="true" className="size-4 text-accent-300" />
              Abidjan · Dakar · Lomé
            </p>
            <h1
              id="hero-title"
              className="mt-5 text-3xl font-bold leading-tight tracking-tight sm:text-5xl"
            >
              Le financement qui fait avancer vos projets en Afrique de l'Ouest
            </h1>
            <p className="mt-5 max-w-xl text-base text-brand-100 sm:text-lg">
              Immobilier, entreprise, microfinance ou projet personnel : {firm.name} étudie votre
              demande en ligne et vous accompagne avec un conseiller dédié, du premier échange au
              dernier remboursement.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonAnchor href={paths.register} variant="accent" size="lg">
                Demander un prêt
                <ArrowRight aria-hidden="true" className="size-4" />
              </ButtonAnchor>
              <a href={paths.contact} className={outlineOnDark}>
                <Mail aria-hidden="true" className="size-4" />
                Parler à un conseiller
              </a>
            </div>
          </div>
          <LoanSimulator path={paths.home} values={loaderData.simulator} variant="compact" />
        </div>
      </section>

      <section aria-label="Nos chiffres clés" className="border-b border-slate-200 bg-white">
        <ul className="mx-auto grid max-w-7xl gap-px bg-slate-200 sm:grid-cols-3">
          {counters.map(({ icon: Icon, value, label }) => (
            <li
              key={label}
              className="flex items-center gap-4 bg-white px-6 py-7 sm:justify-center"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <p className="flex flex-col">
                <span className="text-2xl font-bold tracking-tight text-brand-900">{value}</span>
                <span className="text-sm text-slate-600">{label}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="reasons-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="reasons-title"
            eyebrow="Pourquoi nous choisir"
            title="Un partenaire financier sérieux, proche de vous"
            intro="Depuis 2012, nous finançons les familles et les entreprises d'Afrique de l'Ouest avec rigueur et bienveillance."
            align="center"
          />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-bold text-brand-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="steps-title"
            eyebrow="Comment ça marche"
            title="Votre demande en trois étapes"
          />
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-accent-400 font-bold text-brand-900">
                  {index + 1}
                </span>
                <div>
                  <h3 className="flex items-center gap-2 text-lg font-bold text-brand-900">
                    <Icon aria-hidden="true" className="size-5 text-accent-600" />
                    {title}
                  </h3>
                  <p className="mt-1 text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-10">
            <a
              href={paths.services}
              className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Découvrir nos solutions de financement
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          </p>
        </div>
      </section>

      <CallToAction />
    </>
  );
}
