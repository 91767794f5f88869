import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ButtonAnchor } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { Logo } from "../../../components/logo";
import { paths } from "../../../paths";

export const publicNavigation = [
  { to: paths.home, label: "Accueil" },
  { to: paths.about, label: "À propos" },
  { to: paths.services, label: "Services" },
  { to: paths.contact, label: "Contact" },
] as const;

/** Whether a header link is the current page ("/a-propos/" is "/a-propos"). */
export function isCurrentPage(pathname: string, to: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return normalized === to;
}

export type SiteHeaderProps = {
  /** The current path, for the active link: rendered per page at build time. */
  pathname: string;
};

// A fixed id rather than useId: the header is hydrated as an island, in a root of its own, where
// useId would not give back the id React Router's prerender wrote.
const mobileMenuId = "navigation-mobile";

/**
 * The public header. Its links are plain links (full page loads): on the public pages it is an
 * island hydrated without React Router, for its mobile menu.
 */
export function SiteHeader({ pathname }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The mobile menu closes on navigation inside the React Router app (auth pages)...
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
            {publicNavigation.map((item) => {
              const current = isCurrentPage(pathname, item.to);
              return (
                <li key={item.to}>
                  <a
                    href={item.to}
                    aria-current={current ? "page" : undefined}
                    className={cx(
                      "rounded-md px-3 py-2 text-sm font-medium transition-colors",
                      current
                        ? "text-brand-800 underline decoration-accent-400 decoration-2 underline-offset-8"
                        : "text-slate-700 hover:text-brand-700",
                    )}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ButtonAnchor href={paths.login} size="sm">
            Connexion
          </ButtonAnchor>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls={mobileMenuId}
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
        id={mobileMenuId}
        aria-label="Navigation mobile"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {publicNavigation.map((item) => {
            const current = isCurrentPage(pathname, item.to);
            return (
              <li key={item.to}>
                <a
                  href={item.to}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "block rounded-md px-3 py-3 text-base font-medium",
                    current ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-50",
                  )}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </a>
              </li>
            );
          })}
        </ul>
        <ButtonAnchor href={paths.login} fullWidth onClick={() => setOpen(false)}>
          Connexion
        </ButtonAnchor>
      </nav>
    </header>
  );
}
