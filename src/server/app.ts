import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import { z } from "zod";
import { accountSessionRoutes } from "./auth/account-sessions.routes";
import { createAuth, type PasswordHashing } from "./auth/auth";
import { authRoutes } from "./auth/auth.routes";
import { createSessionCache, type SessionCache } from "./auth/session-cache";
import { createSessionCheck, sessionCookieSettings } from "./auth/session-check";
import { twoFactorRoutes } from "./auth/two-factor.routes";
import { type Background, createBackground } from "./background";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { AppDeps } from "./deps";
import { clientErrorHandler } from "./http/client-error";
import { frameworkErrors, registerErrorHandling } from "./http/error-handler";
import { registerHealth } from "./http/health";
import { registerInputChecks } from "./http/input-checks";
import { pruneRateLimits } from "./http/rate-limit";
import { registerOriginCheck, registerSecurityHeaders } from "./http/security";
import { createLogger } from "./logger";
import type { Mailer } from "./mail/mailer";
import { registerApiModules, registerRootModules } from "./modules";
import { loadWebBuild, registerWebApp } from "./pages/web-app";
import { startPeriodic } from "./periodic";
import { webClientDir } from "./project-root";
import { createSmsService, type SmsService } from "./sms/sms-outbox";
import { createStorage } from "./storage/create-storage";
import type { Storage } from "./storage/storage";

export type BuildAppOptions = {
  config: Config;
  /** An opened and migrated database (see db/client.ts). */
  database: Database;
  mailer: Mailer;
  /** The cookie-signing secret (resolveAuthSecret in config.ts). */
  authSecret: string;
  /** Defaults to a pino logger at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** The built browser app; defaults to build/web/client. `null` skips static serving. */
  webDir?: string | null;
  /**
   * Serves the browser app from its sources instead of the build (`npm run dev`:
   * src/server/dev/dev-web.ts registers the routes), with the same rendering and CSP.
   */
  devWeb?: (app: FastifyInstance) => Promise<void>;
  background?: Background;
  /** Defaults to the driver of config.storage (STORAGE_URL, else DATA_DIR/uploads). */
  storage?: Storage;
  /** Defaults to SMPP_URL's session, or the .sms.txt outbox under DATA_DIR. */
  sms?: SmsService;
  /** Told of every route as it is added (the authorization matrix's test lists them so). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Replaces better-auth's password hashing. Never set by the server itself: only the API tests
   * set it (test/test-app.ts), to a cheaper cost of the same scrypt.
   */
  passwordHashing?: PasswordHashing;
};

/** Builds the whole server (API under /api and the browser app) without listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, mailer } = options;
  // A schema without a message of its own still answers in French (a field sent as null...).
  z.config(z.locales.fr());
  const logger = options.logger ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // While stopping, http/health.ts answers new requests with a French 503 instead.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  const { onRoute } = options;
  if (onRoute) app.addHook("onRoute", (route) => onRoute(route));

  const background = options.background ?? createBackground(app.log);
  const auth = createAuth({
    config,
    db: database.db,
    secret: options.authSecret,
    mailer,
    background,
    logger: app.log,
    passwordHashing: options.passwordHashing,
  });
  const ownStorage = options.storage ? undefined : createStorage(config.storage);
  const storage = options.storage ?? (ownStorage as Storage);
  const sessionCache = await listeningSessionCache(database);
  const sessionCheck = createSessionCheck({
    db: database.db,
    settings: () => sessionCookieSettings(auth),
    cache: sessionCache?.cache,
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    database,
    mailer,
    sms: options.sms ?? createSmsService({ config, db: database.db, logger: app.log, background }),
    auth,
    sessionCheck,
    background,
    storage,
  };
  app.decorate("deps", deps);

  // An empty body with a JSON content type (some clients send one on DELETE) is no body.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });

  registerErrorHandling(app);
  registerInputChecks(app);
  registerHealth(app, { database, storage });
  const { devWeb } = options;
  const web =
    devWeb || options.webDir === null
      ? undefined
      : await loadWebBuild(options.webDir ?? webClientDir());
  if (!devWeb && options.webDir !== null && !web) {
    app.log.warn("application web non construite (build/web/client absent) : lancez npm run build");
  }
  await registerSecurityHeaders(app, {
    config,
    scriptSources: web?.scriptHashes ?? [],
  });
  registerOriginCheck(app, config);

  // API answers are personal: never cached by the browser or a proxy.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(accountSessionRoutes);
      await registerApiModules(api);
    },
    { prefix: "/api" },
  );

  await registerRootModules(app);
  if (devWeb) await devWeb(app);
  else await registerWebApp(app, web);

  // Attempt counters an hour past their window: pruned at start-up, then every hour.
  let stopPruning: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopPruning = startPeriodic({
      task: () => pruneRateLimits(database.db),
      intervalMs: 60 * 60 * 1000,
      onError: (error) => app.log.error({ err: error }, "purge des limites de tentatives en échec"),
    });
  });

  app.addHook("onClose", async () => {
    await stopPruning?.();
    await sessionCache?.stop();
    await background.drain();
    // The S3 client's kept-alive connections (a storage passed in is its owner's to close).
    ownStorage?.close();
  });

  return app;
}

/**
 * The embedded database's session cache, emptied of an account's entries by the database's own
 * `session_change` notifications (migration 0006). None on PostgreSQL: other processes write
 * there too, and nothing could tell this one at once (docs/decisions/2026-11-22-session-check.md).
 */
async function listeningSessionCache(
  database: Database,
): Promise<{ cache: SessionCache; stop: () => Promise<void> } | undefined> {
  if (database.kind !== "pglite" || !database.listen) return undefined;
  const cache = createSessionCache();
  const stop = await database.listen("session_change", (userId) => {
    if (userId) cache.forgetUser(userId);
    else cache.forgetAll();
  });
  return { cache, stop };
}
