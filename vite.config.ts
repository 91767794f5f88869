import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // React Router's own naming for route modules (it is dropped when output is set here).
        entryFileNames: "assets/[name]-[hash].js",
        // Dozens of one-component chunks cost a round trip each on a slow network (six at a
        // time over HTTP/1.1): chunks under this size are merged into a chunk that is loaded
        // by the same pages.
        experimentalMinChunkSize: 20 * 1024,
      },
    },
  },
});
