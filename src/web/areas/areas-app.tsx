import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { type AreaName, areaRoutes } from "../../domain/area-routes";
import { ToastArea } from "../components/toast-area";
import AdminLayout from "../features/admin/admin-layout";
import ClientLayout from "../features/client/client-layout";
import { useAppStartSignal } from "../lib/app-start";
import { AuthProvider } from "../lib/auth/auth-provider";
import { LeaveApp } from "../shell/leave-app";
import { PageErrorBoundary } from "./page-error-boundary";

// Each page is a chunk of its own, fetched when the page is first shown. The HTML page of a route
// already names its chunk (scripts/areas-html.ts), so a first visit does not wait for it.
const pageModules = import.meta.glob<{ default: ComponentType }>([
  "../features/client/pages/*-page.tsx",
  "../features/admin/pages/*-page.tsx",
]);

function lazyPage(page: string): ComponentType {
  const load = pageModules[`../${page}`];
  if (!load) throw new Error(`Page inconnue : ${page}`);
  return lazy(load);
}

const layouts: Record<AreaName, ComponentType> = { client: ClientLayout, admin: AdminLayout };
const pages = areaRoutes.map((route) => ({ ...route, Page: lazyPage(route.page) }));

/** A new page starts at the top, as a document load would (React Router's ScrollRestoration). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page
  useEffect(() => {
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
                .map(({ id, path, Page }) => (
                  <Route
                    key={id}
                    path={path}
                    element={
                      <Suspense fallback={null}>
                        <Page />
                      </Suspense>
                    }
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
 */
export function AreasApp() {
  useAppStartSignal();
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AuthProvider>
        <AreaPages />
        <ToastArea />
      </AuthProvider>
    </BrowserRouter>
  );
}
