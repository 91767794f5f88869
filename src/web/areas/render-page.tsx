// The server's rendering of a client or admin page with its user's data (issue 19): the page the
// browser would draw once its scripts and first data had arrived, written into the HTML, so that a
// phone on a slow network shows the request's status or the dashboard at its first paint instead
// of a grey frame for two seconds. The browser then hydrates it (main.tsx) from the same data.
//
// Built for Node by the areas' build (`vite build --ssr`, vite.areas.config.ts) and called by the
// server (src/server/http/area-rendering.ts) for each document load of an area page. The page's
// data are read with the browser's own data functions, routed to the server's API as the page's
// user (setApiTransport): the same permissions, the same JSON, no second way to read anything.
import { AsyncLocalStorage } from "node:async_hooks";
import { skipToken } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { matchAreaRoute } from "../../domain/area-routes";
import { type ApiTransport, setApiTransport } from "../lib/api-client";
import { fetchSession } from "../lib/auth/session-api";
import { createQueryClient } from "../lib/query-client";
import { withRenderedPage } from "../shell/area-page";
import { redirectFor } from "../shell/area-shell";
import { AreasApp, preloadAreaPage } from "./areas-app";

// A part loaded on demand is written in place once ready, however long. Above React's default
// 12.8 kB it would be written after the page, hidden, with an inline script to move it: a script
// the page's CSP refuses, so the reader would see its fallback until the app started (the client's
// complement panel did).
const wholePage = { progressiveChunkSize: Number.POSITIVE_INFINITY };

/** The API as the page's user: the server answers with its own routes and the user's cookie. */
export type ServerApi = ApiTransport;

// Every render runs in the context of its own request's API: a read made while rendering one
// user's page can only reach that user's session. No context, no read.
const requestApi = new AsyncLocalStorage<ServerApi>();
setApiTransport((path, init) => {
  const api = requestApi.getStore();
  if (!api) return Promise.reject(new Error("Lecture hors du rendu d'une page"));
  return api(path, init);
});

/** Passes of render-then-read: a page whose reads depend on a first read's answer needs two. */
const maxDataPasses = 3;

async function markupOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The page at `url` (path and query) as its user sees it, inside the built page `pageHtml`; or
 * undefined when the browser should draw it itself: no session, a user the area would send
 * elsewhere, or a read that failed (the browser then shows its own message, as before).
 */
export async function renderAreaDocument(
  pageHtml: string,
  url: string,
  api: ServerApi,
): Promise<string | undefined> {
  const pathname = url.split("?")[0] ?? "/";
  const route = matchAreaRoute(pathname);
  if (!route) return undefined;
  return requestApi.run(api, async () => {
    const session = await fetchSession();
    const user = session.data?.user;
    if (!user || redirectFor(route.area, user, pathname) !== null) return undefined;
    await preloadAreaPage(pathname);

    const queryClient = createQueryClient({ onServer: true });
    const drawnAt = Date.now();
    const page = () => (
      <StrictMode>
        <StaticRouter location={url}>
          <AreasApp session={{ user }} queryClient={queryClient} drawnAt={drawnAt} />
        </StaticRouter>
      </StrictMode>
    );
    const cache = queryClient.getQueryCache();
    // A read the page turned off (`enabled: false`) is not waited for, as in the browser. (Not
    // query.isDisabled(): on the server no observer subscribes, and it calls every new read off.)
    const unanswered = () =>
      cache.findAll({
        predicate: (query) => {
          // The options useQuery gave the read (QueryOptions' type leaves `enabled` to observers).
          const { enabled, queryFn } = query.options as typeof query.options & {
            enabled?: boolean | ((read: typeof query) => boolean);
          };
          const wanted =
            queryFn !== skipToken &&
            (typeof enabled === "function" ? enabled(query) : enabled) !== false;
          return wanted && query.state.status !== "success";
        },
      });
    for (let pass = 0; pass < maxDataPasses; pass++) {
      // The first pass only finds the page's reads: renderToString is the cheaper render (a part
      // loaded on demand shows its fallback there). The next ones wait for such parts, so that
      // the page is whole, and are kept once no read is left.
      const markup =
        pass === 0
          ? renderToString(page())
          : await markupOf((await prerenderToNodeStream(page(), wholePage)).prelude);
      const waiting = unanswered().filter((query) => query.state.status === "pending");
      if (waiting.length === 0 && pass === 0) continue;
      if (waiting.length === 0) {
        if (unanswered().length > 0) return undefined;
        return withRenderedPage(pageHtml, {
          markup,
          state: {
            session: { user },
            drawnAt,
            queries: cache
              .getAll()
              .flatMap((query) =>
                query.state.status === "success"
                  ? [{ key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt }]
                  : [],
              ),
          },
        });
      }
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    }
    return undefined;
  });
}
