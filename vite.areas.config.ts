import { defineConfig } from "vite";

// The client and admin areas (src/web/areas/main.tsx), built after `react-router build` into
// the same assets folder: React, the declarative router and the areas' pages, each page a chunk
// of its own. No CSS: the pages use the stylesheet of React Router's build (Tailwind scans all
// of src/web). The manifest lets scripts/areas-html.ts write, for each route, a page that names
// the entry's and that route's chunks. See docs/decisions/2026-11-22-areas-app.md.
export const areasManifest = ".vite/areas-manifest.json";

/** "page.client.documents" for src/web/features/client/pages/documents-page.tsx. */
export function pageChunkName(moduleId: string): string | undefined {
  const match = /\/features\/(client|admin)\/pages\/([a-z-]+)-page\.tsx$/.exec(moduleId);
  return match ? `page.${match[1]}.${match[2]}` : undefined;
}

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "build/web/client",
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
