import { defineConfig } from "vite";
import { publicPages } from "./scripts/build-plugins";
import { islandsManifest } from "./scripts/islands-html";

// The second half of `npm run build:public`, after `react-router build`: the islands of the public
// pages (src/web/islands/main.tsx), into the same assets folder: React and the islands' own code,
// no React Router, no CSS (the page's stylesheet already holds the classes: Tailwind scans all of
// src/web). Its plugin then rewrites the prerendered pages (scripts/islands-html.ts,
// scripts/react-router-html.ts) and compresses every file of the folder.
const outDir = "build/web/client";

export default defineConfig({
  publicDir: false,
  plugins: [publicPages(outDir)],
  build: {
    outDir,
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
