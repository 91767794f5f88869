import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { Route, Routes, useLocation } from "react-router";
import { type AreaName, areaRoutes, matchAreaRoute } from "../../domain/area-routes";
import { ToastArea } from "../components/toast-area";
import AdminLayout from "../features/admin/admin-layout";
import ClientLayout from "../features/client/client-layout";
import { useAppStartSignal } from "../lib/app-start";
import { AuthProvider } from "../lib/auth/auth-provider";
import type { User } from "../lib/auth/user";
import { ClockProvider } from "../lib/clock";
import { QueryProvider } from "../lib/query-client";
import { LeaveApp } from "../shell/leave-app";
import { PageErrorBoundary } from "./page-error-boundary";

// Each page is a chunk of its own, fetched when the page is first shown. The HTML page of a route
// already names its chunk (scripts/areas-html.ts), so a first visit does not wait for it, and
// main.tsx waits for it before the first render (preloadAreaPage): the page then renders at once,
// without a Suspense fallback, which React would keep on screen at least 300 ms.
const pageModules = import.meta.glob<{ default: ComponentType }>([
  "../features/client/pages/*-page.tsx",
  "../features/admin/pages/*-page.tsx",
]);

type AreaPage = {
  /** The page's component once its module has loaded, else undefined. */
  loaded: () => ComponentType | undefined;
  /** The page through React.lazy, while its module is still on its way. */
  Lazy: ComponentType;
  preload: () => Promise<void>;
};

function areaPage(page: string): AreaPage {
  const load = pageModules[`../${page}`];
  if (!load) throw new Error(`Page inconnue : ${page}`);
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  return {
    loaded: () => loaded,
    Lazy: lazy(loadAndKeep),
    // A failed download is left to the lazy page (its error boundary offers to reload).
    preload: () =>
      loadAndKeep().then(
        () => undefined,
        () => undefined,
      ),
  };
}

/**
 * A loaded page renders at once; React.lazy would suspend it for a moment even then. The choice
 * is made once per mount: switching from the lazy page to the loaded one later would remount it
 * and lose what the user typed. Keyed by route: each route's page is a mount of its own, as
 * React.lazy's distinct components made it.
 */
function AreaPageView({ page }: { page: AreaPage }) {
  const [Loaded] = useState(page.loaded);
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={null}>
      <page.Lazy />
    </Suspense>
  );
}

const layouts: Record<AreaName, ComponentType> = { client: ClientLayout, admin: AdminLayout };
const pages = areaRoutes.map((route) => ({ ...route, ...areaPage(route.page) }));

/** Loads the module of the page at `pathname`, if it is an area page (never fails). */
export function preloadAreaPage(pathname: string): Promise<void> {
  const route = matchAreaRoute(pathname);
  return pages.find((page) => page.id === route?.id)?.preload() ?? Promise.resolve();
}

/**
 * A new page starts at the top, as a document load would (React Router's ScrollRestoration). Not
 * the first one: the browser placed it, and on a drawn page the reader may have scrolled before
 * the app started (a jump then moved what a tap was aimed at; the back button's place was lost).
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function AreaPages() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Routes>
        {(["client", "admin"] as const).map((area) => {
          const Layout = layouts[area];
          return (
            <Route key={area} element={<Layout />}>
              {pages
                .filter((route) => route.area === area)
                // The element's own key: without it React keeps the AreaPageView of the page
                // left (same type, same place under the layout), and its once-per-mount choice
                // showed that page at the new address (the wizard stayed after its submit).
                .map((page) => (
                  <Route
                    key={page.id}
                    path={page.path}
                    element={<AreaPageView key={page.id} page={page} />}
                  />
                ))}
            </Route>
          );
        })}
        <Route path="*" element={<LeaveApp />} />
      </Routes>
    </PageErrorBoundary>
  );
}

/**
 * The client and admin areas: React with the declarative router, without React Router's
 * framework runtime (about 30 KiB gzipped less on a phone's first load). The auth state, the
 * toasts and the boot script's signal are the same as the React Router pages' (root.tsx).
 * Inside a router: BrowserRouter in the browser (main.tsx), StaticRouter on the server
 * (render-page.tsx), which then stays out of the browser's code.
 */
export function AreasApp({
  session,
  queryClient,
  drawnAt,
}: {
  session?: { user: User | null };
  queryClient: QueryClient;
  /** When the server drew the page: the instant its clock's texts were drawn at. */
  drawnAt?: number;
}) {
  useAppStartSignal();
  return (
    <QueryProvider client={queryClient}>
      <ScrollToTop />
      <AuthProvider initialSession={session}>
        <ClockProvider drawnAt={drawnAt}>
          <AreaPages />
        </ClockProvider>
        <ToastArea />
      </AuthProvider>
    </QueryProvider>
  );
}
