import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerBuild } from "react-router";
import { firm } from "../../domain/firm";
import { notFound } from "../http/app-error";
import { escapeHtml } from "../mail/templates";
import { isApiPath, type PageRenderer, registerPageRoutes, rendererOf } from "./render-page";

/** The built browser app (build/web/client) and React Router's server build, read at start-up. */
export type WebBuild = {
  dir: string;
  /** Every servable file, as a relative POSIX path ("assets/root-x.js", "a-propos/index.html"). */
  files: Set<string>;
  /** CSP sources ('sha256-…') of the inline scripts of the prerendered pages. */
  scriptHashes: string[];
  /** The server's rendering of the other pages; undefined when the server build is missing. */
  renderer: PageRenderer | undefined;
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
 * The hashes of the inline <script> elements of the prerendered pages: written at build time,
 * they carry no nonce (the pages rendered for a request do, security.ts): allowing exactly those
 * keeps script-src free of 'unsafe-inline'.
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

/** React Router's server build beside the client's, as a renderer; undefined if not built. */
async function loadRenderer(serverFile: string): Promise<PageRenderer | undefined> {
  if (!existsSync(serverFile)) return undefined;
  const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
  return rendererOf(build, "production");
}

/**
 * Indexes build/web/client and loads build/web/server/index.js; undefined when the browser app has
 * not been built.
 */
export async function loadWebBuild(dir: string): Promise<WebBuild | undefined> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return undefined;
  const files = new Set<string>();
  walk(dir, dir, files);
  const hashes = new Set<string>();
  for (const file of files) {
    if (!file.endsWith(".html")) continue;
    for (const hash of inlineScriptHashes(readFileSync(join(dir, file), "utf8"))) hashes.add(hash);
  }
  const renderer = await loadRenderer(join(dir, "..", "server", "index.js"));
  return { dir, files, scriptHashes: [...hashes].sort(), renderer };
}

const immutable = "public, max-age=31536000, immutable";

function cacheControl(file: string): string {
  if (file.startsWith("assets/")) return immutable;
  if (file.endsWith(".html") || file.endsWith(".data")) return "no-cache";
  return "public, max-age=3600";
}

/** Maps a URL path to a file of the build, or undefined. Never leaves the indexed set. */
export function resolveWebFile(
  build: Pick<WebBuild, "files">,
  urlPath: string,
): string | undefined {
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
  const candidates = normalized === "" ? ["index.html"] : [normalized, `${normalized}/index.html`];
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
 * Serves the browser app for every path outside /api: the build's files (long cache for the
 * hashed /assets), the prerendered public pages and their navigation data, and every other page
 * rendered by React Router for its request (render-page.ts): the sign-in pages, the client's and
 * officers' pages, the 404 page, and a page's own form sent.
 */
export async function registerWebApp(app: FastifyInstance, build: WebBuild | undefined) {
  const { renderer } = build ?? {};
  if (!build || !renderer) {
    app.get("/*", async (request, reply) => {
      if (isApiPath(request.url)) throw notFound();
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
    // The build writes .br and .gz beside each file (scripts/precompress.ts).
    preCompressed: true,
    etag: true,
    lastModified: true,
  });

  const send = (reply: FastifyReply, file: string) => {
    // The same URL may be answered with the .br, .gz or plain file: caches must key on it.
    reply.header("cache-control", cacheControl(file)).header("vary", "Accept-Encoding");
    return reply.sendFile(file, { cacheControl: false });
  };

  await registerPageRoutes(app, renderer, async (request, reply) => {
    const [pathname = "/", query] = request.url.split("?");
    const file = resolveWebFile(build, pathname);
    // A prerendered page asked with a query string (a simulation, a form's outcome) is rendered
    // for the request: its loader reads the query.
    if (file && !(query && file.endsWith(".html"))) {
      await send(reply, file);
      return true;
    }
    // A missing asset (old hashed file name, typo) is a 404, never an HTML page typed as script.
    if (pathname.startsWith("/assets/")) {
      await reply
        .code(404)
        .header("cache-control", "no-cache")
        .type("text/plain; charset=utf-8")
        .send("Fichier introuvable");
      return true;
    }
    return false;
  });
}
