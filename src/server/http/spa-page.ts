import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { modulePreloadAttribute } from "../../domain/web-boot";

// The SPA page (client and admin areas) names the modules of the route it is served for, so
// that the browser fetches the page's own chunks at once with the app's, instead of discovering
// them one import after another once the app has started. The boot script
// (src/web/shell/boot-script.ts) reads the list after the first paint.

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};

type RoutePattern = { segments: string[]; index: boolean; chain: ManifestRoute[] };

export type SpaPage = { html: string; br: Buffer; gzip: Buffer };

/** React Router's route manifest of the build (assets/manifest-<hash>.js), or undefined. */
export function readRouteManifest(dir: string, files: Iterable<string>): ManifestRoute[] {
  for (const file of files) {
    if (!/^assets\/manifest-[0-9a-f]+\.js$/.test(file)) continue;
    const source = readFileSync(join(dir, file), "utf8");
    const json = source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "");
    const manifest = JSON.parse(json) as { routes: Record<string, ManifestRoute> };
    return Object.values(manifest.routes);
  }
  return [];
}

function patterns(routes: ManifestRoute[]): RoutePattern[] {
  const byId = new Map(routes.map((route) => [route.id, route]));
  return routes.map((route) => {
    const chain: ManifestRoute[] = [];
    for (let at: ManifestRoute | undefined = route; at; at = byId.get(at.parentId ?? "")) {
      chain.unshift(at);
    }
    const segments = chain.flatMap((at) => (at.path ?? "").split("/").filter(Boolean));
    return { segments, index: route.index === true, chain };
  });
}

function matches(pattern: string[], path: string[]): boolean {
  if (pattern.at(-1) === "*") {
    return (
      path.length >= pattern.length - 1 &&
      matches(pattern.slice(0, -1), path.slice(0, pattern.length - 1))
    );
  }
  if (pattern.length !== path.length) return false;
  return pattern.every((segment, i) => segment.startsWith(":") || segment === path[i]);
}

/** The route that renders `pathname`: exact paths first, an index route before its layout. */
function matchRoute(all: RoutePattern[], pathname: string): RoutePattern | undefined {
  const path = pathname.split("/").filter(Boolean);
  const candidates = all.filter((pattern) => matches(pattern.segments, path));
  const rank = (pattern: RoutePattern) =>
    (pattern.segments.includes("*") ? 0 : 1000) +
    pattern.segments.filter((segment) => !segment.startsWith(":")).length * 10 +
    (pattern.index ? 1 : 0);
  return candidates.sort((a, b) => rank(b) - rank(a))[0];
}

/** The modules of a route and its layouts, without the root's (the page preloads those). */
function modulesOf(route: RoutePattern): string[] {
  const modules = route.chain
    .filter((at) => at.id !== "root")
    .flatMap((at) => [at.module, ...(at.imports ?? [])]);
  return [...new Set(modules)];
}

/**
 * The SPA page for each route, built once and kept: the HTML with the route's module list, and
 * its brotli and gzip encodings.
 */
export function createSpaPages(
  html: string,
  routes: ManifestRoute[],
): (pathname: string) => SpaPage {
  const cache = new Map<string, SpaPage>();
  const all = patterns(routes);
  return (pathname: string): SpaPage => {
    const route = matchRoute(all, pathname);
    const key = route?.chain.at(-1)?.id ?? "";
    const cached = cache.get(key);
    if (cached) return cached;
    const modules = route ? modulesOf(route) : [];
    const list = `<script type="application/json" ${modulePreloadAttribute}>${JSON.stringify(modules)}</script>`;
    const page = modules.length > 0 ? html.replace("</body>", `${list}</body>`) : html;
    const entry: SpaPage = {
      html: page,
      br: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(page, { level: 9 }),
    };
    cache.set(key, entry);
    return entry;
  };
}
