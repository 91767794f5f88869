// Makes React Router's built page that it still hydrates (the SPA page, which now serves only the
// 404 page; the areas have their own pages, scripts/areas-html.ts; the public and sign-in pages
// are islands, scripts/islands-html.ts) paint before its JavaScript; run by the public islands
// build's plugin (vite.islands.config.ts) after islands-html.ts. In each page:
//  - the modulepreload links React Router wrote into <head> are removed and listed in a JSON
//    block instead, which the boot script turns back into links after the first paint;
//  - React Router's module script is kept, inert (type="text/plain"), for the boot script to
//    start after the first paint;
//  - the boot script (src/web/shell/boot-script.ts) goes first in <head>.
// The island pages (islands-html-pages.ts) are left alone.
// See docs/decisions/2026-11-22-signed-in-pages-paint-first.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { appBootId, modulePreloadAttribute } from "../src/domain/web-boot";
import { bootScript } from "../src/web/shell/boot-script";
import { islandPages } from "./islands-html-pages";

function fail(message: string): never {
  throw new Error(`react-router-html : ${message}`);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "assets" || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

/** The page with React Router's scripts started after the first paint; throws if unexpected. */
export function paintFirst(html: string, file: string): string {
  const preloads: string[] = [];
  let page = html.replace(/<link rel="modulepreload" href="([^"]+)"\/?>/g, (_whole, href) => {
    preloads.push(href);
    return "";
  });
  let boots = 0;
  page = page.replace(
    /<script type="module" async="">([\s\S]*?)<\/script>/g,
    (whole, content: string) => {
      if (!content.includes("window.__reactRouterRouteModules")) return whole;
      boots += 1;
      return `<script type="text/plain" id="${appBootId}">${content}</script>`;
    },
  );
  if (boots !== 1) fail(`${file} : ${boots} script(s) de démarrage de React Router au lieu d'un`);
  // After the charset declaration, which must stay within the first 1024 bytes.
  const charset = '<meta charSet="utf-8"/>';
  if (!page.includes(charset)) fail(`${file} : ${charset} introuvable`);
  page = page.replace(charset, `${charset}<script>${bootScript}</script>`);
  const list = `<script type="application/json" ${modulePreloadAttribute}>${JSON.stringify(preloads)}</script>`;
  if (!page.includes("</body>")) fail(`${file} : </body> introuvable`);
  return page.replace("</body>", `${list}</body>`);
}

/** Rewrites React Router's pages of the build in `clientDir`; returns how many. */
export function paintFirstPages(clientDir: string): number {
  const islandFiles = new Set<string>(islandPages.map((page) => page.file));
  let count = 0;
  for (const path of htmlFiles(clientDir)) {
    const file = relative(clientDir, path);
    if (islandFiles.has(file)) continue;
    const html = readFileSync(path, "utf8");
    if (!html.includes("window.__reactRouterContext")) continue;
    writeFileSync(path, paintFirst(html, file));
    count += 1;
  }
  return count;
}
