import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, messages } from "./app-error";

/** How deep a JSON body is walked: the API's bodies are two levels deep at most. */
const maxDepth = 32;

/** True when a string anywhere in `value` (keys included) passes `test`. */
function someString(value: unknown, test: (text: string) => boolean, depth = 0): boolean {
  if (typeof value === "string") return test(value);
  if (value === null || typeof value !== "object") return false;
  // Deeper than any body the API takes: a schema refuses it anyway; nothing to walk here.
  if (depth > maxDepth) return false;
  if (Array.isArray(value)) return value.some((item) => someString(item, test, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (test(key) || someString(item, test, depth + 1)) return true;
  }
  return false;
}

/** True when a string anywhere in `value` (keys included) holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  return someString(value, (text) => text.includes("\u0000"));
}

/**
 * True when a string anywhere in `value` holds half of a surrogate pair (JSON's "\ud800" alone):
 * not a character, and PostgreSQL's UTF-8 text cannot hold it.
 */
export function holdsLoneSurrogate(value: unknown): boolean {
  // With the u flag a pair is read as one code point: only a lone half matches Cs.
  return someString(value, (text) => /\p{Cs}/u.test(text));
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
  // Half a character, which no keyboard makes either: PostgreSQL refused it with an error the
  // handler called internal (found by the API fuzz test). Query strings and addresses are
  // percent-decoded into U+FFFD already; only JSON's escapes can carry one.
  app.addHook("preValidation", async (request) => {
    if (!holdsLoneSurrogate(request.body) && !holdsLoneSurrogate(request.params)) return;
    request.log.info("requête refusée : caractère Unicode incomplet");
    throw new AppError("invalid_character", 400, messages.invalidCharacter);
  });
}
