import "./lib/zod-jitless";
import { createContext, type ReactNode, use, useEffect } from "react";
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
import { useStaticPage } from "./lib/static-page";

/** The CSP nonce of the page's inline scripts: given by the server (entry.server.tsx). */
export const NonceContext = createContext("");

/** The stylesheet's text, given by the server (entry.server.tsx) for the pages without scripts. */
export const StylesheetContext = createContext("");

/** Every page knows who is signed in, and when it was drawn (null and 0 when prerendered). */
export function loader({ context }: Route.LoaderArgs): RootData {
  const { user, drawnAt } = context.get(pageContext);
  return { user, drawnAt };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = use(NonceContext) || undefined;
  const stylesheet = use(StylesheetContext);
  // Without scripts, the stylesheet is written into the page: its first paint then waits for no
  // other request. The pages with scripts link it, and the browser keeps it for the next ones.
  // Under `npm run dev` every page keeps its scripts: Vite's hot reload comes with them.
  const inline = useStaticPage() && stylesheet !== "" && !import.meta.env.DEV;
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#183c70" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {inline ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built by Vite.
          <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        ) : (
          <Links />
        )}
      </head>
      <body>
        {children}
        {inline ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

// The toast area loads sonner only on the first toast.
export default function App() {
  const { drawnAt } = useRootData();
  // The page is live: its buttons answer (the journeys wait for it before a tap).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
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
