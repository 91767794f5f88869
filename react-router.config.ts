import type { Config } from "@react-router/dev/config";
import { precompress } from "./scripts/precompress";

// Every page is made by React Router: the four public pages are prerendered to HTML at build
// time; every other page (sign-in pages, the client and officers' areas, the 404 page) is
// rendered by the server for its request, with its loaders' data (src/server/http/web-app.ts).
export default {
  appDirectory: "src/web",
  buildDirectory: "build/web",
  ssr: true,
  prerender: ["/", "/a-propos", "/services", "/contact"],
  future: { v8_middleware: true },
  // The browser build's files are compressed once, here, instead of on every request.
  async buildEnd({ viteConfig }) {
    const client = `${viteConfig.root}/build/web/client`;
    console.log(`precompress : ${await precompress(client)}`);
  },
} satisfies Config;
