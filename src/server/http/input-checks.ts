import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, messages } from "./app-error";

/** How deep a JSON body is walked: the API's bodies are two levels deep at most. */
const maxDepth = 32;

/** What PostgreSQL's text cannot hold: NUL, or half of a surrogate pair (JSON's "\ud800" alone). */
type Unstorable = "nul" | "lone_surrogate";

function unstorable(text: string): Unstorable | undefined {
  if (text.includes("\u0000")) return "nul";
  // With the u flag a pair is read as one code point: only a lone half matches Cs.
  if (/\p{Cs}/u.test(text)) return "lone_surrogate";
  return undefined;
}

/** The first string anywhere in `value` (keys included) that PostgreSQL's text cannot hold. */
function unstorableIn(value: unknown, depth = 0): Unstorable | undefined {
  if (typeof value === "string") return unstorable(value);
  if (value === null || typeof value !== "object") return undefined;
  // Deeper than any body the API takes: a schema refuses it anyway; nothing to walk here.
  if (depth > maxDepth) return undefined;
  const entries = Array.isArray(value) ? value.map((item) => ["", item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = unstorable(key) ?? unstorableIn(item, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** What a request carries that PostgreSQL cannot hold, and where (for the log). */
function unstorableInRequest(
  request: FastifyRequest,
): { kind: Unstorable; where: string } | undefined {
  if (request.url.includes("%00") || request.url.includes("\u0000")) {
    return { kind: "nul", where: "url" };
  }
  // tus bodies are streams, never parsed: only parsed JSON is walked.
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [where, value] of Object.entries(parts)) {
    const kind = unstorableIn(value);
    if (kind) return { kind, where };
  }
  return undefined;
}

const refusals = {
  nul: { code: "nul_character", message: messages.nulCharacter },
  lone_surrogate: { code: "invalid_character", message: messages.invalidCharacter },
} as const;

/**
 * PostgreSQL's text cannot hold NUL (0x00): a NUL reaching a query fails it with an error the
 * handler can only call internal. Nobody types one, and the forms drop it before sending
 * (withoutNul in src/domain), so a NUL comes from a broken or hostile client: every request that
 * carries one, in its address, query string, route parameters or JSON body, is refused here with
 * one French 400, before any guard or route sees it (docs/decisions/2026-11-25-hostile-input.md).
 * Half a character (a lone surrogate, which no keyboard makes either) is refused the same way,
 * with its own code: PostgreSQL refused it too, and the API answered 500 (found by the API fuzz
 * test). Addresses and query strings are percent-decoded into U+FFFD: only JSON can carry one.
 */
export function registerInputChecks(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const found = unstorableInRequest(request);
    if (!found) return;
    request.log.info(found, "requête refusée : caractère que la base ne peut pas enregistrer");
    const { code, message } = refusals[found.kind];
    throw new AppError(code, 400, message);
  });
}
