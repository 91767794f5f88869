import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isEmbedded, prepared } from "../db/prepared";
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
 *
 * With an `OfficerRead`, the read runs in the lookup's own statement, for an officer only.
 */
export type SessionCheck = <T = never>(
  cookieHeader: string,
  read?: OfficerRead<T>,
) => Promise<SessionCheckResult<T>>;

export type SessionCheckResult<T = never> =
  /** No session cookie, or one whose signature is wrong: anonymous, as better-auth would say. */
  | { kind: "anonymous" }
  /**
   * A live session that needs nothing written. `read`: the OfficerRead's answer, when it ran
   * (the session was not cached, and its account is an officer with a second factor).
   */
  | { kind: "signed-in"; user: UserJson; sessionId: string; read?: T }
  /** Unknown token, expired or due for extension: better-auth's getSession decides. */
  | { kind: "defer" };

/**
 * A read-only statement of the officers' area that rides in the session lookup's statement: one
 * round trip to the database instead of two (docs/decisions/2026-11-22-session-check.md, "One
 * round trip for the officers' list"). The database runs it only when the session's account is
 * an officer with a second factor, so a client's or a stranger's request costs no more than the
 * lookup; the caller's guard (requireAdmin) still judges the session before the answer is used.
 */
export type OfficerRead<T> = {
  /** Names the statement's shape: one prepared statement per key, built once. */
  key: string;
  /** The statement, its values as placeholders (any name but `token`). One row, or none. */
  build: (db: Db) => SQL | { getSQL(): SQL };
  /** Whether its plan may be kept (db/prepared.ts's keepingPlan): no value can change it. */
  keepPlan: boolean;
  /** The placeholders' values. */
  values: Record<string, unknown>;
  /** The answer, from the statement's row as JSON (its columns' aliases as keys). */
  answer(row: unknown): T;
};

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

const sessionColumns = {
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
};

/** The session and its user by token, in one statement, prepared once (db/prepared.ts). */
function sessionByToken(db: Db) {
  return prepared(db, "session_by_token", () =>
    db
      .select(sessionColumns)
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, sql.placeholder("token")))
      .limit(1)
      .prepare("session_by_token"),
  );
}

/**
 * The same lookup with an officer's read: `read` is the read's row as JSON, null when the
 * account is not an officer with a second factor (or the read has no row). An uncorrelated
 * sub-select is an InitPlan, which PostgreSQL runs only when an expression needs its value: under
 * CASE, for an officer only. The gate repeats requireAdmin's conditions (domain/roles.ts
 * isAdminRole, the second factor); requireAdmin stays the judge of the answer.
 */
function sessionWithRead(db: Db, read: OfficerRead<unknown>) {
  const name = `session_with_${read.key}`;
  return prepared(db, name, () => {
    const statement = db
      .select({
        ...sessionColumns,
        read: sql<unknown>`case when ${user.role} = 'admin' and ${user.twoFactorEnabled} then (select row_to_json(officer_read) from (${read.build(db)}) officer_read) end`.as(
          "read",
        ),
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, sql.placeholder("token")))
      .limit(1);
    // The embedded database's driver sends statements unnamed whatever their name (keepingPlan's
    // own path there returns unmapped rows); a lookup there is rare anyway (session-cache.ts).
    return statement.prepare(read.keepPlan && !isEmbedded(db) ? name : "");
  });
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

  const runLookup = (token: string) => sessionByToken(options.db).execute({ token });

  async function lookup<T>(
    token: string,
    read: OfficerRead<T> | undefined,
  ): Promise<{ found: CachedSession; read?: T } | undefined> {
    const cached = cache?.get(token);
    // A cached session: the read runs after the guard, on its own (no round trip saved here).
    if (cached) return { found: cached };
    const generation = cache?.generation() ?? 0;
    let row: ({ read?: unknown } & Awaited<ReturnType<typeof runLookup>>[number]) | undefined;
    if (read) [row] = await sessionWithRead(options.db, read).execute({ ...read.values, token });
    else [row] = await runLookup(token);
    if (!row) return undefined;
    const found = {
      sessionId: row.sessionId,
      expiresAt: row.expiresAt.getTime(),
      user: toUserJson(row),
    };
    cache?.set(token, found, generation);
    return { found, read: row.read == null || !read ? undefined : read.answer(row.read) };
  }

  return async <T>(cookieHeader: string, read?: OfficerRead<T>) => {
    settings ??= await options.settings();
    const token = verifySignedValue(
      readCookie(cookieHeader, settings.sessionCookie),
      settings.secret,
    );
    if (!token) return { kind: "anonymous" };
    const looked = await lookup(token, read);
    if (!looked) return { kind: "defer" };
    const { found } = looked;
    const { expiresAt } = found;
    const at = now();
    if (expiresAt < at) return { kind: "defer" };
    // better-auth extends a remembered session once `updateAge` has passed since it was last
    // extended (a "don't remember me" one never is): that write and its cookie are its own.
    const dueForExtension =
      expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= at &&
      !verifySignedValue(readCookie(cookieHeader, settings.dontRememberCookie), settings.secret);
    if (dueForExtension) return { kind: "defer" };
    return { kind: "signed-in", user: found.user, sessionId: found.sessionId, read: looked.read };
  };
}
