import type { FastifyInstance } from "fastify";
import { dataRightsMessages } from "../../domain/api/data-rights";
import { loginSchema } from "../../domain/schemas/auth.schema";
import { AppError, parseBody } from "../http/app-error";
import { consumeAll, createRateLimit } from "../http/rate-limit";
import { accountIdOf, findUser } from "./accounts";
import { accountClosedCode } from "./auth";
import { authMessages, fifteenMinutes } from "./auth-messages";
import { betterAuthCode } from "./better-auth-errors";
import { recordSecurityEvent, withLockoutJournal } from "./security-journal";
import { authHeaders, forwardCookies, loadSession } from "./session";
import { toUserJson } from "./user-json";

/** The session: sign in (POST), who is signed in (GET), sign out (DELETE). */
export async function signInRoutes(app: FastifyInstance) {
  const { auth, config, db } = app.deps;
  const limit = (name: string, points: number) =>
    createRateLimit({
      name,
      points,
      durationSeconds: fifteenMinutes,
      disabled: config.rateLimitDisabled,
      db,
    });
  const signInPerEmail = limit("sign-in-email", 10);
  const signInPerIp = limit("sign-in-ip", 30);

  app.post("/session", async (request, reply) => {
    const body = parseBody(loginSchema, request.body);
    await withLockoutJournal(db, request, { email: body.email }, () =>
      consumeAll([
        [signInPerIp, request.ip],
        [signInPerEmail, body.email],
      ]),
    );
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email: body.email, password: body.password, rememberMe: body.rememberMe },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
      await signInPerEmail.reset(body.email);
      // A second factor is on: better-auth kept no session, only the signed `two_factor` cookie
      // that POST /api/session/two-factor reads with the code (two-factor.routes.ts).
      if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
        return { user: null, twoFactorRequired: true };
      }
      const row = await findUser({ db, id: response.user.id });
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
          userId: await accountIdOf({ db, email: body.email }),
          email: body.email,
          reason: "account_closed",
        });
        throw new AppError("account_closed", 403, dataRightsMessages.accountClosed);
      }
      if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") {
        const userId = await accountIdOf({ db, email: body.email });
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
}
