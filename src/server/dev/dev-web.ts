// `npm run dev` (src/server/dev.ts): the browser app served from its sources by Vite, inside the
// platform's own Fastify server, so that one process on one port answers the API, every page and
// the hot-reload socket. Every page is rendered as in production (web/render-page.ts: the same
// routes, loaders, middleware, server rendering and CSP), by the build Vite makes of the sources
// on each request; Vite answers the modules, its client and the files of public/. A change under
// src/web reaches the open page through Vite's hot update; server code restarts the process
// (tsx watch), and the page reloads when its socket comes back.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import {
  isViteRequest,
  type PageRenderer,
  registerPageRoutes,
  rendererOf,
} from "../pages/render-page";
import { projectRoot } from "../project-root";

export async function registerDevWeb(app: FastifyInstance) {
  const root = projectRoot();
  const vite = await createServer({
    root,
    configFile: join(root, "vite.config.ts"),
    appType: "custom",
    // The hot-reload socket shares the platform's port.
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook("onClose", async () => {
    await vite.close();
  });
  const publicFiles = new Set(readdirSync(join(root, "public")));

  // Loaded on each request: Vite gives the current sources' build.
  const renderer: PageRenderer = async (request, page) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return rendererOf(build, "development")(request, page);
  };

  // Vite answers its client, the modules and the files of public/, on Node's response: the
  // security headers set so far (http/security.ts) go with it.
  await registerPageRoutes(app, renderer, async (request, reply) => {
    if (!isViteRequest(request.raw, publicFiles)) return false;
    reply.hijack();
    const { raw: req } = request;
    const { raw: res } = reply;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    vite.middlewares(req, res, (error?: unknown) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      if (error) app.log.error({ err: error }, "module de développement en échec");
      res.statusCode = error ? 500 : 404;
      res.end();
    });
    return true;
  });
}
