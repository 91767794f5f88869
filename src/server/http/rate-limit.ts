import { lt } from "drizzle-orm";
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
  type RateLimiterStoreAbstract,
} from "rate-limiter-flexible";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError, messages } from "./app-error";

/**
 * The 429 of a limit, naming it; `lockoutStarted` is true for the first refusal of a window only,
 * so the security journal records a lockout once, not every refused attempt after it.
 */
export class RateLimitedError extends AppError {
  constructor(
    public readonly limit: string,
    retryAfterSeconds: number,
    public readonly lockoutStarted: boolean,
  ) {
    super("rate_limited", 429, messages.tooManyAttempts, undefined, retryAfterSeconds);
  }
}

export type RateLimit = {
  /** Counts one attempt for `key`; throws the 429 AppError (with Retry-After) past the limit. */
  consume(key: string): Promise<void>;
  /** Forgets the attempts of `key` (for example after a successful sign-in). */
  reset(key: string): Promise<void>;
};

export type RateLimitOptions = {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationSeconds: number;
  /** Names the counter, so that two limits never share keys. */
  name: string;
  /** RATE_LIMIT_DISABLED=true (end-to-end journeys only): never limits. */
  disabled?: boolean;
  /**
   * The platform's database (`app.deps.db`): the attempts are counted in its `rate_limits` table,
   * so every instance on one PostgreSQL counts the same ones. Every limit of the server passes it;
   * without it (unit tests of this file) they are counted in this process's memory.
   */
  db?: Db;
};

/**
 * A limit on attempts. Reuse it in any module, e.g. the contact form:
 * `const perIp = createRateLimit({ name: "contact-ip", points: 5, durationSeconds: 3600,
 * disabled: config.rateLimitDisabled, db }); await perIp.consume(request.ip);`
 *
 * With `db`, rate-limiter-flexible's Drizzle store counts in one atomic statement
 * (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), on PGlite as on PostgreSQL: two instances
 * behind one address cannot each grant the same attempt
 * (docs/decisions/2026-11-25-several-instances.md).
 */
export function createRateLimit(options: RateLimitOptions): RateLimit {
  if (options.disabled) {
    return { consume: async () => {}, reset: async () => {} };
  }
  const settings = {
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
  };
  const limiter: RateLimiterMemory | RateLimiterStoreAbstract = options.db
    ? new RateLimiterDrizzle({
        ...settings,
        storeClient: options.db,
        schema: rateLimits,
        // Its own timer would outlive a closed database; pruneRateLimits runs with the app's jobs.
        clearExpiredByTimeout: false,
      })
    : new RateLimiterMemory(settings);
  return {
    async consume(key) {
      try {
        await limiter.consume(key.toLowerCase());
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw new RateLimitedError(
            options.name,
            error.msBeforeNext / 1000,
            error.consumedPoints === options.points + 1,
          );
        }
        throw error;
      }
    },
    async reset(key) {
      await limiter.delete(key.toLowerCase());
    },
  };
}

/** Deletes the counters whose window ended more than an hour ago; returns how many. */
export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 60 * 60 * 1000);
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, cutoff))
    .returning({ key: rateLimits.key });
  return removed.length;
}

/** Consumes several limits (e.g. per IP and per e-mail); all are counted, the first refusal wins. */
export async function consumeAll(attempts: Array<[RateLimit, string]>): Promise<void> {
  const results = await Promise.allSettled(attempts.map(([limit, key]) => limit.consume(key)));
  const refused = results.find((result) => result.status === "rejected");
  if (refused) throw refused.reason;
}
