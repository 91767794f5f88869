import { data } from "react-router";
import { ButtonLink } from "../../../components/button";
import { documentTitle } from "../../../components/document-title";
import { PageTitle } from "../../../components/page-title";
import { staticPage } from "../../../lib/static-page";
import { paths } from "../../../paths";

/** Its HTML alone: no scripts (root.tsx). */
export const handle = staticPage;

export function meta() {
  return [{ title: documentTitle("Page non trouvée") }, { name: "robots", content: "noindex" }];
}

/** Any address no page has: the page says so, with the 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">Erreur 404</p>
      <div className="mt-3 [&_div]:justify-center">
        <PageTitle
          title="Page non trouvée"
          description="La page que vous cherchez n'existe pas ou a été déplacée."
        />
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home}>Retour à l'accueil</ButtonLink>
        <ButtonLink to={paths.contact} variant="outline">
          Nous contacter
        </ButtonLink>
      </div>
    </div>
  );
}
