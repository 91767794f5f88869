import type { FastifyInstance, FastifyRequest } from "fastify";

/** The prerendered public pages, the only ones worth indexing. */
export const publicPagePaths = ["/", "/a-propos", "/services", "/contact"] as const;

/** Areas that must never be crawled: signed-in spaces, the API and the auth screens. */
export const disallowedPaths = ["/client", "/admin", "/api/", "/auth/", "/reset-password"] as const;

const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The site's origin: PUBLIC_URL when configured, else the request's own host (checked, so a forged
 * Host header cannot inject markup into the files).
 */
function siteOrigin(request: FastifyRequest): string {
  const configured = request.server.deps.config.publicUrl;
  if (configured) return configured;
  const host = request.host;
  const safeHost =
    host && hostPattern.test(host) ? host : `localhost:${request.server.deps.config.port}`;
  return `${request.protocol}://${safeHost}`;
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(origin: string): string {
  const urls = publicPagePaths
    .map((path) => `  <url>\n    <loc>${origin}${path}</loc>\n  </url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** GET /robots.txt and GET /sitemap.xml (registered at the root, not under /api). */
export async function seoRoutes(app: FastifyInstance) {
  app.get("/robots.txt", async (request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return reply.type("text/plain; charset=utf-8").send(robotsTxt(siteOrigin(request)));
  });

  app.get("/sitemap.xml", async (request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return reply.type("application/xml; charset=utf-8").send(sitemapXml(siteOrigin(request)));
  });
}
