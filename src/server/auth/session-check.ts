import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { session, user } from "../db/schema";
import type { Auth } from "./auth";
import type { CachedSession, SessionCache } from "./session-cache";
import { toUserJson, type UserJson } from "./user-json";

/**
 * What a signed-in request needs from its cookie, checked without going through better-auth:
 * the cookie's signature (the same HMAC-SHA256 better-auth's cookies carry), then ONE query for
 * the session and its user by token (on the embedded database, its cache first: session-cache.ts).
 * docs/decisions/2026-11-22-session-check.md says why.
 *
 * Anything out of the ordinary is left to better-auth's own getSession, so that its behaviour
 * stays the reference: a token it does not know (it clears the cookie), an expired session (it
 * deletes the row and clears the cookie), a session due to be extended (it moves the expiry and
 * resends the cookie).
 */
export type SessionCheck = (cookieHeader: string) => Promise<SessionCheckResult>;

export type SessionCheckResult =
  /** No session cookie, or one whose signature is wrong: anonymous, as better-auth would say. */
  | { kind: "anonymous" }
  /** A live session that needs nothing written. */
  | { kind: "signed-in"; user: UserJson; sessionId: string }
  /** Unknown token, expired or due for extension: better-auth's getSession decides. */
  | { kind: "defer" };

/** The settings of better-auth the check must agree with, read from its own context. */
export type SessionCookieSettings = {
  secret: string;
  sessionCookie: string;
  dontRememberCookie: string;
  /** Seconds. */
  expiresIn: number;
  /** Seconds: a session older than this (since it was last extended) is extended. */
  updateAge: number;
};

export async function sessionCookieSettings(auth: Auth): Promise<SessionCookieSettings> {
  const context = await auth.$context;
  return {
    secret: context.secret,
    sessionCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    expiresIn: context.sessionConfig.expiresIn,
    updateAge: context.sessionConfig.updateAge,
  };
}

/**
 * The value of cookie `name` in a Cookie header, as better-call reads it: the first occurrence,
 * trimmed, without surrounding quotes, percent-decoded when that is valid.
 */
export function readCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const equals = header.indexOf("=", index);
    if (equals === -1) return undefined;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < equals) {
      index = end + 1;
      continue;
    }
    if (header.slice(index, equals).trim() === name) {
      let value = header.slice(equals + 1, end).trim();
      if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * The value of a signed cookie (`value.base64(HMAC-SHA256(secret, value))`, better-call's
 * format), or undefined when it is missing or its signature is not exactly the expected one.
 */
export function verifySignedValue(signed: string | undefined, secret: string): string | undefined {
  if (!signed) return undefined;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    return undefined;
  }
  return value;
}

/** The same signature, made: tests forge expired or tampered cookies with it. */
export function signValue(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;
}

/** The session and its user in one statement, prepared once (db/prepared.ts). */
function sessionByToken(db: Db) {
  return prepared(db, "session_by_token", () =>
    db
      .select({
        sessionId: session.id,
        expiresAt: session.expiresAt,
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        address: user.address,
        city: user.city,
        country: user.country,
        postalCode: user.postalCode,
        role: user.role,
        office: user.office,
        twoFactorEnabled: user.twoFactorEnabled,
        createdAt: user.createdAt,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, sql.placeholder("token")))
      .limit(1)
      .prepare("session_by_token"),
  );
}

export function createSessionCheck(options: {
  db: Db;
  settings: () => Promise<SessionCookieSettings>;
  /** The embedded database's cache (session-cache.ts); none on PostgreSQL. */
  cache?: SessionCache;
  now?: () => number;
}): SessionCheck {
  const { cache } = options;
  const now = options.now ?? Date.now;
  let settings: SessionCookieSettings | undefined;

  async function lookup(token: string): Promise<CachedSession | undefined> {
    const cached = cache?.get(token);
    if (cached) return cached;
    const generation = cache?.generation() ?? 0;
    const [row] = await sessionByToken(options.db).execute({ token });
    if (!row) return undefined;
    const found = {
      sessionId: row.sessionId,
      expiresAt: row.expiresAt.getTime(),
      user: toUserJson(row),
    };
    cache?.set(token, found, generation);
    return found;
  }

  return async (cookieHeader) => {
    settings ??= await options.settings();
    const token = verifySignedValue(
      readCookie(cookieHeader, settings.sessionCookie),
      settings.secret,
    );
    if (!token) return { kind: "anonymous" };
    const found = await lookup(token);
    if (!found) return { kind: "defer" };
    const { expiresAt } = found;
    const at = now();
    if (expiresAt < at) return { kind: "defer" };
    // better-auth extends a remembered session once `updateAge` has passed since it was last
    // extended (a "don't remember me" one never is): that write and its cookie are its own.
    const dueForExtension =
      expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= at &&
      !verifySignedValue(readCookie(cookieHeader, settings.dontRememberCookie), settings.secret);
    if (dueForExtension) return { kind: "defer" };
    return { kind: "signed-in", user: found.user, sessionId: found.sessionId };
  };
}
