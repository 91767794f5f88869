import "./lib/zod-jitless";
import { createContext, type ReactNode, use } from "react";
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
import { AuthProvider } from "./lib/auth/auth-provider";
import { ClockProvider } from "./lib/clock";
import { pageContext, type RootData, useRootData } from "./lib/page-context";

/** The CSP nonce of the page's inline scripts: given by the server (entry.server.tsx). */
export const NonceContext = createContext("");

/** Every page knows who is signed in, and when it was drawn (null and 0 when prerendered). */
export function loader({ context }: Route.LoaderArgs): RootData {
  const { user, drawnAt } = context.get(pageContext);
  return { user, drawnAt };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = use(NonceContext) || undefined;
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// The toast area loads sonner only on the first toast.
export default function App() {
  const { drawnAt } = useRootData();
  return (
    <AuthProvider>
      <ClockProvider drawnAt={drawnAt || undefined}>
        <Outlet />
      </ClockProvider>
      <ToastArea />
    </AuthProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== "undefined") console.error(error);
  return <ErrorMessage notFound={notFound} />;
}
