import { Menu, X } from "lucide-react";
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
  /** The current path, for the active link. */
  pathname: string;
};

/**
 * The public header. Its links are plain links (full page loads), and its mobile menu a disclosure
 * the browser opens and closes itself: it works on the public pages, which have no scripts.
 */
export function SiteHeader({ pathname }: SiteHeaderProps) {
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
          <details className="group md:hidden">
            <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden="true" className="size-6 group-open:hidden" />
              <X aria-hidden="true" className="hidden size-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            <nav
              aria-label="Navigation mobile"
              className="absolute inset-x-0 top-16 border-t border-b border-slate-200 bg-white px-4 pb-4 shadow-sm"
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
                          current
                            ? "bg-brand-50 text-brand-800"
                            : "text-slate-800 hover:bg-slate-50",
                        )}
                      >
                        {item.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
              <ButtonAnchor href={paths.login} fullWidth>
                Connexion
              </ButtonAnchor>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
