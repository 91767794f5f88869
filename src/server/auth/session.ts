import type { FastifyReply, FastifyRequest } from "fastify";
import { secondFactorRequiredCode, twoFactorMessages } from "../../domain/api/two-factor";
import { isAdminRole } from "../../domain/roles";
import { AppError, forbidden, messages, unauthenticated } from "../http/app-error";
import type { OfficerRead } from "./session-check";
import { toUserJson, type UserJson } from "./user-json";

export type SessionUser = UserJson;
export type CurrentSession = { user: SessionUser; sessionId: string };

declare module "fastify" {
  interface FastifyRequest {
    /** Loaded once per request by loadSession(); undefined until then, null when anonymous. */
    currentSession?: CurrentSession | null;
  }
}

/**
 * The headers better-auth needs from the browser's request: the cookie, the user agent and the
 * client address as Fastify resolved it (TRUST_PROXY decides whether X-Forwarded-For counts).
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set("cookie", cookie);
  const userAgent = request.headers["user-agent"];
  if (userAgent) headers.set("user-agent", userAgent);
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

/** Copies the Set-Cookie headers better-auth produced onto our reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) reply.header("set-cookie", cookie);
}

/**
 * The signed-in user of this request, or null. Cached on the request. The common case (a live
 * session with nothing to write) is our own check (session-check.ts); the rest goes through
 * better-auth's getSession, which extends the session or clears a dead cookie.
 */
export async function loadSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentSession | null> {
  await checkSession(request, reply);
  return request.currentSession ?? null;
}

/** Sets request.currentSession; returns `read`'s answer when it ran with the lookup. */
async function checkSession<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read?: OfficerRead<T>,
): Promise<T | undefined> {
  if (request.currentSession !== undefined) return undefined;
  const cookie = request.headers.cookie;
  if (!cookie) {
    request.currentSession = null;
    return undefined;
  }
  const checked = await request.server.deps.sessionCheck(cookie, read);
  if (checked.kind === "anonymous") {
    request.currentSession = null;
  } else if (checked.kind === "signed-in") {
    request.currentSession = { user: checked.user, sessionId: checked.sessionId };
    return checked.read;
  } else {
    request.currentSession = await loadSessionThroughBetterAuth(request, reply);
  }
  return undefined;
}

async function loadSessionThroughBetterAuth(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentSession | null> {
  const { headers, response } = await request.server.deps.auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  // getSession extends a session used after a day and resends the cookie with the new expiry.
  forwardCookies(reply, headers);
  return response ? { user: toUserJson(response.user), sessionId: response.session.id } : null;
}

/** preHandler: 401 'Vous devez être connecté' for anonymous requests. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await loadSession(request, reply);
  if (!session) throw unauthenticated();
}

/**
 * Who may use the client's own routes (requests, documents, uploads, data rights): a client. 401
 * when anonymous, 403 for an officer: an officer reads a client's file through /api/admin, never
 * acts as a client for itself.
 */
export function assertClient(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  if (isAdminRole(user.role)) throw forbidden(messages.clientsOnly);
  return user;
}

/**
 * Who may use the officers' routes: 401 when anonymous, 403 'Accès réservé aux administrateurs'
 * for a client, and 403 `second_factor_required` for an officer who has not enrolled a second
 * factor yet: a stolen officer password alone opens no client's file.
 */
export function assertOfficer(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  if (!isAdminRole(user.role)) throw forbidden();
  assertSecondFactor(user);
  return user;
}

/** preHandler of the client's own routes: assertClient. */
export async function requireClient(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  assertClient((await loadSession(request, reply))?.user ?? null);
}

/**
 * preHandler of a route that clients and officers share (a document's file): 401 when anonymous,
 * and for an officer the same second-factor check as requireAdmin, so that a password alone opens
 * no client's file, whatever the path.
 */
export async function requireClientOrOfficer(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const session = await loadSession(request, reply);
  if (!session) throw unauthenticated();
  if (isAdminRole(session.user.role)) assertSecondFactor(session.user);
}

function assertSecondFactor(user: SessionUser): void {
  if (!user.twoFactorEnabled) {
    throw new AppError(secondFactorRequiredCode, 403, twoFactorMessages.required);
  }
}

/**
 * preHandler of the officers' routes: assertOfficer. The enrolment routes (/api/me/two-factor)
 * stay behind requireUser, so an officer without a second factor can still enrol; the admin
 * area's pages send them there.
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  assertOfficer((await loadSession(request, reply))?.user ?? null);
}

/**
 * requireAdmin for a read-only officers' route whose answer is one statement: the statement runs
 * in the session lookup's round trip (session-check.ts OfficerRead), and its answer is returned
 * once requireAdmin has let the request through. Undefined when it did not run with the lookup
 * (a cached session, one better-auth had to judge, or the guard already ran): the guard has passed
 * all the same, and the route runs its statement itself.
 */
export async function requireAdminReading<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: OfficerRead<T>,
): Promise<T | undefined> {
  const answer = await checkSession(request, reply, read);
  await requireAdmin(request, reply);
  return answer;
}

/** The user a guard has let through (call after requireUser / requireAdmin). */
export function currentUser(request: FastifyRequest): SessionUser {
  const session = request.currentSession;
  if (!session) throw unauthenticated();
  return session.user;
}
