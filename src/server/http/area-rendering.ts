import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The areas' pages drawn on the server with their user's data (issue 19): a phone on a slow
 * network then paints the dashboard or a request's status with the HTML, instead of a grey frame
 * until the app's scripts and data have arrived (about two seconds on Lighthouse's mobile
 * preset). The drawing is the browser's own code, built for Node by the areas' build
 * (src/web/areas/render-page.tsx -> build/server/areas/render-page.js); its reads go through
 * this server's API routes with the visitor's cookie, so a page can show nothing its user could
 * not read through the API. Anything unusual (no session, a user the area sends elsewhere, a read
 * that fails, a rendering error) leaves the page to the browser, as before.
 */
type RendererModule = {
  renderAreaDocument: (
    pageHtml: string,
    url: string,
    api: (path: string, init: RequestInit) => Promise<Response>,
  ) => Promise<string | undefined>;
};

/** A document load of an area page by a visitor with a session cookie. */
export type AreaVisit = { url: string; cookie: string; ip: string; userAgent?: string };

/**
 * The page drawn for the visit (undefined: the built page is the answer), and the cookies the
 * reads set on the way (a session extended while reading keeps its new expiry in the browser).
 */
export type DrawnAreaPage = { html: string | undefined; setCookies: string[] };

export type AreaRenderer = (visit: AreaVisit, pageHtml: string) => Promise<DrawnAreaPage>;

/** The renderer module `file` (the build's, or in tests its source), or undefined if absent. */
export async function loadAreaRenderer(
  app: FastifyInstance,
  file: string,
): Promise<AreaRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as RendererModule;
  return async (visit, pageHtml) => {
    const setCookies: string[] = [];
    const api = async (path: string, init: RequestInit): Promise<Response> => {
      // Drawing a page only reads; a write from here would be a bug, never the user's act.
      if ((init.method ?? "GET") !== "GET" || !path.startsWith("/api/")) {
        throw new Error(`Requête refusée pendant le rendu : ${init.method} ${path}`);
      }
      const answer = await app.inject({
        method: "GET",
        url: path,
        remoteAddress: visit.ip,
        headers: {
          accept: "application/json",
          cookie: visit.cookie,
          ...(visit.userAgent ? { "user-agent": visit.userAgent } : {}),
        },
      });
      const setCookie = answer.headers["set-cookie"];
      setCookies.push(...(Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []));
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, {
        status: answer.statusCode,
        headers: { "content-type": String(answer.headers["content-type"] ?? "") },
      });
    };
    const html = await renderer.renderAreaDocument(pageHtml, visit.url, api);
    return { html, setCookies };
  };
}

/**
 * The page drawn for this request, or undefined (no session cookie, nothing drawn, an error:
 * logged, and the built page answers).
 */
export async function drawAreaPage(
  renderer: AreaRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  pageHtml: string,
): Promise<string | undefined> {
  // Only a visitor with a session cookie can have a page of their own.
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  try {
    const userAgent = request.headers["user-agent"];
    const drawn = await renderer(
      { url: request.url, cookie, ip: request.ip, ...(userAgent ? { userAgent } : {}) },
      pageHtml,
    );
    for (const setCookie of drawn.setCookies) reply.header("set-cookie", setCookie);
    return drawn.html;
  } catch (error) {
    request.log.error({ err: error }, "rendu serveur de la page impossible : page bâtie envoyée");
    return undefined;
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends a page drawn for its user: never stored by the browser or a proxy (it holds personal
 * data), compressed as the browser accepts (brotli at a quality fast enough per request).
 */
export async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .code(200)
    .header("cache-control", "private, no-store")
    .header("vary", "Cookie, Accept-Encoding")
    .type("text/html; charset=utf-8");
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("content-encoding", "br").send(body);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header("content-encoding", "gzip").send(await gzipAsync(html));
  }
  return reply.send(html);
}
