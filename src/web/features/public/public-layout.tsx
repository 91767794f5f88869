import { Mail, MapPin, Menu, Phone, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { firm } from "../../../domain/firm";
import { ButtonLink } from "../../components/button";
import { cx } from "../../components/class-names";
import { Logo } from "../../components/logo";
import { paths } from "../../paths";

const navigation = [
  { to: paths.home, label: "Accueil" },
  { to: paths.about, label: "À propos" },
  { to: paths.services, label: "Services" },
  { to: paths.contact, label: "Contact" },
] as const;

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return cx(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive
      ? "text-brand-800 underline decoration-accent-400 decoration-2 underline-offset-8"
      : "text-slate-700 hover:text-brand-700",
  );
}

function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // The mobile menu closes on navigation...
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path on purpose
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  // ...and on Escape, giving the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={navLinkClasses}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ButtonLink to={paths.login} size="sm">
            Connexion
          </ButtonLink>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Navigation mobile"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {navigation.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  cx(
                    "block rounded-md px-3 py-3 text-base font-medium",
                    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-50",
                  )
                }
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ButtonLink to={paths.login} fullWidth onClick={() => setOpen(false)}>
          Connexion
        </ButtonLink>
      </nav>
    </header>
  );
}

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
            {navigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.login} className="hover:text-white hover:underline">
                Connexion
              </Link>
            </li>
            <li>
              <Link to={paths.register} className="hover:text-white hover:underline">
                Créer un compte
              </Link>
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

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Aller au contenu principal
      </a>
      <SiteHeader />
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
