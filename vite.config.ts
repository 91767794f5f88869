import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { areaChunks } from "./scripts/area-chunks";
import { chunkModules } from "./scripts/chunk-modules";

// The one Vite configuration: React Router's plugin builds the browser's code (a chunk per route)
// and the server's rendering of the same routes. chunkModules writes which source modules each
// browser chunk holds, for the JavaScript budgets that `npm test` checks
// (src/web/budgets.test.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), chunkModules()],
  // `npm run dev`: the browser's dependencies bundled once at start-up. One found later (lucide-
  // react was, on a cold start) makes Vite bundle again and reload the page, and a page loaded
  // with the older bundle never hydrates.
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "react-router",
      "lucide-react",
      "sonner",
      "@radix-ui/react-dialog",
      "@radix-ui/react-dropdown-menu",
      "zod",
      "chart.js",
      "tus-js-client",
      "browser-image-compression",
    ],
  },
  build: {
    rollupOptions: {
      output: isSsrBuild ? {} : { manualChunks: areaChunks },
      // "use client" directives of lucide-react and sonner mean nothing here.
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
}));
