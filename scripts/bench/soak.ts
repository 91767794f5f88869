// Issue 17's soak: many signed-in users at once for a while, on the built server, with the mix a
// working day has. Each virtual user is a client or an officer with a session of its own, and
// loops: waits a little (think time), then does one thing:
//   client:  GET /api/me, GET /api/loans, GET /api/loans/:id (its own), or a tus upload of a
//            small PDF (POST, PATCH with the 24 KiB, then DELETE: the wizard's 'Changer')
//   officer: GET /api/admin/loans, GET /api/admin/loans/:id, or a status change
//            (POST /api/admin/loans/:id/status: pending -> in_review -> rejected, each request
//            handed to one officer at a time, so that a 409 is a defect, not a race of the bench)
// Officers enrol their second factor through the real routes before the run, as they must
// (server-process.ts's signIn).
// Prints every answer that is not the expected one (count by kind and status, with the first
// message), p50/p99 per kind, and the server's RSS and heap before and after the load (a probe
// preloaded into the server, memory-probe.mjs). Exits 1 when there was any error: 0 is the bar.
// Databases as bench:api's: a temporary DATA_DIR (PGlite), or a throwaway database on
// BENCH_DATABASE_URL's server (PostgreSQL), seeded with demo data.
// Options: --users N (200), --seconds S (60), --think-ms M (1000: each pause is drawn between 0
// and twice that), --officers-share F (0.1), --instances N (1; more on PostgreSQL only: that many
// server processes on one database, one secret, the users spread over them), --only
// pglite|postgres, --server FILE. `npm run build:server` first.

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { and, asc, eq, inArray } from "drizzle-orm";
import { loadConfig } from "../../src/server/config";
import { loanRequests, user } from "../../src/server/db/schema";
import { openPlatformDatabase } from "../../src/server/platform";
import { createFilesystemStorage } from "../../src/server/storage/filesystem-storage";
import { pdfFile } from "../../src/server/test/test-files";
import { writeDemoData } from "../seed/write";
import { maintenanceQuery, postgresTarget, quoted } from "./bench-database";
import { type RunningServer, rssMiB, signIn, startServer } from "./server-process";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    "think-ms": { type: "string", default: "1000" },
    "officers-share": { type: "string", default: "0.1" },
    instances: { type: "string", default: "1" },
    only: { type: "string" },
    server: { type: "string", default: "build/server/main.js" },
  },
  strict: true,
});
const users = Number(values.users);
const seconds = Number(values.seconds);
const thinkMs = Number(values["think-ms"]);
const instances = Number(values.instances);
const officerUsers = Math.max(1, Math.round(users * Number(values["officers-share"])));
const clientUsers = users - officerUsers;
const password = "Baobab-Demo-2026";
/** Enough requests waiting for a decision that the officers never run out during the run. */
const loans = Math.max(600, users * 8);
const uploadBytes = pdfFile("Relevé bancaire de l'essai d'endurance", 24 * 1024);

type Kind = "pglite" | "postgres";

type Seeded = {
  clients: Array<{ email: string; loanIds: number[] }>;
  officers: string[];
  /** Requests an officer may move on (pending or in review), oldest first. */
  queue: Array<{ id: number; status: "pending" | "in_review" }>;
};

async function seedDatabase(env: Record<string, string>, scratch: string): Promise<Seeded> {
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...env });
  const { database, lock } = await openPlatformDatabase(config, { purpose: "mesure bench:soak" });
  try {
    const summary = await writeDemoData(
      database.db,
      createFilesystemStorage(join(scratch, "uploads")),
      {
        seed: 11,
        clients: Math.max(clientUsers, 50),
        loans,
        now: new Date(),
        password,
        documents: false,
      },
    );
    const people = await database.db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.role, "client"))
      .orderBy(asc(user.email))
      .limit(clientUsers);
    const owned = await database.db
      .select({ id: loanRequests.id, userId: loanRequests.userId })
      .from(loanRequests)
      .where(
        inArray(
          loanRequests.userId,
          people.map((person) => person.id),
        ),
      );
    const queue = await database.db
      .select({ id: loanRequests.id, status: loanRequests.status })
      .from(loanRequests)
      .where(and(inArray(loanRequests.status, ["pending", "in_review"])))
      .orderBy(asc(loanRequests.id));
    console.log(
      `  données : ${summary.clients} clients, ${summary.loans} demandes (${queue.length} en attente ou en cours d'examen), ${summary.officers.length} officiers`,
    );
    return {
      clients: people.map((person) => ({
        email: person.email,
        loanIds: owned.filter((loan) => loan.userId === person.id).map((loan) => loan.id),
      })),
      officers: summary.officers.map((officer) => officer.email),
      queue: queue as Seeded["queue"],
    };
  } finally {
    await database.close();
    await lock?.release();
  }
}

/** Latencies by kind of request, and every unexpected answer by kind and status. */
class Tally {
  samples = new Map<string, number[]>();
  errors = new Map<string, { count: number; first: string }>();
  /** The slowest requests, with when they were sent: a tail at the start is a cold start. */
  slowest: Array<{ kind: string; sentAt: number; ms: number }> = [];

  sample(kind: string, ms: number, sentAt: number) {
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
    this.slowest.push({ kind, sentAt, ms });
    if (this.slowest.length > 50) {
      this.slowest.sort((a, b) => b.ms - a.ms);
      this.slowest.length = 5;
    }
  }

  error(kind: string, what: string, detail: string) {
    const key = `${kind} -> ${what}`;
    const entry = this.errors.get(key) ?? { count: 0, first: detail.slice(0, 200) };
    entry.count += 1;
    this.errors.set(key, entry);
  }

  get errorCount() {
    return [...this.errors.values()].reduce((total, entry) => total + entry.count, 0);
  }
}

/** One request, timed; the answer's body when its status is the expected one, else undefined. */
async function call(
  tally: Tally,
  kind: string,
  url: string,
  init: RequestInit,
  expected: number,
): Promise<{ body: string; headers: Headers } | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    const body = await response.text();
    tally.sample(kind, performance.now() - started, started);
    if (response.status !== expected) {
      tally.error(kind, String(response.status), body);
      return undefined;
    }
    return { body, headers: response.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    tally.error(kind, cause?.code ?? "erreur réseau", String(error));
    return undefined;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => pause(Math.random() * 2 * thinkMs);

async function clientLoop(
  tally: Tally,
  origin: string,
  cookie: string,
  loanIds: number[],
  endAt: number,
) {
  const headers = { cookie, origin };
  while (performance.now() < endAt) {
    await think();
    const roll = Math.random();
    if (roll < 0.3) {
      await call(tally, "GET /api/me", `${origin}/api/me`, { headers }, 200);
    } else if (roll < 0.6) {
      await call(tally, "GET /api/loans", `${origin}/api/loans`, { headers }, 200);
    } else if (roll < 0.8 && loanIds.length > 0) {
      const id = loanIds[Math.floor(Math.random() * loanIds.length)];
      await call(tally, "GET /api/loans/:id", `${origin}/api/loans/${id}`, { headers }, 200);
    } else {
      await upload(tally, origin, headers);
    }
  }
}

async function upload(tally: Tally, origin: string, headers: Record<string, string>) {
  const tus = { ...headers, "tus-resumable": "1.0.0" };
  const created = await call(
    tally,
    "POST /api/uploads",
    `${origin}/api/uploads`,
    {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": String(uploadBytes.length),
        "upload-metadata": `filename ${Buffer.from("releve.pdf").toString("base64")}`,
      },
    },
    201,
  );
  const location = created?.headers.get("location");
  if (!location) return;
  const patched = await call(
    tally,
    "PATCH /api/uploads/:id",
    `${origin}${location}`,
    {
      method: "PATCH",
      headers: {
        ...tus,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body: new Uint8Array(uploadBytes),
    },
    200,
  );
  if (!patched) return;
  await call(
    tally,
    "DELETE /api/uploads/:id",
    `${origin}${location}`,
    { method: "DELETE", headers: tus },
    204,
  );
}

async function officerLoop(
  tally: Tally,
  origin: string,
  cookie: string,
  queue: Seeded["queue"],
  endAt: number,
) {
  const headers = { cookie, origin };
  while (performance.now() < endAt) {
    await think();
    const roll = Math.random();
    if (roll < 0.4) {
      await call(tally, "GET /api/admin/loans", `${origin}/api/admin/loans`, { headers }, 200);
    } else if (roll < 0.7) {
      const id = queue[Math.floor(Math.random() * queue.length)]?.id ?? 1;
      await call(
        tally,
        "GET /api/admin/loans/:id",
        `${origin}/api/admin/loans/${id}`,
        { headers },
        200,
      );
    } else {
      // Taken off the shared queue while this officer works on it: no other officer has it.
      const loan = queue.shift();
      if (!loan) continue;
      const to = loan.status === "pending" ? "in_review" : "rejected";
      const changed = await call(
        tally,
        "POST /api/admin/loans/:id/status",
        `${origin}/api/admin/loans/${loan.id}/status`,
        {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({
            from: loan.status,
            to,
            ...(to === "rejected"
              ? { rejectionReason: "Capacité de remboursement insuffisante" }
              : {}),
          }),
        },
        200,
      );
      if (changed && to === "in_review") queue.push({ id: loan.id, status: "in_review" });
    }
  }
}

/** The server's memory: RSS from /proc, heap from the preloaded probe. */
async function memoryOf(server: RunningServer, file: string) {
  rmSync(file, { force: true });
  server.child.kill("SIGUSR2");
  for (let waited = 0; !existsSync(file) && waited < 5_000; waited += 20) await pause(20);
  const usage = JSON.parse(readFileSync(file, "utf8")) as {
    heapUsed: number;
    heapTotal: number;
    loop: { p99: number; max: number };
  };
  const mib = (bytes: number) => bytes / 1024 / 1024;
  return {
    rss: await rssMiB(server.child.pid),
    heapUsed: mib(usage.heapUsed),
    heapTotal: mib(usage.heapTotal),
    /** The event loop's delay since the previous reading (the load, for the one after it). */
    loop: usage.loop,
  };
}

/** Signs the users in (a few at a time: each sign-in checks a password hash on purpose). */
async function inBatches<T, R>(
  items: T[],
  size: number,
  run: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(
      ...(await Promise.all(
        items.slice(start, start + size).map((item, at) => run(item, start + at)),
      )),
    );
  }
  return results;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function runOne(kind: Kind): Promise<number> {
  const scratch = mkdtempSync(join(tmpdir(), "pret-bench-soak-"));
  const target = kind === "postgres" ? postgresTarget("soak_bench") : undefined;
  let created = false;
  const servers: RunningServer[] = [];
  try {
    if (target) {
      await maintenanceQuery(target.maintenance, `create database ${quoted(target.name)}`);
      created = true;
      console.log(`\n== PostgreSQL (base jetable ${target.name}), ${instances} instance(s)`);
    } else {
      console.log(`\n== PGlite (dossier jetable ${scratch})`);
    }
    const env = (name: string): Record<string, string> => ({
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
      DATA_DIR: join(scratch, name),
      ...(target ? { DATABASE_URL: target.url } : {}),
      // One secret for every instance: each accepts the others' session cookies.
      AUTH_SECRET: "bench-soak-secret-shared-by-every-instance",
      BENCH_MEMORY_FILE: join(scratch, `memory-${name}.json`),
    });
    const seeded = await seedDatabase(env(target ? "seed" : "data"), scratch);
    const names = Array.from({ length: instances }, (_, index) => (target ? `i${index}` : "data"));
    for (const name of names) {
      servers.push(
        await startServer(env(name), values.server, [
          "--import",
          "./scripts/bench/memory-probe.mjs",
        ]),
      );
    }
    const originOf = (index: number) => (servers[index % servers.length] as RunningServer).url;

    // Officers: each enrols a second factor once (signIn does it at an officer's first sign-in);
    // its officer users share that session (tabs).
    const officerCookies: string[] = [];
    for (const [index, email] of seeded.officers.entries()) {
      officerCookies.push(await signIn(originOf(index), email, password));
    }
    const signedIn = performance.now();
    const clientCookies = await inBatches(seeded.clients, 8, (client, index) =>
      signIn(originOf(index), client.email, password),
    );
    console.log(
      `  ${clientCookies.length} clients et ${officerUsers} officiers (sur ${officerCookies.length} comptes) connectés en ${((performance.now() - signedIn) / 1000).toFixed(1)} s`,
    );

    const memory = () =>
      Promise.all(
        servers.map((server, index) =>
          memoryOf(server, env(names[index] as string).BENCH_MEMORY_FILE as string),
        ),
      );
    const before = await memory();
    const tally = new Tally();
    const startedAt = performance.now();
    const endAt = startedAt + seconds * 1000;
    const queueLength = seeded.queue.length;
    await Promise.all([
      ...seeded.clients.map((client, index) =>
        clientLoop(tally, originOf(index), clientCookies[index] as string, client.loanIds, endAt),
      ),
      ...Array.from({ length: officerUsers }, (_, index) =>
        officerLoop(
          tally,
          originOf(index),
          officerCookies[index % officerCookies.length] as string,
          seeded.queue,
          endAt,
        ),
      ),
    ]);
    const elapsed = (performance.now() - startedAt) / 1000;
    const after = await memory();

    const total = [...tally.samples.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(
      `  ${users} utilisateurs (${clientUsers} clients, ${officerUsers} officiers) pendant ${elapsed.toFixed(1)} s : ${total} requêtes (${(total / elapsed).toFixed(0)}/s), ${tally.errorCount} erreurs ; ${queueLength - seeded.queue.length} demandes sorties de la file des officiers`,
    );
    const cells = (row: string[]) =>
      `  ${(row[0] ?? "").padEnd(34)}${row
        .slice(1)
        .map((value) => value.padStart(10))
        .join("")}`;
    console.log(cells(["requête", "nombre", "p50", "p99", "max"]));
    for (const [name, list] of [...tally.samples].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        cells([
          name,
          String(list.length),
          `${percentile(sorted, 50).toFixed(0)} ms`,
          `${percentile(sorted, 99).toFixed(0)} ms`,
          `${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms`,
        ]),
      );
    }
    for (const [index, server] of servers.entries()) {
      const [b, a] = [before[index], after[index]];
      if (!b || !a) continue;
      console.log(
        `  mémoire ${servers.length > 1 ? `de l'instance ${index + 1} ` : ""}(pid ${server.child.pid}) : RSS ${b.rss.toFixed(0)} -> ${a.rss.toFixed(0)} Mio, tas utilisé ${b.heapUsed.toFixed(0)} -> ${a.heapUsed.toFixed(0)} Mio (tas réservé ${b.heapTotal.toFixed(0)} -> ${a.heapTotal.toFixed(0)} Mio) ; boucle d'événements bloquée pendant la charge : p99 ${a.loop.p99.toFixed(0)} ms, max ${a.loop.max.toFixed(0)} ms`,
      );
    }
    const slowest = [...tally.slowest].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `  les plus lentes : ${slowest
        .map(
          (entry) =>
            `${entry.kind} envoyée à ${((entry.sentAt - startedAt) / 1000).toFixed(1)} s (${entry.ms.toFixed(0)} ms)`,
        )
        .join(" ; ")}`,
    );
    if (tally.errorCount > 0) {
      console.log("  erreurs :");
      for (const [key, { count, first }] of tally.errors) {
        console.log(`    ${count} x ${key} (première : ${first})`);
      }
    }
    return tally.errorCount;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (created && target) {
      await maintenanceQuery(target.maintenance, `drop database if exists ${quoted(target.name)}`);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (!existsSync(values.server)) {
  console.error(`${values.server} absent : lancez d'abord npm run build (ou npm run build:server)`);
  process.exit(1);
}
if (!Number.isInteger(instances) || instances < 1) {
  console.error("--instances est un nombre entier positif");
  process.exit(1);
}
if (instances > 1 && values.only !== "postgres") {
  console.error(
    "--instances au-delà de 1 demande --only postgres (PGlite : un processus par DATA_DIR)",
  );
  process.exit(1);
}
console.log(
  `bench:soak — ${users} utilisateurs, ${seconds} s, pause moyenne ${thinkMs} ms ; machine : ${availableParallelism()} processeurs, charge ${(loadavg()[0] ?? 0).toFixed(1)} sur 1 min`,
);
let errors = 0;
for (const kind of (["pglite", "postgres"] as const).filter(
  (kind) => !values.only || values.only === kind,
)) {
  errors += await runOne(kind);
}
process.exit(errors > 0 ? 1 : 0);
