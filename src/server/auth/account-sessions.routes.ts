import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AccountSessionJson, accountSessionMessages } from "../../domain/api/account-sessions";
import { describeUserAgent } from "../../domain/user-agent";
import type { Db } from "../db/client";
import { session as sessionTable } from "../db/schema";
import { conflict, notFound, unauthenticated } from "../http/app-error";
import { recordSecurityEvent } from "./security-journal";
import { requireUser, type SessionUser } from "./session";

/** The signed-in account and the session of this request (after requireUser). */
function caller(request: FastifyRequest) {
  const current = request.currentSession;
  if (!current) throw unauthenticated();
  return current;
}

/** The journal's line: the owner ended its own sessions (the same transaction as the DELETE). */
function revoked(user: SessionUser, reason: "other_session" | "all_other_sessions") {
  const who = { id: user.id, email: user.email };
  return {
    type: "session_revoked",
    userId: who.id,
    email: who.email,
    actorId: who.id,
    actorEmail: who.email,
    reason,
  } as const;
}

/** The account's live sessions: the browser that asks first, then the most recently used. */
export async function listAccountSessions({
  db,
  userId,
  sessionId,
}: {
  db: Db;
  userId: string;
  sessionId: string;
}): Promise<AccountSessionJson[]> {
  const rows = await db
    .select()
    .from(sessionTable)
    .where(and(eq(sessionTable.userId, userId), gt(sessionTable.expiresAt, new Date())))
    .orderBy(desc(sessionTable.updatedAt), desc(sessionTable.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      ip: row.ipAddress || null,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * The account's sessions, seen and ended by their owner ('Mon profil', 'Paramètres'). A session
 * ends by deleting its row: the session check finds no row on the next request (on PGlite the
 * session cache learns it from migration 0006's notification before the DELETE returns), so the
 * browser that held it is signed out at once. Another account's session answers exactly as a
 * missing one.
 */
export async function accountSessionRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/me/sessions", { preHandler: requireUser }, async (request) => {
    const { user, sessionId } = caller(request);
    return { sessions: await listAccountSessions({ db, userId: user.id, sessionId }) };
  });

  app.delete<{ Params: { id: string } }>(
    "/me/sessions/:id",
    { preHandler: requireUser },
    async (request, reply) => {
      const { user, sessionId } = caller(request);
      const { id } = request.params;
      if (id === sessionId)
        throw conflict("current_session", accountSessionMessages.currentSession);
      await db.transaction(async (tx) => {
        const ended = await tx
          .delete(sessionTable)
          .where(and(eq(sessionTable.id, id), eq(sessionTable.userId, user.id)))
          .returning({ id: sessionTable.id });
        if (ended.length === 0) throw notFound(accountSessionMessages.notFound);
        await recordSecurityEvent(tx, request, revoked(user, "other_session"));
      });
      return reply.code(204).send();
    },
  );

  app.delete("/me/sessions", { preHandler: requireUser }, async (request) => {
    const { user, sessionId } = caller(request);
    const ended = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(sessionTable)
        .where(and(eq(sessionTable.userId, user.id), ne(sessionTable.id, sessionId)))
        .returning({ id: sessionTable.id });
      if (rows.length > 0) {
        await recordSecurityEvent(tx, request, revoked(user, "all_other_sessions"));
      }
      return rows.length;
    });
    return { ended };
  });
}
