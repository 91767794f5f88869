import { defineConfig } from "vite";

// The islands of the public pages (src/web/islands/main.tsx), built after `react-router build`
// into the same assets folder: React and the islands' own code, no React Router, no CSS (the
// page's stylesheet already holds the classes: Tailwind scans all of src/web). The manifest lets
// scripts/islands-html.ts find the hashed entry and each island's chunks.
export const islandsManifest = ".vite/islands-manifest.json";

export default defineConfig({
  publicDir: false,
  build: {
    outDir: "build/web/client",
    emptyOutDir: false,
    manifest: islandsManifest,
    // Every browser that runs the islands knows modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // "use client" directives of lucide-react and sonner mean nothing here (no server components).
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
      input: "src/web/islands/main.tsx",
      output: {
        entryFileNames: "assets/islands-[hash].js",
        chunkFileNames: "assets/islands-[name]-[hash].js",
      },
    },
  },
});
