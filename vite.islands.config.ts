import { defineConfig, type UserConfig } from "vite";
import { publicPages, signInPages } from "./scripts/build-plugins";
import { islandSets } from "./scripts/islands-html-pages";

const outDir = "build/web/client";

/**
 * An islands build, after `react-router build`: one set of pages' script (src/web/islands/main.tsx
 * for the public pages, sign-in.tsx for the sign-in pages) with React and that set's islands, into
 * the same assets folder, no React Router, no CSS (the page's stylesheet already holds the
 * classes: Tailwind scans all of src/web). Its plugin then rewrites the set's prerendered pages
 * (scripts/islands-html.ts; the public build also scripts/react-router-html.ts) and compresses
 * every new file of the folder. Each set is a build of its own so that neither changes the
 * other's chunks (vite.sign-in.config.ts builds the sign-in set).
 */
export function islandsConfig(set: keyof typeof islandSets): UserConfig {
  const { entry, prefix, manifest } = islandSets[set];
  return {
    publicDir: false,
    plugins: [set === "public" ? publicPages(outDir) : signInPages(outDir)],
    build: {
      outDir,
      emptyOutDir: false,
      manifest,
      // Every browser that runs the islands knows modulepreload.
      modulePreload: { polyfill: false },
      rollupOptions: {
        // "use client" directives of lucide-react and sonner mean nothing here (no server components).
        onwarn(warning, warn) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
          warn(warning);
        },
        input: entry,
        output: {
          entryFileNames: `assets/${prefix}-[hash].js`,
          chunkFileNames: `assets/${prefix}-[name]-[hash].js`,
        },
      },
    },
  };
}

// The second step of `npm run build:public`: the public pages' islands.
export default defineConfig(islandsConfig("public"));
