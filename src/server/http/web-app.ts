import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { firm } from "../../domain/firm";
import { escapeHtml } from "../mail/templates";
import { notFound } from "./app-error";
import { createSpaPages, readRouteManifest, type SpaPage } from "./spa-page";

/** The built browser app (build/web/client), indexed once at start-up. */
export type WebBuild = {
  dir: string;
  /** Every servable file, as a relative POSIX path ("assets/root-x.js", "a-propos/index.html"). */
  files: Set<string>;
  /** The SPA fallback page served for client-rendered routes (deep links). */
  fallback: string | undefined;
  /** The SPA fallback as served for a path: with the modules of the route it renders. */
  spaPage: ((pathname: string) => SpaPage) | undefined;
  /** CSP sources ('sha256-…') of the inline scripts React Router writes into the HTML. */
  scriptHashes: string[];
};

function walk(dir: string, root: string, files: Set<string>) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dotfiles are never served.
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, root, files);
    else if (entry.isFile()) files.add(relative(root, path).split(sep).join("/"));
  }
}

/**
 * The hashes of the inline <script> elements in the built HTML. React Router's prerendered auth
 * pages and SPA fallback carry small inline scripts (hydration context, scroll restoration, route
 * imports); allowing exactly those keeps script-src free of 'unsafe-inline'. The four public pages
 * have none (scripts/islands-html.ts): only the islands module, from 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? "";
    const content = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || content.length === 0) continue;
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** Indexes build/web/client; undefined when the browser app has not been built. */
export function loadWebBuild(dir: string): WebBuild | undefined {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return undefined;
  const files = new Set<string>();
  walk(dir, dir, files);
  const hashes = new Set<string>();
  for (const file of files) {
    if (!file.endsWith(".html")) continue;
    for (const hash of inlineScriptHashes(readFileSync(join(dir, file), "utf8"))) hashes.add(hash);
  }
  const fallback = ["__spa-fallback.html", "index.html"].find((file) => files.has(file));
  const spaPage = fallback
    ? createSpaPages(readFileSync(join(dir, fallback), "utf8"), readRouteManifest(dir, files))
    : undefined;
  return { dir, files, fallback, spaPage, scriptHashes: [...hashes].sort() };
}

const immutable = "public, max-age=31536000, immutable";

function cacheControl(file: string): string {
  if (file.startsWith("assets/")) return immutable;
  if (file.endsWith(".html") || file.endsWith(".data")) return "no-cache";
  return "public, max-age=3600";
}

/** Maps a URL path to a file of the build, or undefined. Never leaves the indexed set. */
export function resolveWebFile(build: WebBuild, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (path.includes("\0") || path.includes("\\")) return undefined;
  const normalized = posix.normalize(path).replace(/^\/+/, "").replace(/\/+$/, "");
  if (normalized.split("/").some((segment) => segment === ".." || segment.startsWith("."))) {
    return undefined;
  }
  const candidates =
    normalized === ""
      ? ["index.html"]
      : [normalized, `${normalized}/index.html`, `${normalized}.html`];
  return candidates.find((candidate) => build.files.has(candidate));
}

const unavailablePage = `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plateforme en préparation — ${escapeHtml(firm.name)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a">
<h1>Plateforme en préparation</h1>
<p>L'application web n'a pas encore été construite sur ce serveur. Lancez <code>npm run build</code> puis redémarrez le serveur.</p>
<p>L'API répond déjà : <a href="/api/health">/api/health</a>.</p>
</body></html>
`;

/**
 * Serves the browser app for every path outside /api: files of the build (long cache for the
 * hashed /assets), prerendered pages, and otherwise the SPA fallback with status 200 so that
 * deep links such as /client/prets/12 load (the app itself shows 'Page non trouvée').
 */
export async function registerWebApp(app: FastifyInstance, build: WebBuild | undefined) {
  const isApi = (url: string) =>
    url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

  if (!build) {
    app.get("/*", async (request, reply) => {
      if (isApi(request.url)) throw notFound();
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .header("retry-after", "60")
        .type("text/html; charset=utf-8")
        .send(unavailablePage);
    });
    return;
  }

  await app.register(fastifyStatic, {
    root: build.dir,
    serve: false,
    dotfiles: "deny",
    index: false,
    cacheControl: false,
    // build:web writes .br and .gz beside each file (scripts/precompress.ts).
    preCompressed: true,
    etag: true,
    lastModified: true,
  });

  const send = (reply: FastifyReply, file: string, status = 200) => {
    // The same URL may be answered with the .br, .gz or plain file: caches must key on it.
    reply
      .code(status)
      .header("cache-control", cacheControl(file))
      .header("vary", "Accept-Encoding");
    return reply.sendFile(file, { cacheControl: false });
  };

  app.get("/*", async (request, reply) => {
    if (isApi(request.url)) throw notFound();
    const pathname = request.url.split("?")[0] ?? "/";
    const file = resolveWebFile(build, pathname);
    if (file) return send(reply, file);
    const lastSegment = pathname.split("/").pop() ?? "";
    // A missing asset (old hashed file name, typo) is a 404, never an HTML page typed as script.
    if (pathname.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(lastSegment)) {
      return reply
        .code(404)
        .header("cache-control", "no-cache")
        .type("text/plain; charset=utf-8")
        .send("Fichier introuvable");
    }
    if (!build.fallback) throw notFound();
    // The signed-in areas are client-rendered: their deep links load the app (200) but are never
    // indexed. Any other unknown path is a real 404 for browsers and crawlers alike, while the app
    // still renders its 'Page non trouvée' page with links back.
    reply.header("x-robots-tag", "noindex, nofollow");
    const status = isAppArea(pathname) ? 200 : 404;
    if (!build.spaPage) return send(reply, build.fallback, status);
    return sendSpaPage(reply, build.spaPage(pathname), request.headers["accept-encoding"], status);
  });
}

function sendSpaPage(
  reply: FastifyReply,
  page: SpaPage,
  acceptEncoding: string | undefined,
  status: number,
) {
  const accepts = (coding: string) => new RegExp(`\\b${coding}\\b`).test(acceptEncoding ?? "");
  reply
    .code(status)
    .header("cache-control", "no-cache")
    .header("vary", "Accept-Encoding")
    .type("text/html; charset=utf-8");
  if (accepts("br")) return reply.header("content-encoding", "br").send(page.br);
  if (accepts("gzip")) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}

/** Paths of the client and admin areas, which the browser app renders from the SPA fallback. */
export function isAppArea(pathname: string): boolean {
  return /^\/(client|admin)(\/|$)/.test(pathname);
}
