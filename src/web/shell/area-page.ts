// The HTML page of a client or admin area route, as the build writes it (scripts/areas-html.ts)
// and as `npm run dev` serves it (src/server/dev/dev-web.ts): the same boot script, first data
// and painted frame in both, only the stylesheet and the scripts' addresses differ.
//  - the boot script first in <head> (boot-script.ts): it asks for the session and the route's
//    first data (src/domain/area-routes.ts, in a JSON block just before it) at once, and starts
//    the app once the page has painted;
//  - the areas' frame (area-frame-skeleton.tsx) in #app, painted before any JavaScript;
//  - the areas' script, inert, for the boot script to start, and the list of every module the
//    route needs, fetched at once instead of one import after another.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { firm } from "../../domain/firm";
import {
  type AreaPageParts,
  appBootId,
  areasRootId,
  earlyGetAttribute,
  modulePreloadAttribute,
} from "../../domain/web-boot";
import { AreaFrameSkeleton } from "./area-frame-skeleton";
import { bootScript } from "./boot-script";

export function areaPageHtml(parts: AreaPageParts): string {
  const { route } = parts;
  const frame = renderToStaticMarkup(createElement(AreaFrameSkeleton));
  const earlyData = `<script type="application/json" ${earlyGetAttribute}>${JSON.stringify({ pattern: route.path, get: route.firstData })}</script>`;
  return (
    `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>${earlyData}<script>${bootScript}</script>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
    '<meta name="theme-color" content="#183c70"/><meta name="robots" content="noindex"/>' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
    `<title>${firm.name}</title><link rel="stylesheet" href="${parts.stylesheet}"/>${parts.headEnd ?? ""}</head>` +
    `<body><div id="${areasRootId}">${frame}</div>` +
    `<script type="text/plain" id="${appBootId}">import "${parts.entry}";</script>` +
    `<script type="application/json" ${modulePreloadAttribute}>${JSON.stringify(parts.modules)}</script>` +
    "</body></html>"
  );
}
