import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { isAdminRole } from "../../domain/roles";
import {
  emailReadOnlyMessage,
  officeOnlyForOfficersMessage,
  wrongCurrentPasswordMessage,
} from "../../domain/schemas/profile";
import { passwordChangeSchema, profileSchema } from "../../domain/schemas/profile.schema";
import { user as userTable } from "../db/schema";
import { AppError, parseBody } from "../http/app-error";
import { createRateLimit } from "../http/rate-limit";
import { fifteenMinutes } from "./auth-messages";
import { betterAuthCode } from "./better-auth-errors";
import { assertNotCommonPassword } from "./common-passwords";
import { recordSecurityEvent, withLockoutJournal } from "./security-journal";
import { authHeaders, currentUser, forwardCookies, requireUser } from "./session";
import { toUserJson } from "./user-json";

/** The signed-in user's own account: read, profile changed, password changed. */
export async function profileRoutes(app: FastifyInstance) {
  const { auth, config, db } = app.deps;
  const passwordChangePerUser = createRateLimit({
    name: "password-change-user",
    points: 10,
    durationSeconds: fifteenMinutes,
    disabled: config.rateLimitDisabled,
    db,
  });

  // The session check read the profile in this very request: no second query.
  app.get("/me", { preHandler: requireUser }, async (request) => {
    return { user: currentUser(request) };
  });

  app.patch("/me", { preHandler: requireUser }, async (request) => {
    const me = currentUser(request);
    const raw = request.body;
    if (raw && typeof raw === "object" && "email" in raw) {
      const email = (raw as { email?: unknown }).email;
      if (typeof email !== "string" || email.trim().toLowerCase() !== me.email) {
        throw new AppError("email_read_only", 400, emailReadOnlyMessage, {
          email: emailReadOnlyMessage,
        });
      }
    }
    const body = parseBody(profileSchema, raw);
    // A client belongs to no office (his requests do): only an officer sets his own.
    const officer = isAdminRole(me.role);
    if (body.office && !officer) {
      throw new AppError("office_refused", 403, officeOnlyForOfficersMessage, {
        office: officeOnlyForOfficersMessage,
      });
    }
    const [row] = await db
      .update(userTable)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        name: `${body.firstName} ${body.lastName}`,
        phone: body.phone || null,
        address: body.address || null,
        city: body.city || null,
        country: body.country || null,
        postalCode: body.postalCode || null,
        ...(officer && body.office !== undefined ? { office: body.office } : {}),
        updatedAt: new Date(),
      })
      .where(eq(userTable.id, me.id))
      .returning();
    if (!row) throw new AppError("unauthenticated", 401, "Vous devez être connecté");
    return { user: toUserJson(row) };
  });

  app.post("/me/password", { preHandler: requireUser }, async (request, reply) => {
    const me = currentUser(request);
    const body = parseBody(passwordChangeSchema, request.body);
    await withLockoutJournal(db, request, { userId: me.id, email: me.email }, () =>
      passwordChangePerUser.consume(me.id),
    );
    await assertNotCommonPassword(body.newPassword, "newPassword");
    try {
      const { headers } = await auth.api.changePassword({
        body: {
          currentPassword: body.currentPassword,
          newPassword: body.newPassword,
          // Ends every other session of the account; this browser gets a fresh cookie.
          revokeOtherSessions: true,
        },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
    } catch (error) {
      if (betterAuthCode(error) === "INVALID_PASSWORD") {
        throw new AppError("wrong_current_password", 400, wrongCurrentPasswordMessage, {
          currentPassword: wrongCurrentPasswordMessage,
        });
      }
      throw error;
    }
    await recordSecurityEvent(db, request, {
      type: "password_change",
      userId: me.id,
      email: me.email,
    });
    request.log.info({ userId: me.id }, "mot de passe changé, autres sessions fermées");
    return reply.code(204).send();
  });
}
