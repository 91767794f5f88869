import type { FastifyRequest } from "fastify";
import type { SecurityEventType } from "../../domain/api/security-events";
import type { Db } from "../db/client";
import { securityEvents } from "../db/schema";
import { RateLimitedError } from "../http/rate-limit";

/** What one line of the journal says; `ip` and `userAgent` come from the request. */
export type SecurityEventInput = {
  type: SecurityEventType;
  userId?: string | null;
  email?: string | null;
  actorId?: string | null;
  actorEmail?: string | null;
  /** A stable code (securityEventReasonLabels), never a password, a code or a key. */
  reason?: string | null;
};

/** Long user agents are cut: the journal keeps what identifies a browser, not a payload. */
const maxUserAgentLength = 512;

/** Where a request came from, as the journal records it (Fastify's ip honours TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest | undefined) {
  if (!request) return { ip: null, userAgent: null };
  const agent = request.headers["user-agent"];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === "string" ? agent.slice(0, maxUserAgentLength) : null,
  };
}

/**
 * Appends one event to the journal. Awaited by the caller: an action whose record cannot be
 * written fails with it, so the journal never silently misses a sign-in.
 * `request` is absent for the command line (`npm run admin:create`, ADMIN_EMAIL at start-up).
 */
export async function recordSecurityEvent(
  db: Db,
  request: FastifyRequest | undefined,
  event: SecurityEventInput,
): Promise<void> {
  await db.insert(securityEvents).values({
    type: event.type,
    userId: event.userId ?? null,
    email: event.email ?? null,
    actorId: event.actorId ?? null,
    actorEmail: event.actorEmail ?? null,
    reason: event.reason ?? null,
    ...requestOrigin(request),
  });
}

/**
 * Runs the rate limits of an action; the first refusal of a window is journaled as a lockout of
 * `account` (the e-mail or id the limit protects, when it names one), then the 429 goes on.
 */
export async function withLockoutJournal(
  db: Db,
  request: FastifyRequest,
  account: { userId?: string | null; email?: string | null },
  consume: () => Promise<void>,
): Promise<void> {
  try {
    await consume();
  } catch (error) {
    if (error instanceof RateLimitedError && error.lockoutStarted) {
      await recordSecurityEvent(db, request, {
        type: "rate_limit_lockout",
        userId: account.userId,
        email: account.email,
        reason: error.limit,
      });
    }
    throw error;
  }
}
