import { ArrowRight, Mail } from "lucide-react";
import { ButtonAnchor } from "../../../components/button";
import { paths } from "../../../paths";

/** A secondary button on the brand's dark background. */
export const outlineOnDark =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/50 px-6 " +
  "text-base font-semibold text-white transition-colors hover:bg-white/10 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-300";

type CallToActionProps = {
  title?: string;
  text?: string;
};

/** The closing band of the public pages: open an account, or write to the firm. */
export function CallToAction({
  title = "Prêt à concrétiser votre projet ?",
  text = "Créez votre espace client en deux minutes et déposez votre demande depuis votre téléphone. Une question avant de vous lancer ? Nos conseillers vous répondent.",
}: CallToActionProps) {
  return (
    <section aria-labelledby="cta-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-10 sm:py-12">
          <div
            aria-hidden="true"
            className="absolute -right-16 -top-16 size-56 rounded-full border-[28px] border-accent-400/20"
          />
          <div className="relative grid gap-6 lg:grid-cols-[1fr_auto] lg:items-center">
            <div>
              <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {title}
              </h2>
              <p className="mt-3 max-w-2xl text-brand-100">{text}</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ButtonAnchor href={paths.register} variant="accent" size="lg">
                Créer mon compte
                <ArrowRight aria-hidden="true" className="size-4" />
              </ButtonAnchor>
              <a href={paths.contact} className={outlineOnDark}>
                <Mail aria-hidden="true" className="size-4" />
                Nous contacter
              </a>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
