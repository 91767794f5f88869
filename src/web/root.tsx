import "./lib/zod-jitless";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { documentTitle } from "./components/document-title";
import { ToastArea } from "./components/toast-area";
import { useAppStartSignal } from "./lib/app-start";
import { AuthProvider } from "./lib/auth/auth-provider";
import { paths } from "./paths";
import { AreaFrameSkeleton } from "./shell/area-frame-skeleton";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#183c70" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// The auth provider is idle (no request, a few hundred bytes) until a page calls useAuth; the
// toast area loads sonner only on the first toast. Neither weighs on the public pages.
export default function App() {
  useAppStartSignal();
  return (
    <AuthProvider>
      <Outlet />
      <ToastArea />
    </AuthProvider>
  );
}

// Prerendered into the SPA page (the client and admin areas): the areas' frame paints before any
// JavaScript arrives.
export function HydrateFallback() {
  return <AreaFrameSkeleton />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page non trouvée" : "Erreur";
  if (!notFound && typeof console !== "undefined") console.error(error);
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
