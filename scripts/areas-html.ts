// Writes the HTML page of each route of the client and admin areas (run by the areas build's
// plugin, vite.areas.config.ts, once its chunks are written), where areaPageFile says
// (build/web/client/__areas/).
// Each page (src/web/shell/area-page.ts) holds the stylesheet of React Router's build (the areas'
// build has none of its own) and names the areas' entry and every module the route needs (the
// entry's chunks and the page's).
// The server answers each area path with its route's page (src/server/http/web-app.ts).
// See docs/decisions/2026-11-22-areas-app.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { areaPageFile, areaRoutes } from "../src/domain/area-routes";
import { areaPageHtml } from "../src/web/shell/area-page";
import { inlinableCss } from "./islands-html";

/** Where the areas' build writes its manifest, under build/web/client. */
export const areasManifest = ".vite/areas-manifest.json";

/** "page.client.documents" for src/web/features/client/pages/documents-page.tsx. */
export function pageChunkName(moduleId: string): string | undefined {
  const match = /\/features\/(client|admin)\/pages\/([a-z-]+)-page\.tsx$/.exec(moduleId);
  return match ? `page.${match[1]}.${match[2]}` : undefined;
}

const entrySource = "src/web/areas/main.tsx";
/** React's renderer: imported by the entry once evaluated, asked for by every page with it. */
const rendererSource = "src/web/areas/renderer.ts";

type ManifestChunk = { file: string; src?: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

function fail(message: string): never {
  throw new Error(`areas-html : ${message}`);
}

function read(path: string, hint: string): string {
  if (!existsSync(path)) fail(`${path} absent : ${hint}`);
  return readFileSync(path, "utf8");
}

/** Writes the areas' pages into the build in `clientDir`; returns their JavaScript weights. */
export function writeAreaPages(clientDir: string): string {
  const manifest = JSON.parse(
    read(join(clientDir, areasManifest), "lancez d'abord vite build -c vite.areas.config.ts"),
  ) as Manifest;

  /** The manifest key of a page's chunk: its source, or its file when it holds shared code too. */
  function pageKey(page: string): string {
    const source = `src/web/${page}`;
    if (manifest[source]) return source;
    const prefix = `assets/areas-${pageChunkName(source) ?? fail(`${page} n'est pas une page`)}-`;
    const key = Object.keys(manifest).find((at) => manifest[at]?.file.startsWith(prefix));
    return key ?? fail(`${page} absent du manifeste des espaces`);
  }

  /** A module's chunk and every chunk it imports statically, in load order. */
  function chunksOf(key: string, seen = new Set<string>()): string[] {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key] ?? fail(`${key} absent du manifeste des espaces`);
    return [...(chunk.imports ?? []).flatMap((imported) => chunksOf(imported, seen)), chunk.file];
  }

  // The stylesheet of React Router's build, as its SPA page links it.
  const spaPage = read(join(clientDir, "__spa-fallback.html"), "lancez d'abord react-router build");
  const stylesheet = /<link rel="stylesheet" href="(\/assets\/root-[^"]+\.css)"\/?>/.exec(
    spaPage,
  )?.[1];
  if (!stylesheet) fail("feuille de style de React Router introuvable dans __spa-fallback.html");
  const css = inlinableCss(clientDir, stylesheet);

  const entry = manifest[entrySource] ?? fail(`${entrySource} absent du manifeste`);

  const sizes: string[] = [];
  for (const route of areaRoutes) {
    const modules = [
      ...new Set([
        ...chunksOf(entrySource),
        ...chunksOf(rendererSource),
        ...chunksOf(pageKey(route.page)),
      ]),
    ];
    const html = areaPageHtml({
      route,
      stylesheet: { css },
      entry: `/${entry.file}`,
      modules: modules.map((file) => `/${file}`),
    });
    const file = join(clientDir, areaPageFile(route));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    const gzip = modules.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(clientDir, file))).length,
      0,
    );
    sizes.push(`${route.path} ${modules.length} f. ${(gzip / 1024).toFixed(1)} KiB`);
  }
  return `${areaRoutes.length} pages (JavaScript gzip) — ${sizes.join(", ")}`;
}
