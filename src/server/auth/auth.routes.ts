import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { dataRightsMessages } from "../../domain/api/data-rights";
import { isAdminRole } from "../../domain/roles";
import { missingFieldsMessage, splitFullName } from "../../domain/schemas/auth";
import {
  loginSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from "../../domain/schemas/auth.schema";
import {
  emailReadOnlyMessage,
  officeOnlyForOfficersMessage,
  wrongCurrentPasswordMessage,
} from "../../domain/schemas/profile";
import { passwordChangeSchema, profileSchema } from "../../domain/schemas/profile.schema";
import { trustedOrigins } from "../config";
import { user as userTable } from "../db/schema";
import { AppError, parseBody } from "../http/app-error";
import { consumeAll, createRateLimit } from "../http/rate-limit";
import { accountClosedCode } from "./auth";
import { assertNotCommonPassword } from "./common-passwords";
import { recordSecurityEvent, withLockoutJournal } from "./security-journal";
import { authHeaders, currentUser, forwardCookies, loadSession, requireUser } from "./session";
import { toUserJson } from "./user-json";

export const authMessages = {
  emailTaken: "Un compte existe déjà avec cette adresse e-mail",
  emailOfClosedAccount:
    "Cette adresse e-mail est celle d'un compte fermé, conservé pour le dossier de crédit. Utilisez une autre adresse ou contactez l'agence.",
  wrongCredentials: "Adresse e-mail ou mot de passe incorrect",
  invalidResetLink: "Lien de réinitialisation invalide ou expiré",
} as const;

const fifteenMinutes = 15 * 60;
const oneHour = 60 * 60;

/** The code of a better-auth APIError (USER_ALREADY_EXISTS, INVALID_TOKEN...), if it is one. */
function betterAuthCode(error: unknown): string | undefined {
  if (error && typeof error === "object" && "body" in error) {
    const body = (error as { body?: { code?: unknown } }).body;
    if (typeof body?.code === "string") return body.code;
  }
  return undefined;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; ) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** French JSON routes over better-auth: sign-up, sign-in, session, reset, profile, password. */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config, db } = app.deps;
  const disabled = config.rateLimitDisabled;
  const limits = {
    signInPerEmail: createRateLimit({
      name: "sign-in-email",
      points: 10,
      durationSeconds: fifteenMinutes,
      disabled,
      db,
    }),
    signInPerIp: createRateLimit({
      name: "sign-in-ip",
      points: 30,
      durationSeconds: fifteenMinutes,
      disabled,
      db,
    }),
    registerPerIp: createRateLimit({
      name: "register-ip",
      points: 5,
      durationSeconds: oneHour,
      disabled,
      db,
    }),
    resetPerEmail: createRateLimit({
      name: "reset-email",
      points: 3,
      durationSeconds: oneHour,
      disabled,
      db,
    }),
    resetPerIp: createRateLimit({
      name: "reset-ip",
      points: 10,
      durationSeconds: oneHour,
      disabled,
      db,
    }),
    resetConfirmPerIp: createRateLimit({
      name: "reset-confirm-ip",
      points: 20,
      durationSeconds: fifteenMinutes,
      disabled,
      db,
    }),
    passwordChangePerUser: createRateLimit({
      name: "password-change-user",
      points: 10,
      durationSeconds: fifteenMinutes,
      disabled,
      db,
    }),
  };
  const linkOrigins = trustedOrigins(config);

  /**
   * Where the reset link points. PUBLIC_URL when set; otherwise the page's origin only if it is
   * one of ours (loopback forms): the Host and Origin headers are chosen by whoever sends the
   * request, and a link to their site would hand them the token.
   */
  function resetLinkOrigin(request: FastifyRequest): string {
    if (config.publicUrl) return config.publicUrl;
    const origin = request.headers.origin;
    if (origin && linkOrigins.includes(origin)) return origin;
    return config.baseUrl;
  }

  async function findUser(id: string) {
    const [row] = await db.select().from(userTable).where(eq(userTable.id, id)).limit(1);
    if (!row) throw new AppError("unauthenticated", 401, "Vous devez être connecté");
    return row;
  }

  async function accountIdOf(email: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email))
      .limit(1);
    return row?.id;
  }

  async function accountOf(email: string) {
    const [row] = await db
      .select({ id: userTable.id, closedAt: userTable.closedAt })
      .from(userTable)
      .where(eq(userTable.email, email))
      .limit(1);
    return row;
  }

  async function emailExists(email: string): Promise<boolean> {
    return (await accountIdOf(email)) !== undefined;
  }

  app.post("/register", { config: { userNullOnError: true } }, async (request, reply) => {
    const body = parseBody(registerSchema, request.body, {
      missingMessage: missingFieldsMessage,
      requiredKeys: ["fullName", "email", "password"],
    });
    await withLockoutJournal(db, request, { email: body.email }, () =>
      limits.registerPerIp.consume(request.ip),
    );
    await assertNotCommonPassword(body.password, "password");
    const existing = await accountOf(body.email);
    if (existing) {
      // A closed account keeps its address until its credit file is removed (data rights).
      const message = existing.closedAt
        ? authMessages.emailOfClosedAccount
        : authMessages.emailTaken;
      throw new AppError("email_taken", 409, message, { email: message });
    }
    const { firstName, lastName } = splitFullName(body.fullName);
    try {
      const { headers, response } = await auth.api.signUpEmail({
        // Only the fields we chose: whatever else the body holds (role...) never reaches it.
        body: {
          name: body.fullName,
          email: body.email,
          password: body.password,
          firstName,
          lastName,
        },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
      const row = await findUser(response.user.id);
      request.log.info({ userId: row.id }, "compte client créé");
      return reply.code(201).send({ user: toUserJson(row), error: null });
    } catch (error) {
      const code = betterAuthCode(error);
      // Two registrations racing for one address: the unique index decides (better-auth then
      // reports FAILED_TO_CREATE_USER); the loser gets the same answer as a later duplicate.
      const lostRace =
        (code === "FAILED_TO_CREATE_USER" || isUniqueViolation(error)) &&
        (await emailExists(body.email));
      if (code?.startsWith("USER_ALREADY_EXISTS") || lostRace) {
        throw new AppError("email_taken", 409, authMessages.emailTaken, {
          email: authMessages.emailTaken,
        });
      }
      throw error;
    }
  });

  app.post("/session", async (request, reply) => {
    const body = parseBody(loginSchema, request.body);
    await withLockoutJournal(db, request, { email: body.email }, () =>
      consumeAll([
        [limits.signInPerIp, request.ip],
        [limits.signInPerEmail, body.email],
      ]),
    );
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email: body.email, password: body.password, rememberMe: body.rememberMe },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
      await limits.signInPerEmail.reset(body.email);
      // A second factor is on: better-auth kept no session, only the signed `two_factor` cookie
      // that POST /api/session/two-factor reads with the code (two-factor.routes.ts).
      if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
        return { user: null, twoFactorRequired: true };
      }
      const row = await findUser(response.user.id);
      await recordSecurityEvent(db, request, {
        type: "sign_in_success",
        userId: row.id,
        email: row.email,
      });
      return { user: toUserJson(row) };
    } catch (error) {
      const code = betterAuthCode(error);
      if (code === accountClosedCode) {
        await recordSecurityEvent(db, request, {
          type: "sign_in_failure",
          userId: await accountIdOf(body.email),
          email: body.email,
          reason: "account_closed",
        });
        throw new AppError("account_closed", 403, dataRightsMessages.accountClosed);
      }
      if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") {
        const userId = await accountIdOf(body.email);
        // The reason code only: the password typed is never written anywhere.
        await recordSecurityEvent(db, request, {
          type: "sign_in_failure",
          userId,
          email: body.email,
          reason: userId ? "invalid_credentials" : "unknown_account",
        });
        throw new AppError("invalid_credentials", 401, authMessages.wrongCredentials);
      }
      throw error;
    }
  });

  // Never 401: the browser asks every 30 seconds whether it is still signed in.
  app.get("/session", async (request, reply) => {
    const session = await loadSession(request, reply);
    return { user: session?.user ?? null };
  });

  // Deletes the session row (if any) and expires the cookies, signed in or not.
  app.delete("/session", async (request, reply) => {
    const signedIn = await loadSession(request, reply);
    const { headers } = await auth.api.signOut({
      headers: authHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(reply, headers);
    if (signedIn) {
      await recordSecurityEvent(db, request, {
        type: "sign_out",
        userId: signedIn.user.id,
        email: signedIn.user.email,
      });
    }
    return reply.code(204).send();
  });

  app.post("/password-reset", async (request) => {
    const body = parseBody(resetRequestSchema, request.body);
    await withLockoutJournal(db, request, { email: body.email }, () =>
      consumeAll([
        [limits.resetPerIp, request.ip],
        [limits.resetPerEmail, body.email],
      ]),
    );
    // A closed account gets no reset link (it could not sign in with it): same answer.
    if ((await accountOf(body.email))?.closedAt) return { ok: true };
    await auth.api.requestPasswordReset({
      body: { email: body.email, redirectTo: resetLinkOrigin(request) },
      headers: authHeaders(request),
    });
    // Same answer whether or not the account exists; the mail leaves in the background.
    return { ok: true };
  });

  app.post("/password-reset/confirm", async (request) => {
    await withLockoutJournal(db, request, {}, () => limits.resetConfirmPerIp.consume(request.ip));
    const body = parseBody(resetConfirmSchema, request.body);
    await assertNotCommonPassword(body.password, "password");
    // The account the link belongs to, read before better-auth consumes it: the journal names it.
    const context = await auth.$context;
    const link = await context.internalAdapter.findVerificationValue(
      `reset-password:${body.token}`,
    );
    try {
      await auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } });
    } catch (error) {
      const code = betterAuthCode(error);
      if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") {
        throw new AppError("invalid_reset_token", 400, authMessages.invalidResetLink, {
          token: authMessages.invalidResetLink,
        });
      }
      throw error;
    }
    if (link?.value) {
      const row = await findUser(link.value).catch(() => undefined);
      await recordSecurityEvent(db, request, {
        type: "password_reset",
        userId: link.value,
        email: row?.email,
      });
    }
    return { ok: true };
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
      limits.passwordChangePerUser.consume(me.id),
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
