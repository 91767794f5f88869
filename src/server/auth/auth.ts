import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import { dataRightsMessages } from "../../domain/api/data-rights";
import { maxPasswordLength, minPasswordLength } from "../../domain/schemas/fields";
import type { Background } from "../background";
import { type Config, trustedOrigins } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates";

export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;
/** 'Se souvenir de cet appareil pendant 30 jours': no code asked again there meanwhile. */
export const trustedDeviceSeconds = 30 * 24 * 60 * 60;
export const firmAppName = "Horizon Crédit Afrique";
export const resetTokenLifetimeSeconds = 60 * 60;
/** The code better-auth's error carries when a closed account asks for a session. */
export const accountClosedCode = "ACCOUNT_CLOSED";

export type CreateAuthOptions = {
  config: Pick<Config, "port" | "publicUrl" | "baseUrl">;
  db: Db;
  secret: string;
  mailer: Mailer;
  background: Background;
  logger: FastifyBaseLogger;
  /** How passwords are hashed and checked; better-auth's scrypt when absent (see BuildAppOptions). */
  passwordHashing?: PasswordHashing;
};

/** better-auth's hook for the password's hash (emailAndPassword.password). */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
};

/**
 * better-auth configured for the platform. Its own HTTP handler is NOT mounted: our French routes
 * (auth.routes.ts) call `auth.api.*` on the server and forward the cookies it sets
 * (docs/decisions/2026-11-22-auth-wrapped-routes.md).
 */
export function createAuth(options: CreateAuthOptions) {
  const { config, logger } = options;
  const secure = config.publicUrl?.startsWith("https://") ?? false;
  return betterAuth({
    appName: firmAppName,
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength,
      autoSignIn: true,
      requireEmailVerification: false,
      password: options.passwordHashing,
      resetPasswordTokenExpiresIn: resetTokenLifetimeSeconds,
      revokeSessionsOnPasswordReset: true,
      // The link points at the browser page (/reset-password?token=…), not at better-auth's own
      // redirect endpoint; the origin comes from the request (see auth.routes.ts).
      sendResetPassword: async ({ user, token, url }) => {
        const origin = new URL(url).searchParams.get("callbackURL") ?? config.baseUrl;
        const link = `${new URL(origin).origin}/reset-password?token=${encodeURIComponent(token)}`;
        const mail = passwordResetMail({
          firstName: (user as { firstName?: string }).firstName,
          url: link,
        });
        options.background.run("courriel de réinitialisation", () =>
          options.mailer.send({ to: user.email, ...mail }),
        );
      },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "", input: true },
        lastName: { type: "string", required: false, defaultValue: "", input: true },
        phone: { type: "string", required: false, input: false },
        address: { type: "string", required: false, input: false },
        city: { type: "string", required: false, input: false },
        country: { type: "string", required: false, input: false },
        postalCode: { type: "string", required: false, input: false },
        // Never an input: public registration always makes a client (admins come from
        // ADMIN_EMAIL or `npm run admin:create`).
        role: { type: "string", required: false, defaultValue: "client", input: false },
        // Closed accounts (issue 18): read by the session hook below.
        closedAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A closed account (issue 18) gets no session, whatever the path that asks for one
          // (password, second factor): the French routes answer 403 with this message.
          // Read through better-auth's own adapter: a sign-up's session is created inside its
          // transaction, which the single PGlite connection would otherwise wait for.
          before: async (session, context) => {
            const row = context
              ? ((await context.context.internalAdapter.findUserById(session.userId)) as {
                  closedAt?: Date | null;
                } | null)
              : null;
            if (row?.closedAt) {
              throw new APIError("FORBIDDEN", {
                code: accountClosedCode,
                message: dataRightsMessages.accountClosed,
              });
            }
          },
        },
      },
    },
    session: {
      expiresIn: sessionLifetimeSeconds,
      updateAge: 24 * 60 * 60,
      // No cookie cache: a revoked session (password change or reset) ends at once.
      cookieCache: { enabled: false },
    },
    plugins: [
      // TOTP (RFC 6238: 6 digits, 30 s) and 10 backup codes, both stored encrypted. Wrong codes
      // are limited per account by the plugin (10 in a row lock the account 15 minutes) and per
      // sign-in (5, then the password again); docs/decisions/2026-11-25-second-factor.md.
      twoFactor({
        issuer: firmAppName,
        trustDeviceMaxAge: trustedDeviceSeconds,
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: "horizon",
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    logger: {
      level: "warn",
      log: (level, message) => {
        if (level === "error") logger.error({ source: "better-auth" }, message);
        else if (level === "warn") logger.warn({ source: "better-auth" }, message);
        else logger.debug({ source: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
