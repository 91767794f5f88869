import { like, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migratePostgres } from "./db/client";
import { mailOutbox, rateLimits, uploads } from "./db/schema";
import type { Mailer, MailMessage } from "./mail/mailer";
import { dispatchOutbox, enqueueMail } from "./mail/outbox";
import { sweepStaleUploads, uploadLifetimeMs } from "./modules/uploads/uploads.service";
import { migrationsFolder } from "./project-root";
import type { Storage } from "./storage/storage";
import { createScratchDatabase } from "./test/server-process";
import {
  cookiesFrom,
  createTestApp,
  nextIp,
  registerClient,
  signedInAdmin,
  type TestApp,
  uploadFile,
} from "./test/test-app";
import { pdfFile } from "./test/test-files";
import { totpCode } from "./test/totp";

// Two instances of the platform on one database (issue 16, "Several instances on one
// PostgreSQL"): the rate limits count the same attempts, the mail dispatcher and the upload
// sweeper never do one piece of work twice, the migrations run once when both start together.
// On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool, as two processes would; on
// PGlite they share the one connection a process may have. Sessions across instances:
// auth/session-check.test.ts ("two instances of the platform on one database"). Real processes:
// instances.process.test.ts.

const logger = pino({ level: "silent" });
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sharedWith: a });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe("rate limits", () => {
  test("are counted across instances, even for attempts that arrive together", async () => {
    // Three reset requests per address per hour: eight sent at once, half through each instance,
    // each from another address so that only the per-address limit can refuse.
    const email = `limite.${Date.now()}@exemple.ci`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 === 0 ? a : b).app.inject({
          method: "POST",
          url: "/api/password-reset",
          payload: { email },
          remoteAddress: nextIp(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    // Refused on both instances now, with the French message and a delay.
    for (const instance of [a, b]) {
      const refused = await instance.app.inject({
        method: "POST",
        url: "/api/password-reset",
        payload: { email },
        remoteAddress: nextIp(),
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(
        "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
      );
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    }
    const [row] = await a.database.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${`reset-email:${email}`}`);
    expect(row?.points).toBe(10);
  });

  test("wrong passwords through both instances lock the account on both", async () => {
    const client = await registerClient(a.app);
    // Ten wrong passwords per address per quarter of an hour, alternating instances.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await (attempt % 2 === 0 ? a : b).app.inject({
        method: "POST",
        url: "/api/session",
        payload: { email: client.email, password: "Mauvais-Mot-De-Passe-1" },
        remoteAddress: nextIp(),
      });
      expect(answer.statusCode).toBe(401);
    }
    for (const instance of [a, b]) {
      const locked = await instance.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { email: client.email, password: client.password },
        remoteAddress: nextIp(),
      });
      expect(locked.statusCode).toBe(429);
    }
  });
});

describe("second factor", () => {
  /** The first step of a sign-in on `instance`: the cookie that waits for the code. */
  async function passwordStep(instance: TestApp, identity: { email: string; password: string }) {
    const answer = await instance.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: identity.email, password: identity.password },
      remoteAddress: nextIp(),
    });
    expect(answer.json()).toEqual({ user: null, twoFactorRequired: true });
    return cookiesFrom(answer);
  }

  test("a code accepted by one instance is refused by the other, even when both get it at once", async () => {
    const officer = await signedInAdmin(a.app);
    const stepMs = 30_000;
    const left = stepMs - (Date.now() % stepMs);
    if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    // The next step's code: the enrolment used this one.
    const code = totpCode(officer.totpKey, (Math.floor(Date.now() / stepMs) + 1) * stepMs);
    const pending = await Promise.all(
      [a, b, a, b].map((instance) => passwordStep(instance, officer)),
    );
    const answers = await Promise.all(
      [a, b, a, b].map((instance, index) =>
        instance.app.inject({
          method: "POST",
          url: "/api/session/two-factor",
          headers: { cookie: pending[index] ?? "" },
          payload: { code },
          remoteAddress: nextIp(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401]);
    for (const refused of answers.filter((answer) => answer.statusCode === 401)) {
      expect(refused.json().error.code).toBe("two_factor_code_used");
    }
  });
});

function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      // An SMTP exchange takes a little while: the other dispatcher runs meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(message);
    },
  };
}

describe("background work", () => {
  test("the two mail dispatchers send each queued mail once", async () => {
    const subjects = Array.from({ length: 45 }, (_, index) => `Instances ${index}`);
    for (const subject of subjects) {
      await enqueueMail(a.database.db, {
        to: "client@exemple.ci",
        topic: "instances",
        mail: { subject, text: "Texte", html: "<p>Texte</p>" },
      });
    }
    const first = recordingMailer();
    const second = recordingMailer();
    const [sentByA, sentByB] = await Promise.all([
      dispatchOutbox({ db: a.database.db, mailer: first, logger }),
      dispatchOutbox({ db: b.database.db, mailer: second, logger }),
    ]);
    const all = [...first.sent, ...second.sent]
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith("Instances "));
    // Never twice. The apps' own periodic dispatchers run too (every minute, and a slow machine
    // can bring one into this test): a mail they sent is not in these two lists, but is sent.
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(sentByA + sentByB);
    const rows = await a.database.db
      .select({ subject: mailOutbox.subject, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, "Instances %"));
    expect(rows).toHaveLength(subjects.length);
    expect(rows.filter((row) => row.sentAt === null)).toEqual([]);
    if (all.length < subjects.length) {
      console.log(`${subjects.length - all.length} mails sent by the apps' own dispatchers`);
    }
  });

  test("the two upload sweepers remove each stale upload once", async () => {
    const client = await registerClient(a.app);
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      ids.push(await uploadFile(a.app, client.cookie, pdfFile(`balayage ${index}`)));
    }
    // One store behind both instances (the object store of a real deployment), counting deletes.
    const deletes: string[] = [];
    const shared: Storage = {
      ...a.app.deps.storage,
      async delete(key) {
        deletes.push(key);
        await a.app.deps.storage.delete(key);
      },
    };
    const later = new Date(Date.now() + uploadLifetimeMs + 60_000);
    const removed = await Promise.all([
      sweepStaleUploads({ db: a.database.db, storage: shared, now: later }),
      sweepStaleUploads({ db: b.database.db, storage: shared, now: later }),
    ]);
    const mine = deletes.filter((key) => ids.includes(key));
    expect(mine.sort()).toEqual([...ids].sort());
    expect((removed[0] ?? 0) + (removed[1] ?? 0)).toBe(deletes.length);
    const left = await a.database.db.select({ id: uploads.id }).from(uploads);
    expect(left.filter((row) => ids.includes(row.id))).toEqual([]);
  });
});

describe("sessions", () => {
  test("a sign-in through one instance is the same session on the other", async () => {
    const client = await registerClient(a.app);
    const signIn = await b.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: client.email, password: client.password },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookiesFrom(signIn);
    const me = await a.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(client.email);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("migrations on PostgreSQL", () => {
  test("run once when two instances start together", async () => {
    const scratch = await createScratchDatabase(serverUrl as string, "migr");
    try {
      await Promise.all([migratePostgres(scratch.url), migratePostgres(scratch.url)]);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ hash: string }>(
          "select hash from drizzle.__drizzle_migrations",
        );
        const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
        expect(rows.length).toBe(migrations.length);
        expect(new Set(rows.map((row) => row.hash)).size).toBe(migrations.length);
      } finally {
        await client.end();
      }
    } finally {
      await scratch.drop();
    }
  }, 60_000);
});
