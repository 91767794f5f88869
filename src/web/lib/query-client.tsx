import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiRequestError } from "./api-client";

// The signed-in areas' cache. Only the areas app imports this module, so TanStack Query never
// weighs on the prerendered public pages. The browser keeps one for the app's life; the server
// makes one per page it renders (areas/render-page.tsx), never shared between users.
export function createQueryClient({ onServer = false }: { onServer?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (404, 403...) will not change on retry; network hiccups may. The server
        // renders with what it has: a failed read leaves the page to the browser.
        retry: onServer
          ? false
          : (failureCount, error) =>
              failureCount < 2 &&
              !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * For reads that change on other pages (the officers' statistics, a client's requests): read
 * again each time their page is shown, except in the seconds after they were read, so that a page
 * the server drew with them starts without asking for them a second time.
 */
export const freshForAMoment = 10_000;

export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
