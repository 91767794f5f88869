import { describe, expect, test } from "vitest";
import { type CachedSession, createSessionCache } from "./session-cache";

function entry(userId: string, sessionId = `s-${userId}`): CachedSession {
  return {
    sessionId,
    expiresAt: Date.now() + 60_000,
    user: {
      id: userId,
      email: `${userId}@exemple.ci`,
      firstName: "Awa",
      lastName: "Koné",
      phone: null,
      address: null,
      city: null,
      country: null,
      postalCode: null,
      role: "client",
      office: null,
      twoFactorEnabled: false,
      createdAt: new Date(0).toISOString(),
    },
  };
}

describe("session cache", () => {
  test("forgets every entry of an account, and only those", () => {
    const cache = createSessionCache();
    cache.set("t1", entry("u1", "a"), cache.generation());
    cache.set("t2", entry("u1", "b"), cache.generation());
    cache.set("t3", entry("u2"), cache.generation());
    cache.forgetUser("u1");
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.get("t2")).toBeUndefined();
    expect(cache.get("t3")?.sessionId).toBe("s-u2");
    cache.forgetAll();
    expect(cache.size).toBe(0);
  });

  test("a lookup that began before a change is not kept: the row it read may be gone", () => {
    const cache = createSessionCache();
    const taken = cache.generation();
    // The revocation's notification arrives while the lookup's query is in flight.
    cache.forgetUser("u1");
    cache.set("t1", entry("u1"), taken);
    expect(cache.get("t1")).toBeUndefined();
    cache.set("t1", entry("u1"), cache.generation());
    expect(cache.get("t1")).toBeDefined();
  });

  test("entries age out, and the oldest makes room", () => {
    let now = 0;
    const cache = createSessionCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.set("t1", entry("u1"), cache.generation());
    cache.set("t2", entry("u2"), cache.generation());
    cache.set("t3", entry("u3"), cache.generation());
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.get("t2")).toBeDefined();
    now = 1001;
    expect(cache.get("t3")).toBeUndefined();
  });
});
