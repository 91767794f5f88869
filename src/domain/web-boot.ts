// How the server and the boot script of the React Router pages (src/web/shell/boot-script.ts)
// name things in the HTML: the server writes these lists into the SPA page, the boot script
// reads them.

import type { AreaRoute } from "./area-routes";

/** The id of the inert copy of React Router's module script, started after the first paint. */
export const appBootId = "app-boot";

/** `<script type="application/json" data-module-preload>`: modules to preload. */
export const modulePreloadAttribute = "data-module-preload";

/** The element of the areas' pages that holds the frame painted before the app, then the app. */
export const areasRootId = "app";

/**
 * `<script type="application/json" id="areas-state">` in an area page the server rendered with
 * its user's data (src/web/areas/render-page.tsx): the session and the data it was drawn with,
 * which the browser hydrates it from (src/web/areas/main.tsx).
 */
export const renderedStateId = "areas-state";

/**
 * `<script type="application/json" data-early-get>` before the boot script in an area page:
 * `{ "pattern": "/client/prets/:loanId", "get": ["/api/loans/:loanId"] }`, the page's first GETs;
 * `"rendered": true` when the server drew the page with its data (nothing to ask for then).
 */
export const earlyGetAttribute = "data-early-get";

/**
 * What differs between an area route's page in the build (scripts/areas-html.ts) and under
 * `npm run dev` (src/server/dev/dev-web.ts); src/web/shell/area-page.ts writes the page.
 */
export type AreaPageParts = {
  route: AreaRoute;
  /** The stylesheet's text, written into the page (the build), or its address (`npm run dev`). */
  stylesheet: { css: string } | { href: string };
  /** The areas' entry module ("/assets/areas-x.js", or its source under `npm run dev`). */
  entry: string;
  /** Every module the route needs (the entry's chunks and the page's), fetched after the paint. */
  modules: readonly string[];
  /** Extra tags at the end of <head> (the dev server's client and React refresh preamble). */
  headEnd?: string;
};
