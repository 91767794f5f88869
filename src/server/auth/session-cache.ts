import { createHash } from "node:crypto";
import type { UserJson } from "./user-json";

/** What the session check keeps of a session found by its token. */
export type CachedSession = {
  sessionId: string;
  /** Milliseconds since the epoch: expiry and extension are judged again on every request. */
  expiresAt: number;
  user: UserJson;
};

export type SessionCache = {
  get(token: string): CachedSession | undefined;
  /** Taken before the lookup's query and handed to set(): see below. */
  generation(): number;
  /**
   * Keeps a lookup's result, unless something was forgotten since `generation` was taken: the
   * row read may be the one a revocation has just deleted, and must not outlive it here.
   */
  set(token: string, session: CachedSession, generation: number): void;
  /** An account's sessions or profile changed: its entries go. */
  forgetUser(userId: string): void;
  forgetAll(): void;
  readonly size: number;
};

/**
 * The embedded database's session cache: the session and profile behind a token, for the few
 * seconds between two requests of one browser. It is only correct because every change to the
 * session and user rows reaches forgetUser() before the change's statement returns (the
 * `session_change` notifications of migration 0006, delivered in the same process by PGlite,
 * which only one process may open). PostgreSQL, which other processes share, has none: see
 * docs/decisions/2026-11-22-session-check.md.
 */
export function createSessionCache(
  options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
): SessionCache {
  const maxEntries = options.maxEntries ?? 5_000;
  // A bound on the age of an entry, whatever happens: the notifications are the mechanism.
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  // Keyed by a hash of the token: a memory dump of the process shows no live token.
  const entries = new Map<string, CachedSession & { userId: string; storedAt: number }>();
  let generation = 0;
  const keyOf = (token: string) => createHash("sha256").update(token).digest("base64");

  return {
    get(token) {
      const key = keyOf(token);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    generation: () => generation,
    set(token, session, taken) {
      if (taken !== generation) return;
      const key = keyOf(token);
      entries.delete(key);
      // Insertion order is age order: the oldest entry makes room.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { ...session, userId: session.user.id, storedAt: now() });
    },
    forgetUser(userId) {
      generation += 1;
      for (const [key, entry] of entries) {
        if (entry.userId === userId) entries.delete(key);
      }
    },
    forgetAll() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
