import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageContext } from "../../domain/page-reader";
import { loadSession } from "../auth/session";
import { notFound } from "../http/app-error";
import { cspNonce } from "../http/security";
import { type PageActionsFor, pageActions } from "./page-actions";
import { createPageReader } from "./page-reader";

/**
 * React Router's build, rendering a request with what the server knows of it: build/web/server/
 * index.js in production (web-app.ts), Vite's live build under `npm run dev` (dev/dev-web.ts),
 * the same rendering either way.
 */
export type PageRenderer = (request: Request, page: PageContext) => Promise<Response>;

/** What entry.server.tsx exports beside the rendering: how the app wants its context made. */
type AppEntry = { routerContextFor(page: PageContext): RouterContextProvider };

/** A renderer over a React Router server build. */
export function rendererOf(build: ServerBuild, mode: "production" | "development"): PageRenderer {
  const handle = createRequestHandler(build, mode);
  const entry = build.entry.module as unknown as AppEntry;
  return (request, page) => handle(request, entry.routerContextFor(page));
}

/** Fastify's request as the Fetch API's, as React Router takes it (a form's body as it came). */
function fetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, one);
    }
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const body = typeof request.body === "string" ? request.body : undefined;
  return new Request(url, { method: request.method, headers, body });
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /^(text\/|application\/(json|javascript))/;

/**
 * Renders the page (or the data of a navigation, `*.data`) that `request` asks for, as its
 * signed-in user: the loaders read through the server's own services (page-reader.ts), the page
 * is never stored by a cache (it holds personal data), and it is compressed as the browser
 * accepts (brotli at a quality fast enough for each request).
 */
async function renderPage(
  renderer: PageRenderer,
  actionsFor: PageActionsFor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const session = await loadSession(request, reply);
  const page: PageContext = {
    user: session?.user ?? null,
    reader: createPageReader(request.server.deps, session, request.log),
    actions: actionsFor(request),
    nonce: cspNonce(reply.raw),
    drawnAt: Date.now(),
  };
  const response = await renderer(fetchRequest(request), page);
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  reply
    .header("cache-control", "private, no-store")
    .header("vary", "Cookie, Accept-Encoding")
    .header("x-robots-tag", "noindex, nofollow");
  if (request.method === "HEAD" || !response.body) return reply.send();
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (body.length < 1024 || !compressible.test(type)) return reply.send(body);
  if (/\bbr\b/.test(accepted)) {
    const compressed = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("content-encoding", "br").send(compressed);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header("content-encoding", "gzip").send(await gzipAsync(body));
  }
  return reply.send(body);
}

export const isApiPath = (url: string) =>
  url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/**
 * The pages' routes, for every path outside /api: `answerFile` answers what is a file (the
 * build's, or Vite's under `npm run dev`) and says so; every other GET is a page rendered for the
 * request, and a POST is a page's own form (its route's action; the origin check of
 * http/security.ts applies, as to the API's writes).
 */
export async function registerPageRoutes(
  app: FastifyInstance,
  renderer: PageRenderer,
  answerFile: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>,
) {
  const actionsFor = pageActions(app);
  await app.register(async (pages) => {
    // A page's form, as the browser sends it without JavaScript: handed to React Router as is.
    pages.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    pages.get("/*", async (request, reply) => {
      if (isApiPath(request.url)) throw notFound();
      if (await answerFile(request, reply)) return reply;
      return renderPage(renderer, actionsFor, request, reply);
    });
    pages.post("/*", async (request, reply) => {
      if (isApiPath(request.url)) throw notFound();
      return renderPage(renderer, actionsFor, request, reply);
    });
  });
}

/** For dev/dev-web.ts: whether Node's raw request is one Vite answers (modules, its client). */
export function isViteRequest(request: IncomingMessage, publicFiles: Set<string>): boolean {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  return (
    /^\/(@vite|@id|@fs|@react-refresh|src|node_modules|__vite)/.test(path) ||
    publicFiles.has(path.slice(1))
  );
}
