import { defineConfig } from "vite";
import { areasManifest, pageChunkName } from "./scripts/areas-html";
import { areaPages } from "./scripts/build-plugins";

// `npm run build:areas`: the client and admin areas (src/web/areas/main.tsx), built after
// `npm run build:public` into the same assets folder: React, the declarative router and the
// areas' pages, each page a chunk of its own. No CSS: the pages use the stylesheet of React
// Router's build (Tailwind scans all of src/web). Its plugin then writes, for each route, a page
// that names the entry's and that route's chunks (scripts/areas-html.ts), and compresses them.
// See docs/decisions/2026-11-22-areas-app.md.
const outDir = "build/web/client";

// `vite build -c vite.areas.config.ts --ssr`: the same pages for Node, which the server runs to
// draw a signed-in page with its user's data before the browser hydrates it
// (src/web/areas/render-page.tsx, src/server/http/area-rendering.ts). Packages stay in
// node_modules; the pages' modules become files beside the entry, loaded as the routes need them.
const serverRendering = defineConfig({
  publicDir: false,
  build: {
    outDir: "build/server/areas",
    emptyOutDir: true,
    ssr: true,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
      input: { "render-page": "src/web/areas/render-page.tsx" },
      output: { format: "esm", entryFileNames: "[name].js" },
    },
  },
});

// The officers' code stays out of the chunks a client's page loads. To save requests, Rollup
// merges small chunks into others (experimentalMinChunkSize), including into chunks loaded by pages
// that never use them, as long as no module with side effects runs where it did not before: so
// about 3 KiB of officers-only modules (their components, api and domain parts) ended up in chunks
// the client's pages load, and the documents page passed its 125 KiB budget. Declared as having
// side effects ("no-treeshake": also kept whole), those modules are only merged where an
// officers' page loads them anyway. See docs/decisions/2026-11-27-hydration-main-thread.md.
const officersOnly =
  /\/src\/(web\/features\/admin\/|domain\/(decision-promise|api\/(admin-[a-z-]+|approval|security-events))\.ts$)/;

const keepOfficersCodeApart = {
  name: "keep-officers-code-apart",
  transform(code: string, id: string) {
    return officersOnly.test(id)
      ? { code, map: null, moduleSideEffects: "no-treeshake" as const }
      : null;
  },
};

const browser = defineConfig({
  publicDir: false,
  plugins: [areaPages(outDir), keepOfficersCodeApart],
  build: {
    outDir,
    emptyOutDir: false,
    manifest: areasManifest,
    // Every browser that runs the areas knows modulepreload; the pages name every chunk anyway.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // "use client" directives of lucide-react and sonner mean nothing here.
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
      input: { areas: "src/web/areas/main.tsx" },
      output: {
        entryFileNames: "assets/areas-[hash].js",
        // A page's chunk is named after its route's page (areas-html.ts looks it up by that name:
        // the manifest keys a chunk that also holds shared code by its file, not its source).
        chunkFileNames: (chunk) => {
          const page = chunk.moduleIds.map(pageChunkName).find(Boolean);
          return `assets/areas-${page ?? "[name]"}-[hash].js`;
        },
        // A request costs a round trip on a slow network: chunks under this size are merged
        // into a chunk loaded by the same pages (as in vite.config.ts).
        experimentalMinChunkSize: 20 * 1024,
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendering : browser));
