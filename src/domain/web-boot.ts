// How the server and the boot script of the React Router pages (src/web/shell/boot-script.ts)
// name things in the HTML: the server writes these lists into the SPA page, the boot script
// reads them.

/** The id of the inert copy of React Router's module script, started after the first paint. */
export const appBootId = "app-boot";

/** `<script type="application/json" data-module-preload>`: modules to preload. */
export const modulePreloadAttribute = "data-module-preload";

/** The element of the areas' pages that holds the frame painted before the app, then the app. */
export const areasRootId = "app";

/**
 * `<script type="application/json" data-early-get>` before the boot script in an area page:
 * `{ "pattern": "/client/prets/:loanId", "get": ["/api/loans/:loanId"] }`, the page's first GETs.
 */
export const earlyGetAttribute = "data-early-get";
