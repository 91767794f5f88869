import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { areaPageFile, matchAreaRoute } from "../../domain/area-routes";
import { firm } from "../../domain/firm";
import { escapeHtml } from "../mail/templates";
import { notFound } from "./app-error";
import { drawAreaPage, loadAreaRenderer, sendRenderedPage } from "./area-rendering";

/** The built browser app (build/web/client), indexed once at start-up. */
export type WebBuild = {
  dir: string;
  /** Every servable file, as a relative POSIX path ("assets/root-x.js", "a-propos/index.html"). */
  files: Set<string>;
  /** React Router's SPA page, which renders 'Page non trouvée' for unknown paths. */
  fallback: string | undefined;
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
 * The hashes of the inline <script> elements in the built HTML. React Router's SPA fallback
 * (hydration context, scroll restoration, route imports), the sign-in pages and the areas' pages
 * (the boot script, the inert app script) carry small inline scripts; allowing exactly
 * those keeps script-src free of 'unsafe-inline'. The four public pages
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
  return { dir, files, fallback, scriptHashes: [...hashes].sort() };
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

/** The page of an area route in the build (scripts/areas-html.ts), or undefined. */
function areaPage(build: WebBuild, pathname: string): string | undefined {
  const route = matchAreaRoute(pathname);
  const file = route && areaPageFile(route);
  return file && build.files.has(file) ? file : undefined;
}

/**
 * Serves the browser app for every path outside /api: files of the build (long cache for the
 * hashed /assets), prerendered pages, the page of each client and admin area route (deep links
 * such as /client/prets/12), and otherwise the SPA page with status 404 (the app shows 'Page
 * non trouvée').
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
    // The browser builds write .br and .gz beside each file (scripts/precompress.ts).
    preCompressed: true,
    etag: true,
    lastModified: true,
  });

  // build/web/client's server side: build/server/areas/ holds the areas' renderer, when built.
  const renderer = await loadAreaRenderer(
    app,
    join(build.dir, "..", "..", "server", "areas", "render-page.js"),
  );
  const areaHtml = new Map<string, string>();
  const areaPageHtml = (file: string) => {
    let html = areaHtml.get(file);
    if (html === undefined) {
      html = readFileSync(join(build.dir, file), "utf8");
      areaHtml.set(file, html);
    }
    return html;
  };

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
    // The signed-in areas' pages and unknown paths are never indexed.
    reply.header("x-robots-tag", "noindex, nofollow");
    const area = areaPage(build, pathname);
    if (area) {
      const rendered = renderer
        ? await drawAreaPage(renderer, request, reply, areaPageHtml(area))
        : undefined;
      if (rendered !== undefined) return sendRenderedPage(request, reply, rendered);
      return send(reply, area);
    }
    if (!build.fallback) throw notFound();
    return send(reply, build.fallback, 404);
  });
}
