// Turns the four prerendered public pages and the four sign-in pages into static pages with
// islands (run by the islands build's plugin, vite.islands.config.ts, once `react-router build`
// and the islands are written):
//  - removes React Router's scripts (context, route modules, scroll restoration) and its
//    modulepreload links: these pages are no longer hydrated by React Router;
//  - checks that each island's prerendered markup is exactly what its component renders from the
//    props written in the page (what hydration will compare), and fails the build otherwise;
//  - writes the stylesheet into a public page (one request less before the first paint); a
//    sign-in page keeps the file and gets the boot script instead;
//  - loads the islands script instead (src/web/islands/main.tsx, its hashed name from the islands
//    manifest), which imports React and the page's islands once the page has painted.
// The 404 page stays a React Router page. See docs/decisions/2026-11-22-public-islands.md and,
// for the sign-in pages, docs/decisions/2026-11-26-sign-in-islands.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { appBootId } from "../src/domain/web-boot";
import { island as contactForm } from "../src/web/islands/contact-form.island";
import { island as loanSimulator } from "../src/web/islands/loan-simulator.island";
import { island as login } from "../src/web/islands/login.island";
import type { IslandModule, IslandName } from "../src/web/islands/names";
import { island as register } from "../src/web/islands/register.island";
import { island as resetLanding } from "../src/web/islands/reset-landing.island";
import { island as resetRequest } from "../src/web/islands/reset-request.island";
import { island as siteHeader } from "../src/web/islands/site-header.island";
import { bootScript } from "../src/web/shell/boot-script";
import { type IslandPage, islandPages, islandSets } from "./islands-html-pages";

type IslandSet = keyof typeof islandSets;
const hydrateSource = "src/web/islands/hydrate.tsx";

const modules: { [Name in IslandName]: IslandModule<Name> } = {
  "site-header": siteHeader,
  "loan-simulator": loanSimulator,
  "contact-form": contactForm,
  login,
  register,
  "reset-request": resetRequest,
  "reset-landing": resetLanding,
};

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

function fail(message: string): never {
  throw new Error(`islands-html : ${message}`);
}

function readManifest(clientDir: string, set: IslandSet): Manifest {
  const path = join(clientDir, islandSets[set].manifest);
  if (!existsSync(path)) fail(`${path} absent : lancez d'abord le build des îlots (${set})`);
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/**
 * The manifest key of a module that the set's script (`entrySource`) imports dynamically. Rollup
 * keys a chunk by its source, unless the chunk also holds code shared with another chunk: then by
 * its file name, and its `name` is the source's base name.
 */
function dynamicKey(manifest: Manifest, entrySource: string, source: string): string {
  const entry = manifest[entrySource] ?? fail(`${entrySource} absent du manifeste`);
  const baseName = source.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  const key = (entry.dynamicImports ?? []).find(
    (candidate) => manifest[candidate]?.src === source || manifest[candidate]?.name === baseName,
  );
  return key ?? fail(`${source} n'est pas importé par ${entrySource} dans le manifeste`);
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * The islands of a page with their props and prerendered inner HTML. The island element is a
 * <div> whose children never contain a <div data-island>; its end is found by counting <div>s.
 */
function findIslands(html: string, file: string) {
  const islands: { name: IslandName; props: unknown; inner: string }[] = [];
  const opening = /<div class="contents" data-island="([^"]+)" data-props="([^"]*)">/g;
  for (const match of html.matchAll(opening)) {
    const name = match[1] as IslandName;
    if (!(name in modules)) fail(`${file} : îlot inconnu « ${name} »`);
    const start = (match.index ?? 0) + match[0].length;
    const tags = /<div\b[^>]*>|<\/div>/g;
    tags.lastIndex = start;
    let depth = 1;
    let end = -1;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        end = tag.index;
        break;
      }
    }
    if (end < 0) fail(`${file} : fin de l'îlot « ${name} » introuvable`);
    islands.push({
      name,
      props: JSON.parse(decodeAttribute(match[2] ?? "{}")),
      inner: html.slice(start, end),
    });
  }
  return islands;
}

/** What hydration compares: the component rendered from the page's props, as React serialises it. */
function checkHydration(file: string, name: IslandName, props: unknown, inner: string) {
  const module = modules[name] as IslandModule<IslandName>;
  const rendered = renderToStaticMarkup(
    createElement(module.component as never, props as never),
  ).replace(/<!-- -->/g, "");
  const prerendered = inner.replace(/<!-- -->/g, "");
  if (rendered === prerendered) return;
  let at = 0;
  while (at < rendered.length && rendered[at] === prerendered[at]) at += 1;
  fail(
    `${file} : l'îlot « ${name} » ne rendrait pas le même HTML à l'hydratation.\n` +
      `  prérendu : …${prerendered.slice(Math.max(0, at - 80), at + 120)}…\n` +
      `  îlot     : …${rendered.slice(Math.max(0, at - 80), at + 120)}…`,
  );
}

/** The stylesheet `href` of the build, checked to mean the same written into a page. */
export function inlinableCss(clientDir: string, href: string): string {
  const css = readFileSync(join(clientDir, href), "utf8");
  if (/url\((?!["']?data:)|@import/.test(css))
    fail(`${href} : une adresse relative ne peut pas être incluse`);
  return css;
}

/**
 * The stylesheet goes into the page: on a slow network the first paint then waits for the HTML
 * alone, not for a second request after it (measured on /contact: LCP 1.36 s -> 1.05 s). The
 * sign-in pages keep the file, which the browser caches for the next pages (the areas' pages
 * inline it too: scripts/areas-html.ts).
 */
function inlineStylesheet(clientDir: string, html: string, file: string): string {
  const link = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/?>/.exec(html);
  if (!link?.[1]) fail(`${file} : feuille de style introuvable`);
  const css = inlinableCss(clientDir, link[1]);
  return html.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * A sign-in page's boot script (src/web/shell/boot-script.ts), first in <head> as on the areas'
 * pages: it asks for the session at once, starts the page's script after the first paint, and
 * holds a form sent before the island is live (no native GET with the password in the address);
 * the island's useAppStartSignal releases it.
 */
function addBootScript(html: string, file: string): string {
  // After the charset declaration, which must stay within the first 1024 bytes.
  const charset = '<meta charSet="utf-8"/>';
  if (!html.includes(charset)) fail(`${file} : ${charset} introuvable`);
  return html.replace(charset, () => `${charset}<script>${bootScript}</script>`);
}

function processPage(clientDir: string, manifest: Manifest, { file, kind }: IslandPage) {
  const path = join(clientDir, file);
  if (!existsSync(path)) fail(`${path} absent (la page n'a pas été prérendue ?)`);
  let html = readFileSync(path, "utf8");

  // React Router's modulepreload links and scripts (JSON data blocks would be kept).
  html = html.replace(/<link rel="modulepreload"[^>]*\/?>/g, "");
  html = html.replace(/<script\b([^>]*)>[\s\S]*?<\/script>/g, (whole, attributes: string) =>
    /type="application\/(ld\+)?json"/.test(attributes) ? whole : "",
  );
  if (/modulepreload|__reactRouter|<script(?![^>]*application\/(ld\+)?json)/.test(html)) {
    fail(`${file} : il reste un script ou un préchargement de React Router`);
  }

  const islands = findIslands(html, file);
  for (const { name, props, inner } of islands) checkHydration(file, name, props, inner);

  // The set's script imports React and the page's islands once the page has painted: nothing but this
  // small module is fetched before the first paint (no modulepreload: on a slow network, scripts
  // fetched alongside the HTML and CSS delay the first paint). Each island must have its module.
  const entrySource = islandSets[kind].entry;
  const entry = manifest[entrySource] ?? fail(`${entrySource} absent du manifeste`);
  dynamicKey(manifest, entrySource, hydrateSource);
  for (const { name } of islands) {
    dynamicKey(manifest, entrySource, `src/web/islands/${name}.island.tsx`);
  }
  if (kind === "public") {
    html = inlineStylesheet(clientDir, html, file);
    if (!html.includes("</head>")) fail(`${file} : pas de </head>`);
    html = html.replace("</head>", `<script type="module" src="/${entry.file}"></script></head>`);
  } else {
    // Started by the boot script after the first paint, as on the areas' pages: a module script
    // in the page would hold DOMContentLoaded (and the boot script's start) until it has run.
    html = addBootScript(html, file);
    if (!html.includes("</body>")) fail(`${file} : pas de </body>`);
    const app = `<script type="text/plain" id="${appBootId}">import "/${entry.file}";</script>`;
    html = html.replace("</body>", `${app}</body>`);
  }
  writeFileSync(path, html);
  return { file, islands: islands.map((island) => island.name) };
}

/** Rewrites the pages of one set in `clientDir`, once its build is written; a line per page. */
export function writeIslandPages(clientDir: string, set: IslandSet): string[] {
  const manifest = readManifest(clientDir, set);
  return islandPages
    .filter((page) => page.kind === set)
    .map((page) => {
      const result = processPage(clientDir, manifest, page);
      return `${result.file} — îlots ${result.islands.join(", ") || "aucun"}`;
    });
}
