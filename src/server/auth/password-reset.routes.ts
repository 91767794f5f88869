import type { FastifyInstance, FastifyRequest } from "fastify";
import type { PasswordResetDoneJson } from "../../domain/api/users";
import { resetConfirmSchema, resetRequestSchema } from "../../domain/schemas/auth.schema";
import { trustedOrigins } from "../config";
import { AppError, parseBody } from "../http/app-error";
import { consumeAll, createRateLimit } from "../http/rate-limit";
import { accountOf, findUser } from "./accounts";
import { authMessages, fifteenMinutes, oneHour } from "./auth-messages";
import { betterAuthCode } from "./better-auth-errors";
import { assertNotCommonPassword } from "./common-passwords";
import { recordSecurityEvent, withLockoutJournal } from "./security-journal";
import { authHeaders } from "./session";

/** The forgotten password: the link asked for by e-mail, then the new password chosen. */
export async function passwordResetRoutes(app: FastifyInstance) {
  const { auth, config, db } = app.deps;
  const limit = (name: string, points: number, durationSeconds: number) =>
    createRateLimit({ name, points, durationSeconds, disabled: config.rateLimitDisabled, db });
  const resetPerEmail = limit("reset-email", 3, oneHour);
  const resetPerIp = limit("reset-ip", 10, oneHour);
  const resetConfirmPerIp = limit("reset-confirm-ip", 20, fifteenMinutes);
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

  app.post("/password-reset", async (request) => {
    const body = parseBody(resetRequestSchema, request.body);
    await withLockoutJournal(db, request, { email: body.email }, () =>
      consumeAll([
        [resetPerIp, request.ip],
        [resetPerEmail, body.email],
      ]),
    );
    // A closed account gets no reset link (it could not sign in with it): same answer.
    if ((await accountOf({ db, email: body.email }))?.closedAt) return { ok: true };
    await auth.api.requestPasswordReset({
      body: { email: body.email, redirectTo: resetLinkOrigin(request) },
      headers: authHeaders(request),
    });
    // Same answer whether or not the account exists; the mail leaves in the background.
    return { ok: true };
  });

  app.post("/password-reset/confirm", async (request): Promise<PasswordResetDoneJson> => {
    await withLockoutJournal(db, request, {}, () => resetConfirmPerIp.consume(request.ip));
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
    if (!link?.value) return { ok: true, email: null };
    const row = await findUser({ db, id: link.value }).catch(() => undefined);
    await recordSecurityEvent(db, request, {
      type: "password_reset",
      userId: link.value,
      email: row?.email,
    });
    return { ok: true, email: row?.email ?? null };
  });
}
