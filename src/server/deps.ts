import type { Auth } from "./auth/auth";
import type { SessionCheck } from "./auth/session-check";
import type { Background } from "./background";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { SmsService } from "./sms/sms-outbox";
import type { Storage } from "./storage/storage";

/** What every route module receives: `app.deps` (or `request.server.deps`) inside a handler. */
export type AppDeps = {
  config: Config;
  /** The Drizzle database (PGlite or PostgreSQL, same API). */
  db: Db;
  database: Database;
  mailer: Mailer;
  /** The SMS outbox's sender and dispatch (sms/sms-outbox.ts); started when the app is ready. */
  sms: SmsService;
  auth: Auth;
  /** The session behind a Cookie header (auth/session-check.ts); loadSession() is its user. */
  sessionCheck: SessionCheck;
  background: Background;
  /** Where document files live (filesystem under DATA_DIR/uploads by default). */
  storage: Storage;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
