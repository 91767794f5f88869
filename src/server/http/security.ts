import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Config, trustedOrigins } from "../config";
import { AppError, messages } from "./app-error";
import { sendError } from "./error-handler";

/** The head-office map on /contact is an OpenStreetMap embed. */
export const mapFrameSource = "https://www.openstreetmap.org";

declare module "node:http" {
  interface ServerResponse {
    /** The CSP nonce of this response's inline scripts. */
    cspNonce?: string;
  }
}

/**
 * The nonce of a response's inline scripts: a fresh one for each response, in its CSP; a page
 * rendered for the request gives it to the scripts it writes (web/render-page.ts).
 */
export function cspNonce(response: ServerResponse): string {
  response.cspNonce ??= randomBytes(16).toString("base64");
  return response.cspNonce;
}

/**
 * Security headers: a CSP without inline scripts except those of the response (its nonce) and
 * the exact ones of the prerendered pages (hashes),
 * no framing, nosniff, strict referrer. HSTS and upgrade-insecure-requests only over https
 * (PUBLIC_URL), since the embedded default is served over plain http on localhost.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  /** scriptSources: the hashes of the prerendered pages' inline scripts. */
  options: { config: Pick<Config, "publicUrl">; scriptSources: string[] },
) {
  const https = options.config.publicUrl?.startsWith("https://") ?? false;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_request, response) => `'nonce-${cspNonce(response as ServerResponse)}'`,
          ...options.scriptSources,
        ],
        scriptSrcAttr: ["'none'"],
        // Toasts (sonner) and component libraries set inline styles; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'", "blob:"],
        manifestSrc: ["'self'"],
        frameSrc: [mapFrameSource, "'self'", "blob:"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  dropDocumentHeadersFromSubresources(app);
}

/**
 * Headers that only mean something on a document (a page, or anything a browser may render as
 * one): the CSP is ~1.2 KB, and a phone on a slow network would otherwise get it with every
 * script, stylesheet and API answer.
 */
const documentOnlyHeaders = [
  "content-security-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-xss-protection",
];

/**
 * Types a browser never renders as a document, given nosniff (kept on every answer, with the
 * referrer policy, CORP and HSTS). Everything else keeps the document headers: HTML, SVG, the
 * uploaded files (PDF, images), plain text, unknown types.
 */
const subresourceType =
  /^(?:text\/(?:javascript|css)|application\/(?:javascript|json|problem\+json|manifest\+json)|font\/)/i;

export function isSubresourceType(contentType: string): boolean {
  return subresourceType.test(contentType.trim());
}

function dropDocumentHeadersFromSubresources(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !isSubresourceType(type)) return payload;
    for (const header of documentOnlyHeaders) reply.removeHeader(header);
    return payload;
  });
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site writes, to the API and to the pages' own forms. A browser always sends Origin on a cross-site POST; when
 * present it must be one of ours (loopback forms, PUBLIC_URL) or the very host the request was
 * sent to. Requests without Origin (curl, server-side tools, app.inject in tests) pass, unless
 * the browser says through Sec-Fetch-Site that they come from another site.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  config: Pick<Config, "port" | "publicUrl">,
) {
  const trusted = new Set(trustedOrigins(config));
  const isSameHost = (request: FastifyRequest, origin: string) => {
    try {
      const url = new URL(origin);
      return url.host === request.host && `${request.protocol}:` === url.protocol;
    } catch {
      return false;
    }
  };
  app.addHook("onRequest", async (request, reply) => {
    // Every write: the API's, and a page's own form (pages/render-page.ts).
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    const allowed = origin
      ? trusted.has(origin) || isSameHost(request, origin)
      : fetchSite !== "cross-site";
    if (allowed) return;
    request.log.warn({ origin, fetchSite }, "requête d'une autre origine refusée");
    return sendError(
      request,
      reply,
      new AppError("forbidden_origin", 403, messages.forbiddenOrigin),
    );
  });
}
