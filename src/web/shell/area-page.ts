// The HTML page of a client or admin area route, as the build writes it (scripts/areas-html.ts)
// and as `npm run dev` serves it (src/server/dev/dev-web.ts): the same boot script, first data
// and painted frame in both, only the stylesheet and the scripts' addresses differ.
//  - the boot script first in <head> (boot-script.ts): it asks for the session and the route's
//    first data (src/domain/area-routes.ts, in a JSON block just before it) at once, and starts
//    the app once the page has painted;
//  - the stylesheet written into the page (the build), so that the first paint waits for the HTML
//    alone;
//  - the areas' frame (area-frame-skeleton.tsx) in #app, painted before any JavaScript, with the
//    page's heading when it does not depend on data;
//  - the areas' script, inert, for the boot script to start, and the list of every module the
//    route needs, fetched at once instead of one import after another: after the first paint
//    when that paint holds the page's heading (Lighthouse's simulation counts every request
//    started before the first paint as holding it back: modulepreload links in <head> moved the
//    first paint of /client/documents from 0.8 s to 2.0 s), as soon as the HTML is read when it
//    holds only the frame (`paintFirst: false`: the dashboard, a request's page, the lists),
//    whose content waits for the app anyway.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { UserJson } from "../../domain/api/users";
import {
  type AreaPageParts,
  appBootId,
  areasRootId,
  earlyGetAttribute,
  modulePreloadAttribute,
  renderedStateId,
} from "../../domain/web-boot";
import { documentTitle } from "../components/document-title";
import { AreaFrameSkeleton } from "./area-frame-skeleton";
import { bootScript } from "./boot-script";

export function areaPageHtml(parts: AreaPageParts): string {
  const { route } = parts;
  const frame = renderToStaticMarkup(createElement(AreaFrameSkeleton, { heading: route.heading }));
  const stylesheet =
    "css" in parts.stylesheet
      ? `<style>${parts.stylesheet.css}</style>`
      : `<link rel="stylesheet" href="${parts.stylesheet.href}"/>`;
  const earlyData = earlyDataBlock({
    pattern: route.path,
    get: route.firstData,
    paintFirst: route.heading !== undefined,
  });
  return (
    `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>${earlyData}<script>${bootScript}</script>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    '<meta name="theme-color" content="#183c70"/><meta name="robots" content="noindex"/>' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
    `<title>${documentTitle(route.heading?.title)}</title>${stylesheet}${parts.headEnd ?? ""}</head>` +
    `<body><div id="${areasRootId}">${frame}</div>` +
    `<script type="text/plain" id="${appBootId}">import "${parts.entry}";</script>` +
    `<script type="application/json" ${modulePreloadAttribute}>${JSON.stringify(parts.modules)}</script>` +
    "</body></html>"
  );
}

type EarlyData = { pattern: string; get: readonly string[]; paintFirst: boolean; rendered?: true };

function earlyDataBlock(data: EarlyData): string {
  return `<script type="application/json" ${earlyGetAttribute}>${JSON.stringify(data)}</script>`;
}

/** JSON inside a <script> element: "</script>" or "<!--" in a user's text cannot end it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** What the server drew an area page with, for the browser to hydrate it from (main.tsx). */
export type RenderedState = {
  session: { user: UserJson };
  /** The reads the page made, answered: TanStack Query's key, data and time of the answer. */
  queries: { key: readonly unknown[]; data: unknown; at: number }[];
  /** The instant of the drawing: the clock's texts hydrate from it (lib/clock.tsx). */
  drawnAt: number;
};

/**
 * An area page as the server drew it for its user (areas/render-page.tsx): `pageHtml` (the page
 * areaPageHtml wrote for the route) with the page's markup in place of the frame, the data it
 * was drawn with for the browser to hydrate from, and nothing for the boot script to ask for.
 * Undefined when `pageHtml` is not such a page.
 */
export function withRenderedPage(
  pageHtml: string,
  rendered: { markup: string; state: RenderedState },
): string | undefined {
  const rootStart = `<div id="${areasRootId}">`;
  const rootEnd = `</div><script type="text/plain" id="${appBootId}">`;
  const early = new RegExp(`<script type="application/json" ${earlyGetAttribute}>(.*?)</script>`);
  const start = pageHtml.indexOf(rootStart);
  const end = pageHtml.indexOf(rootEnd, start);
  const earlyMatch = early.exec(pageHtml);
  if (start < 0 || end < 0 || !earlyMatch?.[1]) return undefined;
  const data = JSON.parse(earlyMatch[1]) as EarlyData;
  const head = pageHtml
    .slice(0, start)
    .replace(earlyMatch[0], () =>
      earlyDataBlock({ ...data, get: [], paintFirst: true, rendered: true }),
    );
  return (
    `${head}${rootStart}${rendered.markup}</div>` +
    `<script type="application/json" id="${renderedStateId}">${scriptJson(rendered.state)}</script>` +
    pageHtml.slice(end + "</div>".length)
  );
}
