import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, messages } from "./app-error";

/** How deep a JSON body is walked: the API's bodies are two levels deep at most. */
const maxDepth = 32;

/** True when a string anywhere in `value` (keys included) holds a NUL character. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  // Deeper than any body the API takes: a schema refuses it anyway; nothing to walk here.
  if (depth > maxDepth) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000") || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/** Where a request's NUL was found, for the log; undefined when there is none. */
export function nulInRequest(request: FastifyRequest): string | undefined {
  if (request.url.includes("%00") || request.url.includes("\u0000")) return "url";
  if (holdsNul(request.params)) return "params";
  if (holdsNul(request.query)) return "query";
  // tus bodies are streams, never parsed: only parsed JSON is walked.
  if (holdsNul(request.body)) return "body";
  return undefined;
}

/**
 * PostgreSQL's text cannot hold NUL (0x00): a NUL reaching a query fails it with an error the
 * handler can only call internal. Nobody types one, and the forms drop it before sending
 * (withoutNul in src/domain), so a NUL comes from a broken or hostile client: every request that
 * carries one, in its address, query string, route parameters or JSON body, is refused here with
 * one French 400, before any guard or route sees it (docs/decisions/2026-11-25-hostile-input.md).
 */
export function registerInputChecks(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const where = nulInRequest(request);
    if (!where) return;
    request.log.info({ where }, "requête refusée : caractère nul");
    throw new AppError("nul_character", 400, messages.nulCharacter);
  });
}
