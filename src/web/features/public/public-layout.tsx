import { Mail, MapPin, Phone } from "lucide-react";
import { Outlet, useLocation } from "react-router";
import { firm } from "../../../domain/firm";
import { Logo } from "../../components/logo";
import { paths } from "../../paths";
import { publicNavigation, SiteHeader } from "./components/site-header";

function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm">{firm.tagline}</p>
        </div>
        <nav aria-labelledby="footer-navigation">
          <h2
            id="footer-navigation"
            className="text-sm font-semibold tracking-wide text-white uppercase"
          >
            Navigation
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm">
            {publicNavigation.map((item) => (
              <li key={item.to}>
                <a href={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a href={paths.login} className="hover:text-white hover:underline">
                Connexion
              </a>
            </li>
            <li>
              <a href={paths.register} className="hover:text-white hover:underline">
                Créer un compte
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            Nous contacter
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{firm.postalAddress}</span>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a
                href={`mailto:${firm.email}`}
                className="break-all hover:text-white hover:underline"
              >
                {firm.email}
              </a>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a
                href={`tel:${firm.phone.replace(/\s+/g, "")}`}
                className="hover:text-white hover:underline"
              >
                {firm.phone}
              </a>
            </p>
          </address>
          <ul className="mt-5 flex flex-wrap gap-3 text-sm" aria-label="Réseaux sociaux">
            {firm.social.map((network) => (
              <li key={network.name}>
                <a
                  href={network.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-9 items-center rounded-md border border-brand-700 px-3 hover:border-brand-400 hover:text-white"
                >
                  {network.name}
                  <span className="sr-only"> (nouvelle fenêtre)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {firm.name}. Tous droits réservés.
        </p>
      </div>
    </footer>
  );
}

/** The public layout: header, main, footer, around the public pages and the sign-in pages. */
export default function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Aller au contenu principal
      </a>
      <SiteHeader pathname={pathname} />
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
