// `npm run dev` (src/server/dev.ts): the browser app served from its sources by Vite, inside the
// platform's own Fastify server, so that one process on one port answers the API, every page and
// the hot-reload socket. What each path gets:
//  - /api/...: the API, exactly as in production (nothing here);
//  - a client or admin area route (src/domain/area-routes.ts): the area page the build writes
//    (src/web/shell/area-page.ts), with the sources' entry and stylesheet and Vite's client;
//  - a module, a stylesheet or a file of public/: Vite;
//  - any other path: React Router's dev rendering of src/web/routes.ts (public, sign-in and
//    404 pages), as `react-router dev` does it. The public pages are then hydrated whole by React
//    Router: the islands are made from them by the build only (scripts/islands-html.ts).
// A change under src/web reaches the open page through Vite's hot update; server code restarts
// the process (tsx watch), and the page reloads when its socket comes back.
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer } from "vite";
import { matchAreaRoute } from "../../domain/area-routes";
import type { AreaPageParts } from "../../domain/web-boot";
import { notFound } from "../http/app-error";
import { projectRoot } from "../project-root";

/**
 * Vite's client and React Router's React Refresh preamble, before any module of the app. React
 * Router's refresh runtime (which its Vite plugin adds to every component of src/web) asks its
 * data router to revalidate before it refreshes; the areas run a declarative router, which has
 * none: a stand-in that has nothing to revalidate lets the refresh run.
 */
const devHead =
  "<script>window.__reactRouterDataRouter={revalidate:function(){return Promise.resolve()}}</script>" +
  '<script type="module" src="/@vite/client"></script>' +
  '<script type="module" src="/@id/__x00__virtual:react-router/inject-hmr-runtime"></script>';

/** Writes a Fetch API response (React Router's) to Node's response. */
function sendFetchResponse(res: ServerResponse, response: Response) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as WebReadableStream).pipe(res);
}

function fetchRequest(req: IncomingMessage, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, one);
    }
  }
  return new Request(new URL(url, `http://${req.headers.host ?? "localhost"}`), {
    method: req.method,
    headers,
  });
}

export async function registerDevWeb(app: FastifyInstance) {
  const root = projectRoot();
  const vite = await createServer({
    root,
    configFile: join(root, "vite.config.ts"),
    appType: "custom",
    // The hot-reload socket shares the platform's port.
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook("onClose", async () => {
    await vite.close();
  });

  const areaPage = async (pathname: string) => {
    const route = matchAreaRoute(pathname);
    if (!route) return undefined;
    // Loaded through Vite on each request, so that an edit of the frame or the boot script
    // shows without a restart.
    const { areaPageHtml } = (await vite.ssrLoadModule("/src/web/shell/area-page.ts")) as {
      areaPageHtml: (parts: AreaPageParts) => string;
    };
    return areaPageHtml({
      route,
      stylesheet: { href: "/src/web/app.css" },
      entry: "/src/web/areas/main.tsx",
      modules: [],
      headEnd: devHead,
    });
  };

  const reactRouterPage = async (req: IncomingMessage, res: ServerResponse, url: string) => {
    // Loaded on each request: Vite gives the current sources' build.
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    const response = await createRequestHandler(build, "development")(fetchRequest(req, url));
    sendFetchResponse(res, response);
  };

  const failed = (res: ServerResponse, error: unknown) => {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    app.log.error({ err: error }, "page de développement en échec");
    if (res.headersSent) return res.end();
    res.statusCode = 500;
    res.setHeader("content-type", "text/plain; charset=utf-8");
    res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) throw notFound();
    const pathname = url.split("?")[0] ?? "/";
    const html = await areaPage(pathname);
    if (html) {
      return reply
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex, nofollow")
        .type("text/html; charset=utf-8")
        .send(html);
    }
    // Vite and React Router write to Node's response: the security headers set so far
    // (http/security.ts) go with it.
    reply.hijack();
    const { raw: req } = request;
    const { raw: res } = reply;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.setHeader("cache-control", "no-store");
    vite.middlewares(req, res, (error?: unknown) => {
      if (error) return failed(res, error);
      reactRouterPage(req, res, url).catch((failure: unknown) => failed(res, failure));
    });
  };
  app.get("/*", handle);
}
