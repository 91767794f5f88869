import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
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
};

/**
 * An in-memory limit (one process serves the platform). Reuse it in any module, e.g. the contact
 * form: `const perIp = createRateLimit({ name: "contact-ip", points: 5, durationSeconds: 3600,
 * disabled: config.rateLimitDisabled }); await perIp.consume(request.ip);`
 */
export function createRateLimit(options: RateLimitOptions): RateLimit {
  if (options.disabled) {
    return { consume: async () => {}, reset: async () => {} };
  }
  const limiter = new RateLimiterMemory({
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
  });
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

/** Consumes several limits (e.g. per IP and per e-mail); all are counted, the first refusal wins. */
export async function consumeAll(attempts: Array<[RateLimit, string]>): Promise<void> {
  const results = await Promise.allSettled(attempts.map(([limit, key]) => limit.consume(key)));
  const refused = results.find((result) => result.status === "rejected");
  if (refused) throw refused.reason;
}
