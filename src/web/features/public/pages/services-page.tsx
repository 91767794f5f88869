import {
  ArrowRight,
  Briefcase,
  Building2,
  Check,
  Coins,
  Compass,
  Home,
  LineChart,
  Rocket,
  Users,
} from "lucide-react";
import { firm } from "../../../../domain/firm";
import { indicativeAnnualRates } from "../../../../domain/loan-simulator";
import { staticPage } from "../../../lib/static-page";
import { paths } from "../../../paths";
import { CallToAction } from "../components/call-to-action";
import { LoanSimulator, readSimulatorValues } from "../components/loan-simulator";
import { PageHeader } from "../components/page-header";
import { SectionHeading } from "../components/section-heading";
import { pageMeta } from "../page-meta";
import type { Route } from "./+types/services-page";

/** Its HTML alone: no scripts (root.tsx). */
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Nos services : prêts immobiliers, professionnels, microfinance et conseil",
    description: `Prêt immobilier, prêt entreprise, microfinance, financement de projet et conseil financier : découvrez les solutions de ${firm.name} et simulez votre mensualité en ligne.`,
    path: paths.services,
  });

const rate = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

const loans = [
  {
    id: "immobilier",
    icon: Home,
    title: "Prêt immobilier",
    cta: "Demander un prêt immobilier",
    text: "Achetez, construisez ou rénovez votre logement ou votre local professionnel.",
    features: [
      "Jusqu'à 25 ans de remboursement",
      `Taux indicatif à partir de ${rate.format(indicativeAnnualRates.mortgage)} % par an`,
      "Accompagnement jusqu'à la remise des clés",
    ],
  },
  {
    id: "entreprise",
    icon: Briefcase,
    title: "Prêt entreprise",
    cta: "Demander un prêt entreprise",
    text: "Financez votre trésorerie, vos stocks ou vos équipements pour faire grandir votre activité.",
    features: [
      "Pour les PME, commerçants et professions libérales",
      `Taux indicatif à partir de ${rate.format(indicativeAnnualRates.business)} % par an`,
      "Échéancier adapté à votre cycle d'activité",
    ],
  },
  {
    id: "microfinance",
    icon: Coins,
    title: "Microfinance",
    cta: "Demander un microcrédit",
    text: "De petits montants, vite débloqués, pour les artisans, les commerçants et les groupements.",
    features: ["Dès 50 000 FCFA", "Remboursements hebdomadaires ou mensuels", "Dossier simplifié"],
  },
  {
    id: "projet",
    icon: Rocket,
    title: "Prêt projet",
    cta: "Financer mon projet",
    text: "Un financement sur mesure pour lancer une activité, financer des études ou un véhicule.",
    features: [
      "Plan de financement construit avec votre conseiller",
      "Différé de remboursement possible",
      "Décision en moins de 48 h pour les projets qualifiés",
    ],
  },
];

const advisory = [
  {
    icon: LineChart,
    title: "Conseil en investissement",
    text: "Évaluer la rentabilité d'un projet, choisir entre acheter ou louer, placer une épargne de précaution.",
  },
  {
    icon: Compass,
    title: "Planification financière",
    text: "Construire un budget, préparer un grand projet de vie et garder un endettement soutenable.",
  },
  {
    icon: Users,
    title: "Accompagnement des entreprises",
    text: "Plan d'affaires, prévisions de trésorerie et préparation du dossier de crédit avec un expert.",
  },
];

/** The simulation asked for (`?type=&montant=&duree=`); the default one when prerendered. */
export function loader({ request }: Route.LoaderArgs) {
  return { simulator: readSimulatorValues(new URL(request.url).searchParams) };
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Nos services"
        title="Des solutions de financement pour chaque projet"
        intro="Particuliers, entrepreneurs et PME : choisissez le prêt qui vous ressemble, simulez votre mensualité et déposez votre demande en ligne."
      />

      <section aria-labelledby="loans-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="loans-title"
            eyebrow="Nos prêts"
            title="Quatre familles de financement"
          />
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {loans.map(({ id, icon: Icon, title, cta, text, features }) => (
              <li
                key={id}
                id={id}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center gap-4">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="text-xl font-bold text-brand-900">{title}</h3>
                </div>
                <p className="mt-4 text-slate-600">{text}</p>
                <ul className="mt-4 grid gap-2 text-sm text-slate-700">
                  {features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-accent-600"
                      />
                      {feature}
                    </li>
                  ))}
                </ul>
                <p className="mt-auto pt-6">
                  <a
                    href={paths.login}
                    className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {cta}
                    <span className="sr-only"> (connexion à votre espace)</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="simulator-intro" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="simulator-intro"
            eyebrow="Simulateur"
            title="Calculez votre mensualité"
            intro="Choisissez un type de prêt, un montant et une durée : la mensualité, le coût total et les intérêts s'affichent aussitôt."
          />
          <LoanSimulator
            path={paths.services}
            values={loaderData.simulator}
            variant="full"
            headingLevel={3}
            className="mt-8"
          />
        </div>
      </section>

      <section aria-labelledby="advisory-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="advisory-title"
            eyebrow="Conseil"
            title="Des experts à vos côtés, au-delà du crédit"
            intro="Nos conseillers vous aident à prendre les bonnes décisions financières, que vous empruntiez ou non."
          />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {advisory.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <Icon aria-hidden="true" className="size-7 text-accent-600" />
                <h3 className="mt-4 text-lg font-bold text-brand-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center gap-2 text-slate-700">
            <Building2 aria-hidden="true" className="size-5 text-brand-700" />
            Rencontrez un conseiller dans nos bureaux d'Abidjan, de Dakar ou de Lomé.
          </p>
        </div>
      </section>

      <CallToAction
        title="Parlons de votre projet"
        text="Créez votre espace client pour déposer une demande, ou écrivez-nous : un conseiller vous répond sous un jour ouvré."
      />
    </>
  );
}
