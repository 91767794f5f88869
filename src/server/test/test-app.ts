import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import pino from "pino";
import { createAdmin } from "../admin-account";
import { type BuildAppOptions, buildApp } from "../app";
import { createBackground } from "../background";
import { type Config, loadConfig } from "../config";
import { type Database, migrateDatabase, openDatabase, pgliteDatabase } from "../db/client";
import { createMailer } from "../mail/mailer";
import { migrationsFolder } from "../project-root";
import { createSmsService } from "../sms/sms-outbox";
import type { SmsSender } from "../sms/sms-sender";
import { createFilesystemStorage } from "../storage/filesystem-storage";
import type { Storage } from "../storage/storage";
import {
  enrolSecondFactor as enrolThroughRoutes,
  mailsTo,
  newIdentity,
  type OutboxMail,
  type OutboxSms,
  type Send,
  smsTo,
  tusMetadata,
  uploadDocument,
} from "./fixtures";
import { testPasswordHashing } from "./test-password-hashing";
import { nextTotpCode } from "./totp";

export { newIdentity } from "./fixtures";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  outboxDir: string;
  dataDir: string;
  /** The cookie-signing secret: a second instance (`sharedWith`) needs the same. */
  authSecret: string;
  /**
   * Another connection to this app's database, as a second server process would open: a pool of
   * its own on PostgreSQL; on PGlite (one per process) the same instance, left open by close().
   */
  openSameDatabase(): Promise<{ database: Database; close(): Promise<void> }>;
  /** Waits for background work (mails), then returns the outbox's .eml files, oldest first. */
  outbox(): Promise<Array<{ file: string; content: string }>>;
  /** Waits for background work, then returns the mails sent to `to` (fixtures.ts), oldest first. */
  mailsTo(to: string): Promise<OutboxMail[]>;
  /** Waits for background work, then returns the SMS sent to `to` (E.164), oldest first. */
  smsTo(to: string): Promise<OutboxSms[]>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  /** The built browser app to serve; null (default) skips static serving. */
  webDir?: string | null;
  /** Replaces the database (e.g. a broken one for the 503 health test). */
  database?: Database;
  /** Replaces the silent logger (e.g. to inspect what is logged). */
  logger?: pino.Logger;
  /**
   * A second instance of the platform on the first one's database, with its secret: two server
   * processes behind one address. Its close() leaves the database to the first.
   */
  sharedWith?: TestApp;
  /** The SMS sender (e.g. an SMPP session with short timeouts); default: SMPP_URL or .sms.txt. */
  smsSender?: SmsSender;
  /**
   * Where files go, e.g. an S3 storage on a test server (test/s3-server.ts); left to its owner to
   * close. Default: the filesystem under DATA_DIR/uploads.
   */
  storage?: Storage;
  /** Told of every route as it is added (see BuildAppOptions). */
  onRoute?: BuildAppOptions["onRoute"];
};

/**
 * A fresh platform for one test file: an in-memory PGlite, migrated, or — when
 * TEST_DATABASE_URL is set — a schema of its own on that PostgreSQL server (dropped by close()).
 * Mail goes to an outbox in a temporary DATA_DIR so tests can read the links.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "pret-api-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "3000",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: config.logLevel });
  // Made first: tus's FileStore creates its directory with an asynchronous mkdir that throws, out
  // of reach, when close() has already removed DATA_DIR; opening the database gives it time.
  const storage = options.storage ?? createFilesystemStorage(join(dataDir, "uploads"));

  let dropSchema: (() => Promise<void>) | undefined;
  let closeDatabase: (() => Promise<void>) | undefined;
  let openSameDatabase: TestApp["openSameDatabase"] | undefined;
  let database = options.database;
  if (options.sharedWith) {
    const shared = await options.sharedWith.openSameDatabase();
    database = shared.database;
    closeDatabase = shared.close;
  }
  if (!database) {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema "${schema}"`);
      await admin.end();
      database = await openDatabase({ kind: "postgres", url, searchPath: schema });
      await migrateDatabase(database.db, { schema });
      openSameDatabase = async () => {
        const other = await openDatabase({ kind: "postgres", url, searchPath: schema });
        return { database: other, close: () => other.close() };
      };
      dropSchema = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      };
    } else {
      const reused = spareDatabases.pop();
      database = reused
        ? pgliteDatabase(reused)
        : await openDatabase({ kind: "pglite", loadDataDir: await migratedTemplate() });
      // A no-op on the template; still checks the journal matches the committed migrations.
      if (!reused) await migrateDatabase(database.db);
      const mine = database;
      closeDatabase = async () => {
        try {
          await emptyDatabase(mine);
        } catch (error) {
          await mine.close();
          throw error;
        }
        spareDatabases.push(pgliteOf(mine));
      };
    }
  }

  const outboxDir = join(dataDir, "outbox");
  const background = createBackground(logger);
  // SMTP_URL in `env`: a real SMTP transport (tests that start their own SMTP server).
  const mailer = config.smtpUrl
    ? createMailer({ from: config.mailFrom, logger, smtpUrl: config.smtpUrl })
    : createMailer({ from: config.mailFrom, logger, outboxDir });
  const authSecret = options.sharedWith?.authSecret ?? randomBytes(32).toString("base64url");
  const app = await buildApp({
    config,
    database,
    mailer,
    authSecret,
    logger,
    background,
    webDir: options.webDir ?? null,
    storage,
    sms: options.smsSender
      ? createSmsService({
          config,
          db: database.db,
          logger,
          background,
          sender: options.smsSender,
        })
      : undefined,
    onRoute: options.onRoute,
    passwordHashing: testPasswordHashing,
  });
  await app.ready();
  const opened = database;
  closeDatabase ??= () => opened.close();

  return {
    app,
    database: opened,
    config,
    outboxDir,
    dataDir,
    authSecret,
    openSameDatabase:
      openSameDatabase ?? (async () => ({ database: opened, close: async () => {} })),
    async mailsTo(to) {
      await background.drain();
      return mailsTo(outboxDir, to);
    },
    async smsTo(to) {
      await background.drain();
      return smsTo(outboxDir, to);
    },
    async outbox() {
      await background.drain();
      let files: string[];
      try {
        files = readdirSync(outboxDir).filter((file) => file.endsWith(".eml"));
      } catch {
        return [];
      }
      return files.sort().map((file) => ({
        file,
        content: readFileSync(join(outboxDir, file), "utf8"),
      }));
    },
    async close() {
      await app.close();
      await closeDatabase?.();
      await dropSchema?.();
      // Queued after FileStore's own mkdir of the same directory: that one is done by now.
      await mkdir(join(dataDir, "uploads"), { recursive: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name) jar.set(name, value.join("="));
  }
  for (const cookie of response.cookies as Array<{
    name: string;
    value: string;
    maxAge?: number;
    expires?: Date;
  }>) {
    const expired =
      cookie.maxAge === 0 ||
      (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
    if (expired || cookie.value === "") jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * An in-memory PGlite costs seconds to initialise on a small machine; loading a dump of an
 * already migrated one is several times faster. The dump is made once per set of migrations and
 * kept in the system's temporary directory (written atomically: parallel test files may race).
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash("sha256");
  const folder = migrationsFolder();
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json")) {
      hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  const path = join(tmpdir(), `pret-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const scratch = await openDatabase({ kind: "pglite" });
  const client = pgliteOf(scratch);
  await migrateDatabase(scratch.db);
  const dump = await client.dumpDataDir("none");
  await scratch.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
  return new Blob([bytes]);
}

/**
 * Embedded databases of test files that have ended, emptied, for the next file of the same worker
 * (Vitest runs the files of a worker in one process, `isolate: false`, but imports our modules
 * afresh for each file, vitest.setup.ts: the list is kept on globalThis). Opening a PGlite costs
 * more than a second here, emptying one a few milliseconds.
 */
const processWide = globalThis as { spareTestDatabases?: PGlite[] };
processWide.spareTestDatabases ??= [];
const spareDatabases = processWide.spareTestDatabases;

/** The PGlite under an embedded database's Drizzle `db`. */
function pgliteOf(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** Every table of the platform emptied and its identities restarted: as migrated, with no rows. */
async function emptyDatabase(database: Database) {
  const tables = (await database.db.execute(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: Array<{ name: string }> };
  const names = tables.rows.map((row) => row.name).join(", ");
  await database.db.transaction(async (tx) => {
    // The security journal refuses TRUNCATE (migration 0007): its trigger is set aside here only.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`truncate ${names} restart identity cascade`));
  });
  // The next file prepares its statements again, on a new `db` (db/prepared.ts).
  await database.db.execute(sql`deallocate all`);
}

let counter = 0;

/** A different client IP per call, so that tests do not trip each other's rate limits. */
export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** The `{ error }` of an API answer, as the browser reads it. */
export function errorOf(response: { json(): unknown }) {
  return (
    response.json() as {
      error: { code: string; message: string; fields?: Record<string, string> };
    }
  ).error;
}

export type TestClient = Awaited<ReturnType<typeof registerClient>>;

/** Registers a client through the API; returns its cookie and user. */
export async function registerClient(
  app: FastifyInstance,
  identity: { fullName: string; email: string; password: string } = newIdentity(),
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/register",
    payload: { fullName: identity.fullName, email: identity.email, password: identity.password },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 201) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  return {
    ...identity,
    cookie: cookiesFrom(response),
    user: response.json().user as { id: string; email: string; role: string },
  };
}

/**
 * Signs an account in once more (another browser, `userAgent`): a new session of the account.
 * An account with a second factor (`totpKey`, as signedInAdmin returns) answers the code step
 * too. Returns that browser's cookie.
 */
export async function signInAgain(
  app: FastifyInstance,
  identity: { email: string; password: string; totpKey?: string },
  userAgent = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/session",
    headers: { "user-agent": userAgent },
    payload: { email: identity.email, password: identity.password, rememberMe: true },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  if (!response.json().twoFactorRequired) return cookiesFrom(response);
  if (!identity.totpKey) throw new Error("sign-in asks for a second factor: no key given");
  const step = await app.inject({
    method: "POST",
    url: "/api/session/two-factor",
    headers: { "user-agent": userAgent, cookie: cookiesFrom(response) },
    payload: { code: await nextTotpCode(identity.totpKey) },
    remoteAddress: nextIp(),
  });
  if (step.statusCode !== 200) {
    throw new Error(`second factor refused: ${step.statusCode} ${step.body}`);
  }
  return cookiesFrom(step, cookiesFrom(response));
}

/**
 * Creates an administrator (as ADMIN_EMAIL does) and signs it in with the password only: an
 * officer before its enrolment, whom every officers' route refuses.
 */
export async function signedInUnenrolledAdmin(
  app: FastifyInstance,
  identity = newIdentity("admin"),
) {
  await createAdmin(app.deps, {
    email: identity.email,
    password: identity.password,
    firstName: "Fatou",
    lastName: "Diop",
  });
  const response = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email: identity.email, password: identity.password, rememberMe: true },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`admin sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return { ...identity, cookie: cookiesFrom(response), user: response.json().user };
}

/** Creates an administrator (as ADMIN_EMAIL does), enrols its second factor and signs it in. */
export async function signedInAdmin(app: FastifyInstance, identity = newIdentity("admin")) {
  const unenrolled = await signedInUnenrolledAdmin(app, identity);
  // Officers reach /api/admin only with a second factor: enrolled here through the real API,
  // the code computed from the key as an authenticator app would.
  const { cookie, key, backupCodes, user } = await enrolSecondFactor(
    app,
    unenrolled.cookie,
    identity.password,
  );
  return { ...identity, cookie, user, totpKey: key, backupCodes };
}

/** Enrols a second factor for the signed-in account of `cookie` (fixtures.ts); returns the new cookie. */
export async function enrolSecondFactor(app: FastifyInstance, cookie: string, password: string) {
  const { key, backupCodes, confirmed } = await enrolThroughRoutes(
    (request) => app.inject(request as InjectOptions),
    { cookie, password },
    (key) => nextTotpCode(key),
  );
  return {
    cookie: cookiesFrom(confirmed, cookie),
    key,
    backupCodes,
    user: confirmed.json().user,
  };
}

/** Starts a tus upload (POST); returns the response and the upload's path. */
export async function createUpload(
  app: FastifyInstance,
  cookie: string,
  { size, fileName = "document.pdf" }: { size: number; fileName?: string },
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      cookie,
      "tus-resumable": "1.0.0",
      "upload-length": String(size),
      "upload-metadata": tusMetadata({ filename: fileName, filetype: "application/pdf" }),
    },
  });
  const location = response.headers.location;
  return { response, path: typeof location === "string" ? location : undefined };
}

/** Sends `bytes` to a tus upload at `offset` (PATCH). */
export function patchUpload(
  app: FastifyInstance,
  cookie: string,
  path: string,
  offset: number,
  bytes: Buffer,
) {
  return app.inject({
    method: "PATCH",
    url: path,
    headers: {
      cookie,
      "tus-resumable": "1.0.0",
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
    },
    payload: bytes,
  });
}

/** Uploads a whole file as the browser would; returns the finished upload's id. */
export function uploadFile(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  fileName = "document.pdf",
): Promise<string> {
  return uploadDocument(sendThrough(app), cookie, bytes, fileName);
}

/** The fixtures' way of sending a request (fixtures.ts), through this app's inject(). */
export function sendThrough(app: FastifyInstance): Send {
  return (request) => app.inject({ remoteAddress: nextIp(), ...request } as never);
}
