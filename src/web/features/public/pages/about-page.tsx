import {
  Award,
  Clock,
  Eye,
  Handshake,
  HeartHandshake,
  Lightbulb,
  Lock,
  ShieldCheck,
  Target,
  UserCheck,
} from "lucide-react";
import { countriesServed, firm, firmFigures } from "../../../../domain/firm";
import { staticPage } from "../../../lib/static-page";
import { paths } from "../../../paths";
import { CallToAction } from "../components/call-to-action";
import { PageHeader } from "../components/page-header";
import { SectionHeading } from "../components/section-heading";
import { pageMeta } from "../page-meta";
import type { Route } from "./+types/about-page";

/** Its HTML alone: no scripts (root.tsx). */
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "À propos : notre mission, notre histoire, notre équipe",
    description: `Fondée à Abidjan en 2012, ${firm.name} a financé plus de 57,5 milliards de FCFA pour 1200 clients dans 4 pays. Découvrez notre mission, nos valeurs et nos engagements.`,
    path: paths.about,
  });

const countriesText = new Intl.ListFormat("fr-FR", { type: "conjunction" }).format(countriesServed);

const values = [
  {
    icon: ShieldCheck,
    title: "Intégrité",
    text: "Des conditions claires, expliquées avant toute signature, et le respect strict de la réglementation de l'UEMOA.",
  },
  {
    icon: HeartHandshake,
    title: "Proximité",
    text: "Des équipes à Abidjan, Dakar et Lomé qui parlent votre langue et connaissent vos marchés.",
  },
  {
    icon: Lightbulb,
    title: "Innovation",
    text: "Une demande 100 % en ligne et une analyse de dossier assistée par l'intelligence artificielle, toujours validée par un expert.",
  },
  {
    icon: Award,
    title: "Exigence",
    text: "Chaque dossier est étudié avec soin, pour prêter juste : ni trop, ni trop peu.",
  },
];

const commitments = [
  {
    icon: Eye,
    title: "Transparence des coûts",
    text: "Mensualité, coût total et taux annuel vous sont communiqués avant tout engagement.",
  },
  {
    icon: Lock,
    title: "Confidentialité",
    text: "Vos pièces justificatives ne sont jamais publiques : seuls vous et nos analystes y accèdent.",
  },
  {
    icon: Handshake,
    title: "Crédit responsable",
    text: "Nous vérifions que chaque échéance reste supportable pour votre budget ou votre trésorerie.",
  },
];

const history = [
  { year: "2012", title: "Création", text: `Fondation de ${firm.name} au Plateau, à Abidjan.` },
  {
    year: "2015",
    title: "Premier milliard",
    text: "Le premier milliard de FCFA de crédits accordés à nos clients.",
  },
  {
    year: "2018",
    title: "Quatre pays",
    text: `Ouverture des bureaux de Dakar et de Lomé : nous prêtons désormais dans 4 pays (${countriesText}).`,
  },
  {
    year: "2023",
    title: "Lancement de l'IA",
    text: "Lancement de l'analyse de dossiers assistée par l'intelligence artificielle pour répondre plus vite.",
  },
  {
    year: "2025",
    title: "57,5 milliards financés",
    text: `Plus de 57,5 milliards de FCFA financés et ${firmFigures.clients2025} clients accompagnés.`,
  },
];

const leaders = [
  {
    initials: "A. K.",
    role: "Directeur général",
    text: "Ancien banquier d'affaires, il a fondé la société en 2012 et en fixe la stratégie.",
  },
  {
    initials: "M. D.",
    role: "Directrice des risques",
    text: "Elle garantit que chaque crédit accordé est sûr pour le client comme pour la société.",
  },
  {
    initials: "K. A.",
    role: "Directeur des opérations et de l'innovation",
    text: "Il pilote le service client, les bureaux régionaux et la plateforme en ligne.",
  },
];

const keyFigures = [
  { value: `${firmFigures.experienceYears}+`, label: "années d'expérience de notre direction" },
  { value: `+${firmFigures.clients2025}`, label: "clients accompagnés en 2025" },
  { value: "+57,5\u00a0Mds", label: "de FCFA financés depuis 2012" },
  { value: String(firmFigures.countries), label: "pays couverts depuis 3 bureaux" },
];

export default function AboutPage() {
  return (
    <>
      <PageHeader
        eyebrow="À propos"
        title="Financer l'ambition de l'Afrique de l'Ouest, depuis 2012"
        intro={`${firm.name} accompagne les particuliers, les entrepreneurs et les PME de ${countriesText} avec des crédits adaptés et des conseils d'experts.`}
      />

      <section aria-labelledby="mission-title" className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
          <div>
            <SectionHeading
              id="mission-title"
              eyebrow="Notre mission"
              title="Rendre le crédit accessible, rapide et responsable"
            />
            <p className="mt-4 text-slate-600">
              Trop de projets solides attendent des mois une réponse de leur banque. Nous avons
              choisi une autre voie : une demande simple depuis un téléphone, une étude rigoureuse
              et une décision rapide, avec un expert qui connaît votre dossier.
            </p>
            <p className="mt-4 text-slate-600">
              Acheter un logement, équiper un atelier, financer des études ou lancer une activité :
              nous prêtons pour que chaque projet viable puisse avancer.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Differentiator
              icon={Clock}
              title="Décision en moins de 48 h"
              text="Pour les projets qualifiés, une réponse de notre comité de crédit en moins de 48 heures."
            />
            <Differentiator
              icon={UserCheck}
              title="Un expert dédié"
              text="Un conseiller unique vous suit de la demande au dernier remboursement."
            />
            <Differentiator
              icon={Target}
              title="Des offres sur mesure"
              text="Montant, durée et échéancier sont adaptés à vos revenus et à votre activité."
            />
            <Differentiator
              icon={ShieldCheck}
              title="Un cadre réglementé"
              text="Nos taux restent sous le taux d'usure de l'UEMOA, fixé à 24 % par an."
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading id="values-title" eyebrow="Nos valeurs" title="Ce qui nous guide" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <Icon aria-hidden="true" className="size-7 text-accent-600" />
                <h3 className="mt-4 text-lg font-bold text-brand-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>

          <h3 id="commitments-title" className="mt-14 text-xl font-bold text-brand-900">
            Nos engagements envers vous
          </h3>
          <ul aria-labelledby="commitments-title" className="mt-6 grid gap-6 md:grid-cols-3">
            {commitments.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h4 className="font-bold text-brand-900">{title}</h4>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="history-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="history-title"
            eyebrow="Notre histoire"
            title="Treize ans de croissance"
          />
          <ol className="relative mt-10 border-l-2 border-brand-100 pl-6 sm:ml-4 sm:pl-10">
            {history.map((step) => (
              <li key={step.year} className="relative pb-10 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute -left-[33px] top-1 size-4 rounded-full border-4 border-white bg-accent-400 ring-2 ring-accent-400 sm:-left-[49px]"
                />
                <p className="text-sm font-bold tracking-wider text-accent-600">
                  <time dateTime={step.year}>{step.year}</time>
                </p>
                <h3 className="mt-1 text-lg font-bold text-brand-900">{step.title}</h3>
                <p className="mt-1 max-w-2xl text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="figures-title" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
          <SectionHeading
            id="figures-title"
            eyebrow="Chiffres clés"
            title="Nos résultats"
            inverted
          />
          <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
            {keyFigures.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-col-reverse justify-end border-l-2 border-accent-400 pl-4"
              >
                <dt className="mt-1 text-sm text-brand-100">{figure.label}</dt>
                <dd className="whitespace-nowrap text-2xl font-bold tracking-tight text-accent-200 sm:text-3xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="team-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <SectionHeading
            id="team-title"
            eyebrow="Notre direction"
            title="Une équipe dirigeante expérimentée"
            intro={`Plus de ${firmFigures.experienceYears} ans d'expérience cumulée dans la banque et la microfinance en Afrique de l'Ouest.`}
          />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {leaders.map((leader) => (
              <li
                key={leader.initials}
                className="rounded-2xl border border-slate-200 bg-white p-6 text-center"
              >
                <span
                  role="img"
                  aria-label={`Initiales ${leader.initials}`}
                  className="mx-auto flex size-20 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-accent-200"
                >
                  {leader.initials.replaceAll(" ", "")}
                </span>
                <h3 className="mt-4 font-bold text-brand-900">{leader.role}</h3>
                <p className="mt-2 text-sm text-slate-600">{leader.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToAction />
    </>
  );
}

function Differentiator({
  icon: Icon,
  title,
  text,
}: {
  icon: typeof Clock;
  title: string;
  text: string;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <Icon aria-hidden="true" className="size-6 text-brand-700" />
      <h3 className="mt-3 font-bold text-brand-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}
