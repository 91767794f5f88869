import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
// The stylesheet's text, for the pages that are their HTML alone (root.tsx): read on the server
// only, never sent as a script.
import stylesheet from "./app.css?inline";
import { pageContext } from "./lib/page-context";
import { NonceContext, StylesheetContext } from "./root";

// The server's rendering of every page: at build time for the prerendered public pages, at run
// time for the others (src/server/web/web-app.ts calls the build with each request). The page is
// sent whole: its data came with the loaders, before the rendering started.
export { routerContextFor } from "./lib/page-context";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(pageContext);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <StylesheetContext value={stylesheet}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </StylesheetContext>
    </NonceContext>,
    {
      nonce: nonce || undefined,
      // The page is sent whole (allReady below): a Suspense boundary is written in its place,
      // not after the page with a script to move it (React does so above 12.8 kB by default).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
