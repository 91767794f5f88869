import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, isNotNull, like } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { loadConfig } from "./config";
import type { Database } from "./db/client";
import { isDataDirLocked } from "./db/data-dir-lock";
import {
  documents,
  loanActivities,
  loanRequests,
  mailOutbox,
  smsOutbox,
  storageDeletions,
  uploads,
} from "./db/schema";
import { createLoanWithDocuments } from "./modules/loans/complement.test-helpers";
import { sweepStaleUploads, uploadLifetimeMs } from "./modules/uploads/uploads.service";
import { openPlatformDatabase } from "./platform";
import { createFilesystemStorage } from "./storage/filesystem-storage";
import { appOverHttp, injectOverHttp } from "./test/http-inject";
import {
  createScratchDatabase,
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from "./test/server-process";
import { slowPatch } from "./test/slow-patch";
import {
  cookiesFrom,
  createUpload,
  enrolSecondFactor,
  newIdentity,
  patchUpload,
  registerClient,
} from "./test/test-app";
import { pdfFile } from "./test/test-files";

// Issue 17, "Faults survived": the server process is killed (SIGKILL: no shutdown hook runs, no
// checkpoint, the embedded database's lock left behind) in the middle of a tus upload and of a
// burst of status changes, then started again on the same DATA_DIR (and the same PostgreSQL
// database). What was committed must all be there, with its history and its notices; nothing
// half-written; every file accounted for by a row. On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL names a server (a scratch database of its own). Times are printed.

const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  killServerProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const officerIdentity = newIdentity("officier");

type Platform = {
  kind: "pglite" | "postgres";
  dataDir: string;
  env: Record<string, string>;
  server?: ServerProcess;
};

async function makePlatform(kind: Platform["kind"]): Promise<Platform> {
  const dataDir = mkdtempSync(join(tmpdir(), `pret-faults-${kind}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: "true",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: officerIdentity.email,
    ADMIN_PASSWORD: officerIdentity.password,
  };
  if (kind === "postgres") {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, "faults");
    cleanups.push(() => scratch.drop());
    env.DATABASE_URL = scratch.url;
  }
  return { kind, dataDir, env };
}

/**
 * Starts the server on the platform's data. After a SIGKILL the dead process's lock on DATA_DIR
 * stays until it is stale (20 s without its heartbeat): the start is refused meanwhile, with its
 * French message, and tried again once the lock is stale, as a supervisor (systemd's Restart=)
 * would after its delay. Waiting here rather than starting a process every second keeps the
 * other tests' processors free: each refused start costs about 3 s of CPU.
 * Returns the milliseconds until it answered ready, and how many starts were refused.
 */
async function start(platform: Platform): Promise<{ readyAfterMs: number; refusedStarts: number }> {
  const begun = performance.now();
  let refusedStarts = 0;
  for (;;) {
    const server = await startServerProcess(platform.env);
    try {
      await waitUntilReady(server);
      platform.server = server;
      return { readyAfterMs: performance.now() - begun, refusedStarts };
    } catch (error) {
      if (!server.output().includes("est déjà utilisé par un autre processus")) throw error;
      refusedStarts += 1;
      if (performance.now() - begun > 60_000) throw error;
      do await new Promise((resolve) => setTimeout(resolve, 500));
      while ((await isDataDirLocked(platform.dataDir)) && performance.now() - begun < 60_000);
    }
  }
}

/** What the restart waited for, on PGlite: the dead process's lock going stale. */
function lockWait(restart: { refusedStarts: number }): string {
  return restart.refusedStarts > 0
    ? ` (${restart.refusedStarts} démarrages refusés tant que le verrou du processus tué n'était pas périmé), `
    : ", ";
}

async function kill(platform: Platform) {
  const server = platform.server as ServerProcess;
  server.child.kill("SIGKILL");
  await server.exited;
  platform.server = undefined;
}

/** Stops the server cleanly and opens its database in this process, as an operator would. */
async function inspect<T>(
  platform: Platform,
  check: (database: Database, storage: ReturnType<typeof createFilesystemStorage>) => Promise<T>,
): Promise<T> {
  const server = platform.server as ServerProcess;
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  platform.server = undefined;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...platform.env });
  const { database, lock } = await openPlatformDatabase(config, { purpose: "test des pannes" });
  try {
    return await check(database, createFilesystemStorage(join(platform.dataDir, "uploads")));
  } finally {
    await database.close();
    await lock?.release();
  }
}

/**
 * Every stored file belongs to an upload in progress or to a document, or is named for deletion
 * (storage_deletions: a removal the kill interrupted, finished by the periodic job); every row has
 * its file.
 */
async function filesAndRowsAgree(
  database: Database,
  storage: ReturnType<typeof createFilesystemStorage>,
) {
  const stored = new Map<string, number>();
  for await (const file of storage.list()) stored.set(file.key, file.size);
  const uploadRows = await database.db.select().from(uploads);
  const documentRows = await database.db.select().from(documents);
  const queued = await database.db.select().from(storageDeletions);
  const referenced = new Set([
    ...uploadRows.map((row) => row.storageKey),
    ...documentRows.map((row) => row.storageKey),
    ...queued.map((row) => row.storageKey),
  ]);
  for (const row of documentRows) expect(stored.get(row.storageKey)).toBe(row.fileSize);
  for (const row of uploadRows) expect(stored.has(row.storageKey)).toBe(true);
  expect([...stored.keys()].filter((key) => !referenced.has(key))).toEqual([]);
  return { stored, uploadRows, documentRows };
}

async function signedInOfficer(origin: string) {
  const signedIn = await injectOverHttp(origin, {
    method: "POST",
    url: "/api/session",
    payload: { email: officerIdentity.email, password: officerIdentity.password },
  });
  expect(signedIn.statusCode).toBe(200);
  const cookie = cookiesFrom(signedIn as never);
  const body = signedIn.json() as { user: { twoFactorEnabled?: boolean } | null };
  if (body.user?.twoFactorEnabled) return cookie;
  // First sign-in: the officer enrols the second factor, as every officer must.
  const enrolled = await enrolSecondFactor(appOverHttp(origin), cookie, officerIdentity.password);
  return enrolled.cookie;
}

const kinds = [
  { kind: "pglite" as const, run: true },
  { kind: "postgres" as const, run: Boolean(process.env.TEST_DATABASE_URL) },
];

// The two faults of a kind run side by side, each on a platform of its own: most of their time is
// the wait for the killed process's lock to go stale.
describe.each(kinds)("SIGKILL on $kind", ({ kind, run }) => {
  test.runIf(run).concurrent(
    "mid-upload: the upload resumes from the server's offset; rows and files agree",
    async () => {
      const platform = await makePlatform(kind);
      await start(platform);
      const server = platform.server as ServerProcess;
      const http = appOverHttp(server.origin);
      const client = await registerClient(http);
      const resumed = pdfFile("relevé repris après la panne", 512 * 1024);
      const abandoned = pdfFile("relevé abandonné", 256 * 1024);
      const first = await createUpload(http, client.cookie, { size: resumed.length });
      const second = await createUpload(http, client.cookie, { size: abandoned.length });
      const resumedPath = first.path as string;
      const abandonedPath = second.path as string;
      // About three seconds each: both are mid-body when the process dies.
      const sending = [
        slowPatch(server, resumedPath, client.cookie, resumed, { chunks: 32, gapMs: 100 }),
        slowPatch(server, abandonedPath, client.cookie, abandoned, { chunks: 32, gapMs: 100 }),
      ];
      await Promise.all(sending.map((patch) => patch.started));
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await kill(platform);
      for (const patch of sending) expect((await patch.answer).status).toBeUndefined();

      const restart = await start(platform);
      const origin = (platform.server as ServerProcess).origin;
      const again = appOverHttp(origin);
      // Where the server says the upload stands: what reached its disk before the kill.
      const head = await injectOverHttp(origin, {
        method: "HEAD",
        url: resumedPath,
        headers: { cookie: client.cookie, "tus-resumable": "1.0.0" },
      });
      expect(head.statusCode).toBe(200);
      const offset = Number(head.headers["upload-offset"]);
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThan(resumed.length);
      const rest = await patchUpload(
        again,
        client.cookie,
        resumedPath,
        offset,
        resumed.subarray(offset),
      );
      expect(rest.statusCode).toBe(200);
      const uploadId = resumedPath.split("/").pop() as string;
      expect(rest.json().upload).toMatchObject({ id: uploadId, fileSize: resumed.length });
      // The bytes on disk are the file's, not a mix of the two requests.
      expect(readFileSync(join(platform.dataDir, "uploads", uploadId)).equals(resumed)).toBe(true);
      // A PATCH that repeats bytes the server already has is refused in French, not a 500.
      const stale = await patchUpload(again, client.cookie, abandonedPath, 0, abandoned);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe("Reprise du téléchargement désynchronisée.");

      const outcome = await inspect(platform, async (database, storage) => {
        const before = await filesAndRowsAgree(database, storage);
        expect(before.uploadRows.map((row) => row.id).sort()).toEqual(
          [uploadId, abandonedPath.split("/").pop()].sort(),
        );
        // Past the sweeper's delay, the upload nobody finished goes with its file, and so does the
        // finished one no request took: nothing is left but documents' files.
        const removed = await sweepStaleUploads({
          db: database.db,
          storage,
          now: new Date(Date.now() + uploadLifetimeMs + 60_000),
        });
        const after = await filesAndRowsAgree(database, storage);
        expect(after.uploadRows).toEqual([]);
        return { offset, removed, filesAfter: after.stored.size };
      });
      expect(outcome.removed).toBe(2);
      console.log(
        `SIGKILL pendant un envoi (${kind}) : reprise à l'octet ${offset} sur ${resumed.length}, ` +
          `serveur prêt ${restart.readyAfterMs.toFixed(0)} ms après le redémarrage` +
          lockWait(restart) +
          `${outcome.removed} envois non rattachés balayés, ${outcome.filesAfter} fichiers restants`,
      );
    },
    180_000,
  );

  test.runIf(run).concurrent(
    "mid-burst of status changes: every answered change is there with its history and notices",
    async () => {
      const platform = await makePlatform(kind);
      await start(platform);
      const origin = (platform.server as ServerProcess).origin;
      const http = appOverHttp(origin);
      const officerCookie = await signedInOfficer(origin);
      // Six clients with four requests each; half of them take SMS too.
      const loansOf = new Map<number, { sms: boolean }>();
      for (let index = 0; index < 6; index += 1) {
        const client = await registerClient(http);
        const sms = index % 2 === 0;
        if (sms) {
          const choice = await injectOverHttp(origin, {
            method: "PUT",
            url: "/api/me/notifications",
            headers: { cookie: client.cookie },
            payload: { email: true, sms: true, smsPhone: `+22507080910${10 + index}` },
          });
          expect(choice.statusCode).toBe(200);
        }
        for (let loan = 0; loan < 4; loan += 1) {
          loansOf.set((await createLoanWithDocuments(http, client.cookie)).id, { sms });
        }
      }

      // Each request goes pending -> in_review -> rejected, all requests at once; the process is
      // killed once a third of the changes have been answered, the others still in flight.
      const answered: Array<{ loanId: number; from: string; to: string; status: number }> = [];
      const change = (loanId: number, from: string, to: string) =>
        injectOverHttp(origin, {
          method: "POST",
          url: `/api/admin/loans/${loanId}/status`,
          headers: { cookie: officerCookie },
          payload: {
            from,
            to,
            ...(to === "rejected" ? { rejectionReason: "Revenus insuffisants" } : {}),
          },
        }).then(
          (answer) => {
            answered.push({ loanId, from, to, status: answer.statusCode });
            return answer.statusCode;
          },
          () => 0,
        );
      const total = loansOf.size * 2;
      const burst = Promise.all(
        [...loansOf.keys()].map(async (loanId) => {
          if ((await change(loanId, "pending", "in_review")) !== 200) return;
          await change(loanId, "in_review", "rejected");
        }),
      );
      const deadline = performance.now() + 60_000;
      while (answered.length < total / 3 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const killedAt = performance.now();
      await kill(platform);
      await burst;
      const succeeded = answered.filter((answer) => answer.status === 200);
      // Nothing but successes before the kill: no conflict, no 5xx.
      expect(answered.every((answer) => answer.status === 200)).toBe(true);
      expect(succeeded.length).toBeGreaterThan(0);
      expect(succeeded.length).toBeLessThan(total);

      const restart = await start(platform);
      const recoveredMs = performance.now() - killedAt;
      // The service works again: the officer's session survived, a change goes through.
      const list = await injectOverHttp((platform.server as ServerProcess).origin, {
        method: "GET",
        url: "/api/admin/loans",
        headers: { cookie: officerCookie },
      });
      expect(list.statusCode).toBe(200);

      const found = await inspect(platform, async (database) => {
        const { db } = database;
        // Nothing half-written, answered or not: each request's status is where its history
        // ends, and each change in the history has exactly its e-mail (and SMS).
        const histories = new Map<
          number,
          { changes: string[]; mails: string[]; texts: string[] }
        >();
        for (const [loanId, { sms }] of loansOf) {
          const [loan] = await db
            .select({ status: loanRequests.status })
            .from(loanRequests)
            .where(eq(loanRequests.id, loanId));
          const changes = await db
            .select()
            .from(loanActivities)
            .where(
              and(
                eq(loanActivities.loanId, loanId),
                eq(loanActivities.type, "status_change"),
                isNotNull(loanActivities.oldValue),
              ),
            )
            .orderBy(loanActivities.id);
          const path = ["pending", ...changes.map((row) => row.newValue)];
          expect(changes.map((row) => row.oldValue)).toEqual(path.slice(0, -1));
          expect(loan?.status).toBe(path.at(-1));
          const mails = await db
            .select({ topic: mailOutbox.topic })
            .from(mailOutbox)
            .where(like(mailOutbox.topic, `loan_status:${loanId}:%`));
          expect(mails.map((row) => row.topic).sort()).toEqual(
            path
              .slice(1)
              .map((status) => `loan_status:${loanId}:${status}`)
              .sort(),
          );
          const texts = await db
            .select({ kind: smsOutbox.kind })
            .from(smsOutbox)
            .where(eq(smsOutbox.loanId, loanId));
          // 'received' was sent when the request was made.
          const statusTexts = texts.map((row) => row.kind).filter((kind) => kind !== "received");
          expect(statusTexts.sort()).toEqual(sms ? path.slice(1).sort() : []);
          histories.set(loanId, {
            changes: changes.map((row) => `${row.oldValue}>${row.newValue}`),
            mails: mails.map((row) => row.topic),
            texts: statusTexts,
          });
        }
        // Every change the officer was told succeeded is among them.
        for (const { loanId, from, to } of succeeded) {
          const history = histories.get(loanId);
          expect(history?.changes).toContain(`${from}>${to}`);
          expect(history?.mails).toContain(`loan_status:${loanId}:${to}`);
          if (loansOf.get(loanId)?.sms) expect(history?.texts).toContain(to);
        }
        const committed = [...histories.values()].reduce(
          (sum, history) => sum + history.changes.length,
          0,
        );
        return { committed };
      });
      console.log(
        `SIGKILL pendant une rafale de changements de statut (${kind}) : ${total} changements lancés, ` +
          `${succeeded.length} confirmés (2xx) avant l'arrêt brutal, ${found.committed} présents après redémarrage ` +
          `(tous avec leur historique, leur courriel et leur SMS le cas échéant) ; serveur prêt ${restart.readyAfterMs.toFixed(0)} ms ` +
          `après la relance${lockWait(restart)}` +
          `service rendu ${recoveredMs.toFixed(0)} ms après le SIGKILL`,
      );
    },
    240_000,
  );
});
