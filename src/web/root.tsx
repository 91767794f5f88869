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
import { ErrorMessage } from "./components/error-message";
import { ToastArea } from "./components/toast-area";
import { useAppStartSignal } from "./lib/app-start";
import { AuthProvider } from "./lib/auth/auth-provider";

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

// The SPA page now only serves unknown paths (the 404 page): nothing to show before it starts.
export function HydrateFallback() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== "undefined") console.error(error);
  return <ErrorMessage notFound={notFound} />;
}
