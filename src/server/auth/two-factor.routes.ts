import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { type TwoFactorEnrolmentJson, twoFactorMessages } from "../../domain/api/two-factor";
import {
  twoFactorBackupSignInSchema,
  twoFactorCodeSignInSchema,
  twoFactorConfirmSchema,
  twoFactorPasswordSchema,
} from "../../domain/api/two-factor.schema";
import { isAdminRole } from "../../domain/roles";
import { session as sessionTable, twoFactor, user as userTable } from "../db/schema";
import { AppError, notFound, parseBody } from "../http/app-error";
import { betterAuthCode } from "./better-auth-errors";
import { recordSecurityEvent } from "./security-journal";
import { authHeaders, currentUser, forwardCookies, requireAdmin, requireUser } from "./session";
import { readCookie, verifySignedValue } from "./session-check";
import { claimTotpStep } from "./totp-replay";
import { toUserJson } from "./user-json";

const expired = () => new AppError("two_factor_expired", 401, twoFactorMessages.expired);

/**
 * French routes over better-auth's twoFactor plugin (docs/decisions/2026-11-25-second-factor.md):
 * enrolment with a QR code, the sign-in's second step, and the reset of an officer's factor by
 * another officer. The code typed, the key and the backup codes are never logged (logger.ts).
 */
export async function twoFactorRoutes(app: FastifyInstance) {
  const { auth, db } = app.deps;

  async function userRow(id: string) {
    const [row] = await db.select().from(userTable).where(eq(userTable.id, id)).limit(1);
    return row;
  }

  /**
   * A code already accepted (or older than one accepted) is refused before better-auth judges
   * it (totp-replay.ts); a code that is none of the account's goes on to be refused and counted.
   */
  async function refuseReplayedCode(
    request: FastifyRequest,
    account: { userId: string; email: string },
    code: string,
    status: 400 | 401,
  ): Promise<void> {
    const claim = await claimTotpStep({ db, auth, userId: account.userId, code });
    if (claim !== "replayed") return;
    await recordSecurityEvent(db, request, {
      type: "sign_in_failure",
      ...account,
      reason: "replayed_code",
    });
    const message = twoFactorMessages.codeAlreadyUsed;
    throw new AppError("two_factor_code_used", status, message, { code: message });
  }

  /** The account waiting for its code: better-auth's signed `two_factor` cookie names it. */
  async function pendingUserId(request: FastifyRequest): Promise<string | undefined> {
    const cookie = request.headers.cookie;
    if (!cookie) return undefined;
    const context = await auth.$context;
    const name = context.createAuthCookie("two_factor").name;
    const identifier = verifySignedValue(readCookie(cookie, name), context.secret);
    if (!identifier) return undefined;
    const found = await context.internalAdapter.findVerificationValue(identifier);
    return found && found.expiresAt > new Date() ? found.value : undefined;
  }

  // The sign-in's second step: a code from the app, or one of the backup codes (used once).
  app.post("/session/two-factor", async (request, reply) => {
    const raw = request.body;
    const withBackupCode =
      typeof raw === "object" && raw !== null && "backupCode" in raw && !("code" in raw);
    const parsed: { code?: string; backupCode?: string; trustDevice: boolean } = withBackupCode
      ? parseBody(twoFactorBackupSignInSchema, raw)
      : parseBody(twoFactorCodeSignInSchema, raw);
    const { trustDevice } = parsed;
    const userId = await pendingUserId(request);
    if (!userId) throw expired();
    const row = await userRow(userId);
    if (!row) throw expired();
    const account = { userId: row.id, email: row.email };
    if (parsed.backupCode === undefined) {
      await refuseReplayedCode(request, account, parsed.code ?? "", 401);
    }
    try {
      const { headers } =
        parsed.backupCode !== undefined
          ? await auth.api.verifyBackupCode({
              body: { code: parsed.backupCode, trustDevice },
              headers: authHeaders(request),
              returnHeaders: true,
            })
          : await auth.api.verifyTOTP({
              body: { code: parsed.code ?? "", trustDevice },
              headers: authHeaders(request),
              returnHeaders: true,
            });
      forwardCookies(reply, headers);
    } catch (error) {
      const code = betterAuthCode(error);
      if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
        await recordSecurityEvent(db, request, {
          type: "sign_in_failure",
          ...account,
          reason: withBackupCode ? "invalid_backup_code" : "invalid_code",
        });
        // This wrong code may be the one that locked the account: journaled once, as it starts.
        const [factor] = await db
          .select({
            lockedUntil: twoFactor.lockedUntil,
            failures: twoFactor.failedVerificationCount,
          })
          .from(twoFactor)
          .where(eq(twoFactor.userId, row.id));
        if (factor?.lockedUntil && factor.lockedUntil > new Date() && factor.failures === 10) {
          await recordSecurityEvent(db, request, {
            type: "rate_limit_lockout",
            ...account,
            reason: "two_factor_locked",
          });
        }
        const message = withBackupCode
          ? twoFactorMessages.wrongBackupCode
          : twoFactorMessages.wrongCode;
        throw new AppError("invalid_two_factor_code", 401, message, {
          [withBackupCode ? "backupCode" : "code"]: message,
        });
      }
      if (code === "ACCOUNT_TEMPORARILY_LOCKED") {
        throw new AppError("two_factor_locked", 429, twoFactorMessages.locked, undefined, 15 * 60);
      }
      if (
        code === "INVALID_TWO_FACTOR_COOKIE" ||
        code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" ||
        code === "TOTP_NOT_ENABLED" ||
        code === "BACKUP_CODES_NOT_ENABLED"
      ) {
        await recordSecurityEvent(db, request, {
          type: "sign_in_failure",
          ...account,
          reason: "expired_challenge",
        });
        throw expired();
      }
      throw error;
    }
    if (withBackupCode) {
      await recordSecurityEvent(db, request, { type: "backup_code_used", ...account });
    }
    await recordSecurityEvent(db, request, {
      type: "sign_in_success",
      ...account,
      reason: withBackupCode ? "backup_code" : "totp",
    });
    return { user: toUserJson(row) };
  });

  // Starts (or starts again, while not confirmed) an enrolment: nothing changes at sign-in
  // until a first code is confirmed.
  app.post("/me/two-factor", { preHandler: requireUser }, async (request) => {
    const me = currentUser(request);
    const body = parseBody(twoFactorPasswordSchema, request.body);
    let answer: { method: string; totpURI?: string; backupCodes?: string[] };
    try {
      answer = await auth.api.enableTwoFactor({
        body: { password: body.password },
        headers: authHeaders(request),
      });
    } catch (error) {
      const code = betterAuthCode(error);
      if (code === "INVALID_PASSWORD") {
        throw new AppError("wrong_password", 400, twoFactorMessages.wrongPassword, {
          password: twoFactorMessages.wrongPassword,
        });
      }
      if (code === "TOTP_ALREADY_ENABLED") {
        throw new AppError("two_factor_enabled", 409, twoFactorMessages.alreadyEnabled);
      }
      throw error;
    }
    const totpUri = answer.totpURI ?? "";
    const key = new URL(totpUri).searchParams.get("secret") ?? "";
    const qrCodeSvg = await QRCode.toString(totpUri, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 1,
    });
    request.log.info({ userId: me.id }, "double authentification : enrôlement commencé");
    const enrolment: TwoFactorEnrolmentJson = {
      totpUri,
      key,
      qrCodeSvg,
      backupCodes: answer.backupCodes ?? [],
    };
    return enrolment;
  });

  app.post("/me/two-factor/confirm", { preHandler: requireUser }, async (request, reply) => {
    const me = currentUser(request);
    const body = parseBody(twoFactorConfirmSchema, request.body);
    // The first code confirmed is claimed too: it cannot open a sign-in right after.
    await refuseReplayedCode(request, { userId: me.id, email: me.email }, body.code, 400);
    try {
      // With a session, better-auth marks the factor verified, turns it on for the account and
      // replaces the session (new cookie).
      const { headers } = await auth.api.verifyTOTP({
        body: { code: body.code },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
    } catch (error) {
      const code = betterAuthCode(error);
      if (code === "INVALID_CODE") {
        throw new AppError("invalid_two_factor_code", 400, twoFactorMessages.wrongCode, {
          code: twoFactorMessages.wrongCode,
        });
      }
      if (code === "TOTP_NOT_ENABLED") {
        throw new AppError("two_factor_not_started", 409, twoFactorMessages.notEnabled);
      }
      throw error;
    }
    await recordSecurityEvent(db, request, {
      type: "two_factor_enabled",
      userId: me.id,
      email: me.email,
    });
    const row = await userRow(me.id);
    if (!row) throw expired();
    return { user: toUserJson(row) };
  });

  app.delete("/me/two-factor", { preHandler: requireUser }, async (request, reply) => {
    const me = currentUser(request);
    if (isAdminRole(me.role)) {
      throw new AppError("two_factor_mandatory", 403, twoFactorMessages.officersCannotDisable);
    }
    const body = parseBody(twoFactorPasswordSchema, request.body);
    if (!me.twoFactorEnabled) {
      throw new AppError("two_factor_not_enabled", 409, twoFactorMessages.notEnabled);
    }
    try {
      const { headers } = await auth.api.disableTwoFactor({
        body: { password: body.password },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
    } catch (error) {
      if (betterAuthCode(error) === "INVALID_PASSWORD") {
        throw new AppError("wrong_password", 400, twoFactorMessages.wrongPassword, {
          password: twoFactorMessages.wrongPassword,
        });
      }
      throw error;
    }
    await recordSecurityEvent(db, request, {
      type: "two_factor_disabled",
      userId: me.id,
      email: me.email,
    });
    const row = await userRow(me.id);
    if (!row) throw expired();
    return { user: toUserJson(row) };
  });

  // An officer whose phone is lost: another officer removes the factor and ends the sessions;
  // the officer enrols again at the next sign-in (the admin area asks for it).
  app.post(
    "/admin/administrators/:id/two-factor/reset",
    { preHandler: requireAdmin },
    async (request) => {
      const me = currentUser(request);
      const id = (request.params as { id?: unknown }).id;
      if (typeof id !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) {
        throw notFound(twoFactorMessages.officerNotFound);
      }
      if (id === me.id) {
        throw new AppError("not_yourself", 409, twoFactorMessages.notYourself);
      }
      const row = await db.transaction(async (tx) => {
        const [officer] = await tx
          .update(userTable)
          .set({ twoFactorEnabled: false, updatedAt: new Date() })
          .where(and(eq(userTable.id, id), eq(userTable.role, "admin")))
          .returning();
        if (!officer) throw notFound(twoFactorMessages.officerNotFound);
        await tx.delete(twoFactor).where(eq(twoFactor.userId, id));
        await tx.delete(sessionTable).where(eq(sessionTable.userId, id));
        return officer;
      });
      await recordSecurityEvent(db, request, {
        type: "two_factor_reset",
        userId: row.id,
        email: row.email,
        actorId: me.id,
        actorEmail: me.email,
      });
      return { user: toUserJson(row) };
    },
  );
}
