import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    // `npm run dev:web` proxies the API to the Fastify server started by `npm run dev`.
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
