import { Menu, X } from "lucide-react";
import { type ComponentType, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { cx } from "../components/class-names";
import { LogoContent, logoLabel, logoLinkClasses } from "../components/logo";
import { preloadToaster, toast } from "../components/toast";
import { useAuth } from "../lib/auth/auth-provider";
import { areaHome, isAdmin, type User } from "../lib/auth/user";
import { isNavItemActive } from "./nav-active";
import { UserMenuButton, type UserMenuProps } from "./user-menu-button";

type UserMenuModule = typeof import("./user-menu");

/**
 * The account menu (Radix) loads when the user reaches for its button: hover, focus or press.
 * Until then a same-looking button stands in, so the first load stays light. The stand-in stays
 * in place while the code arrives (it keeps the focus and hears a press); then the menu takes
 * its place, open if it was pressed, with the focus if it had it.
 */
function AccountMenu(props: UserMenuProps) {
  const [menu, setMenu] = useState<UserMenuModule["default"] | null>(null);
  const loading = useRef(false);
  const pressed = useRef(false);
  const hadFocus = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import("./user-menu").then(
      (module) => setMenu(() => module.default),
      () => {
        // Offline: the next reach tries again.
        loading.current = false;
      },
    );
  };
  if (menu) {
    const Menu = menu;
    return <Menu {...props} defaultOpen={pressed.current} takeFocus={hadFocus.current} />;
  }
  return (
    <UserMenuButton
      user={props.user}
      onReach={(hasFocus) => {
        hadFocus.current = hasFocus;
        load();
      }}
      onPress={() => {
        pressed.current = true;
        load();
      }}
    />
  );
}

export type NavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  /** A small count after the label (the admin's unread messages). */
  badge?: ComponentType;
};

export type AreaConfig = {
  area: "client" | "admin";
  /** "Espace client", shown above the sidebar's links and used as its accessible name. */
  title: string;
  rootPath: string;
  profilePath: string;
  navigation: readonly NavItem[];
};

/** An officer without a second factor: only the enrolment page, without the sidebar (issue 17). */
function mustEnrol(area: AreaConfig["area"], user: User): boolean {
  return area === "admin" && isAdmin(user) && !user.twoFactorEnabled;
}

function Sidebar({
  config,
  id,
  open,
  onClose,
}: {
  config: AreaConfig;
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <>
      {open ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 top-16 z-30 bg-slate-900/40 lg:hidden"
          onClick={onClose}
        />
      ) : null}
      {/* On large screens the column runs the page's full height and the links stay in view. */}
      <div
        className={cx(
          "w-64 shrink-0 border-r border-slate-200 bg-white",
          "fixed top-16 bottom-0 left-0 z-40 overflow-y-auto lg:static lg:z-auto lg:block lg:overflow-visible",
          open ? "block" : "hidden",
        )}
      >
        <nav id={id} aria-label={config.title} className="lg:sticky lg:top-16">
          <p className="px-5 pt-5 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {config.title}
          </p>
          <ul className="space-y-1 px-3 pb-6">
            {config.navigation.map((item) => {
              const active = isNavItemActive(pathname, item.to, config.rootPath);
              const Icon = item.icon;
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    onClick={onClose}
                    className={cx(
                      "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
                      active
                        ? "bg-brand-700 text-white"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    {item.label}
                    {item.badge ? <item.badge /> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}

/**
 * The frame of the signed-in areas: a header with the user's menu, a sidebar that small screens
 * toggle with a button, and the page. Who may see an area is the server's decision, before any
 * of it is drawn (lib/area-access.ts, the layouts' middleware).
 */
export function AreaShell({ config }: { config: AreaConfig }) {
  const { user, signOut } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarId = useId();

  useEffect(() => {
    preloadToaster();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on each new page
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  // The middleware let nobody else in; a sign-out in progress navigates away.
  if (!user) return null;
  const enrolling = mustEnrol(config.area, user);

  const onSignOut = async () => {
    const error = await signOut();
    if (error) toast.error(error.message);
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Aller au contenu principal
      </a>
      <header className="sticky top-0 z-40 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-2">
          {enrolling ? null : (
            <button
              ref={toggleRef}
              type="button"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={sidebarId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <Menu aria-hidden="true" className="size-6" />
              )}
              <span className="sr-only">Menu de navigation</span>
            </button>
          )}
          <Link to={areaHome(user)} className={logoLinkClasses()} aria-label={logoLabel}>
            <LogoContent compact />
          </Link>
        </div>
        <AccountMenu user={user} profilePath={config.profilePath} onSignOut={onSignOut} />
      </header>
      <div className="lg:flex lg:min-h-[calc(100vh-4rem)]">
        {enrolling ? null : (
          <Sidebar
            config={config}
            id={sidebarId}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
          />
        )}
        <main
          id="contenu"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <div className="mx-auto max-w-6xl">
            {/* A boundary of its own: a tap on the page while it hydrates is replayed by React
                once its part is hydrated, instead of waiting for the whole frame. */}
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
