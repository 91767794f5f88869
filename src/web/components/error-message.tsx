import { paths } from "../paths";
import { documentTitle } from "./document-title";

/**
 * What a page shows when it cannot be shown: 'Page non trouvée' or the generic error, with plain
 * links home and to the contact page (they work whatever state the app is in). Used by the
 * React Router pages' error boundary (root.tsx) and the areas' (areas/page-error-boundary.tsx).
 */
export function ErrorMessage({ notFound }: { notFound: boolean }) {
  const title = notFound ? "Page non trouvée" : "Erreur";
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <title>{documentTitle(title)}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4">
        {notFound
          ? "La page que vous cherchez n'existe pas ou a été déplacée."
          : "Une erreur s'est produite. Veuillez réessayer."}
      </p>
      <p className="mt-6 flex flex-wrap justify-center gap-4">
        <a className="text-brand-700 underline" href={paths.home}>
          Retour à l'accueil
        </a>
        <a className="text-brand-700 underline" href={paths.contact}>
          Contactez-nous
        </a>
      </p>
    </main>
  );
}
