// What a signed-in read costs next to the health check, through the real HTTP routes of the built
// server (a process of its own), on PGlite and on PostgreSQL:
//   GET /api/health        one `select 1`: the floor of a request
//   GET /api/me            the session check and the profile
//   GET /api/loans         the client's requests (first page)
//   GET /api/admin/loans   the officers' list (first page, no filter)
//   GET /client, GET /admin/prets   a signed-in page rendered by the server with its user's data
//                          (React Router's handler, src/server/pages/render-page.ts), next to a
//                          prerendered page (/a-propos: the file the build wrote); not held to
//                          --strict's share, a page is several reads and a render (needs
//                          npm run build)
// Each database is throwaway: a temporary DATA_DIR for PGlite; for PostgreSQL a database created
// on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/api_bench_<pid>) and
// dropped at the end. Both are seeded with demo data (BENCH_CLIENTS clients, BENCH_LOANS requests,
// three officers), the client and the officer sign in through /api/session, then autocannon
// sends each route from 20 connections: a warm-up, then the measured run.
// The routes are measured in turn, --rounds times (2), and each keeps its best round: on a shared
// machine another process's burst lowers one round, never raises one. Beside the throughput, the
// CPU each request cost (Linux /proc): the server process, and PostgreSQL's backends serving it
// when the server is local; "% s. CPU" is the health check's CPU per request over the route's,
// what the share would be on a machine doing nothing else (the load generator left out). It
// moves much less than the throughput when other processes compete for the processors.
// Options: --duration S (measured seconds per route, 5), --warmup S (2), --connections N (20),
// --rounds N, --only pglite|postgres, --server FILE (another build, e.g. a copy of the previous
// one kept as build/server/before.js, to compare both on one machine), --strict (exit 1 when a
// signed-in read is under 40 % of the health check's requests per second in the same run).
// --instances 2: on PostgreSQL only, one instance and then two server processes on the same
// database (a session made through the first used on both), the signed-in reads measured through
// one, then through both at once (the connections split between them, each route's requests
// summed), in the same run; nothing else is measured then.
// The server is not built here: npm run build:server first.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { count, desc, eq } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../../src/server/config";
import { loanRequests, user } from "../../src/server/db/schema";
import { openPlatformDatabase } from "../../src/server/platform";
import { createFilesystemStorage } from "../../src/server/storage/filesystem-storage";
import { writeDemoData } from "../seed/write";
import { maintenanceQuery, postgresTarget, quoted } from "./bench-database";
import { signIn, startServer } from "./server-process";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "20" },
    rounds: { type: "string", default: "2" },
    only: { type: "string" },
    strict: { type: "boolean", default: false },
    server: { type: "string", default: "build/server/main.js" },
    instances: { type: "string", default: "1" },
  },
  strict: true,
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
/** A signed-in read should cost little more than the query it needs: at least this share. */
const targetShare = 0.4;
const seed = 7;
const password = "Baobab-Demo-2026";
const clients = Number(process.env.BENCH_CLIENTS ?? 120);
const loans = Number(process.env.BENCH_LOANS ?? 480);

type Kind = "pglite" | "postgres";
type Who = "anonymous" | "client" | "officer";
type Route = { label: string; path: string; who: Who; page?: true };

const routes: Route[] = [
  { label: "GET /api/health", path: "/api/health", who: "anonymous" },
  { label: "GET /api/me", path: "/api/me", who: "client" },
  { label: "GET /api/loans (client)", path: "/api/loans", who: "client" },
  { label: "GET /api/admin/loans", path: "/api/admin/loans", who: "officer" },
  { label: "GET /a-propos (fichier)", path: "/a-propos", who: "anonymous", page: true },
  { label: "GET /client (rendue)", path: "/client", who: "client", page: true },
  { label: "GET /admin/prets (rendue)", path: "/admin/prets", who: "officer", page: true },
];

type Row = Route & {
  perSecond: number;
  p50: number;
  p99: number;
  share: number;
  /** Microseconds of CPU per request: the server process, and PostgreSQL's backends. */
  serverCpu: number;
  databaseCpu: number;
  /** The health check's CPU per request over this route's: the share a machine of its own gives. */
  cpuShare: number;
};

/** The PostgreSQL backends connected to the benchmark's database (the server's pool). */
async function backendsOf(target: { maintenance: string; name: string }): Promise<number[]> {
  const client = new pg.Client({ connectionString: target.maintenance });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [target.name],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Seeds the demo set; returns the e-mail of the client with the most requests. */
async function seedDatabase(env: Record<string, string>, scratch: string): Promise<string> {
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...env });
  const { database, lock } = await openPlatformDatabase(config, { purpose: "mesure bench:api" });
  try {
    await writeDemoData(database.db, createFilesystemStorage(join(scratch, "uploads")), {
      seed,
      clients,
      loans,
      now: new Date(),
      password,
      documents: false,
    });
    const [busiest] = await database.db
      .select({ userId: loanRequests.userId, value: count() })
      .from(loanRequests)
      .groupBy(loanRequests.userId)
      .orderBy(desc(count()))
      .limit(1);
    if (!busiest) throw new Error("no request was seeded");
    const [row] = await database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, busiest.userId));
    if (!row) throw new Error("the busiest client has no account");
    console.log(
      `  données : ${clients} clients, ${loans} demandes ; le client mesuré en a ${busiest.value}`,
    );
    return row.email;
  } finally {
    await database.close();
    await lock?.release();
  }
}

function cannon(url: string, cookie: string | undefined, seconds: number) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
}

/** Linux's clock ticks per second (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const ticksPerSecond = 100;

/** CPU seconds used so far by these processes (user + system), from /proc; NaN if unreadable. */
async function cpuSeconds(pids: number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name: state is the 3rd field, utime the 14th, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    } catch {
      return Number.NaN;
    }
  }
  return total;
}

/** The server process, and the PostgreSQL backends serving its pool (same machine only). */
type Processes = { server: number; database: () => Promise<number[]> };

async function measure(
  origin: string,
  route: Route,
  cookie: string | undefined,
  processes: Processes,
) {
  const url = `${origin}${route.path}`;
  // Once by hand: a wrong answer must fail the run, not be measured.
  const check = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (check.status !== 200) {
    throw new Error(`${route.label}: ${check.status} ${await check.text()}`);
  }
  const body = await check.text();
  // A signed-in page must be the one rendered for its user (its data in the page's context).
  if (route.page && cookie !== undefined && !body.includes("__reactRouterContext")) {
    throw new Error(`${route.label}: la page n'est pas celle rendue pour son utilisateur`);
  }
  if (warmup > 0) await cannon(url, cookie, warmup);
  // After the warm-up the pool's connections are open: their backends are the ones measured.
  const backends = await processes.database();
  const before = [await cpuSeconds([processes.server]), await cpuSeconds(backends)];
  const result = await cannon(url, cookie, duration);
  const after = [await cpuSeconds([processes.server]), await cpuSeconds(backends)];
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${route.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const perRequest = (index: number) =>
    (((after[index] as number) - (before[index] as number)) / result.requests.total) * 1e6;
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpu: perRequest(0),
    databaseCpu: backends.length > 0 ? perRequest(1) : 0,
  };
}

async function runOne(kind: Kind): Promise<Row[] | undefined> {
  const scratch = mkdtempSync(join(tmpdir(), "pret-bench-api-"));
  const target = kind === "postgres" ? postgresTarget() : undefined;
  let created = false;
  try {
    if (kind === "postgres") {
      if (!target) throw new Error("BENCH_DATABASE_URL must name a database");
      try {
        await maintenanceQuery(target.maintenance, `create database ${quoted(target.name)}`);
        created = true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.log(`\n== PostgreSQL : ignoré (${target.name} ne peut être créée : ${reason})`);
        return undefined;
      }
      console.log(`\n== PostgreSQL (base jetable ${target.name})`);
    } else {
      console.log(`\n== PGlite (dossier jetable ${scratch})`);
    }
    const dataDir = join(scratch, "data");
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(target ? { DATABASE_URL: target.url } : {}),
    };
    const clientEmail = await seedDatabase(env, scratch);

    const server = await startServer(
      {
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        RATE_LIMIT_DISABLED: "true",
        ...env,
      },
      values.server,
    );
    try {
      const cookies: Record<Who, string | undefined> = {
        anonymous: undefined,
        client: await signIn(server.url, clientEmail, password),
        officer: await signIn(server.url, "fatou.diop@demo.horizoncredit.africa", password),
      };
      const processes: Processes = {
        server: server.child.pid ?? 0,
        database: async () => (target ? await backendsOf(target) : []),
      };
      // Each route keeps its best round: the highest throughput (with that round's latencies)
      // and, apart, the lowest CPU per request.
      const best = new Map<Route, Awaited<ReturnType<typeof measure>>>();
      for (let round = 0; round < rounds; round += 1) {
        for (const route of routes) {
          const result = await measure(server.url, route, cookies[route.who], processes);
          const previous = best.get(route);
          if (!previous) {
            best.set(route, result);
            continue;
          }
          const cpu = {
            serverCpu: Math.min(previous.serverCpu, result.serverCpu),
            databaseCpu: Math.min(previous.databaseCpu, result.databaseCpu),
          };
          best.set(route, {
            ...(result.perSecond > previous.perSecond ? result : previous),
            ...cpu,
          });
        }
      }
      const measured = routes.map((route) => ({
        ...route,
        ...(best.get(route) as Awaited<ReturnType<typeof measure>>),
      }));
      const [health] = measured;
      const cpuOf = (row: { serverCpu: number; databaseCpu: number }) =>
        row.serverCpu + row.databaseCpu;
      return measured.map((row) => ({
        ...row,
        share: row.perSecond / (health?.perSecond ?? Number.NaN),
        cpuShare: (health ? cpuOf(health) : Number.NaN) / cpuOf(row),
      }));
    } finally {
      await server.stop();
    }
  } finally {
    if (created && target) {
      await maintenanceQuery(target.maintenance, `drop database if exists ${quoted(target.name)}`);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

function printTable(rows: Row[], kind: Kind) {
  const cells = (values: string[]) =>
    `  ${(values[0] ?? "").padEnd(26)}${values
      .slice(1)
      .map((value) => value.padStart(10))
      .join("")}`;
  const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
  console.log(
    cells(["route", "req/s", "p50", "p99", "% santé", "CPU srv", "CPU base", "% s. CPU"]),
  );
  for (const row of rows) {
    console.log(
      cells([
        row.label,
        row.perSecond.toFixed(0),
        `${row.p50} ms`,
        `${row.p99} ms`,
        percent(row.share),
        `${row.serverCpu.toFixed(0)} µs`,
        kind === "postgres" ? `${row.databaseCpu.toFixed(0)} µs` : "-",
        percent(row.cpuShare),
      ]),
    );
  }
}

/** The same route through several servers at once, the connections split between them. */
async function measureSplit(origins: string[], route: Route, cookie: string | undefined) {
  const share = Math.max(1, Math.round(connections / origins.length));
  const urls = origins.map((origin) => `${origin}${route.path}`);
  if (warmup > 0) {
    await Promise.all(
      urls.map((url) =>
        autocannon({
          url,
          connections: share,
          duration: warmup,
          headers: cookie ? { cookie } : {},
        }),
      ),
    );
  }
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({ url, connections: share, duration, headers: cookie ? { cookie } : {} }),
    ),
  );
  for (const result of results) {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${route.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
  }
  return {
    perSecond: results.reduce((total, result) => total + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  };
}

/**
 * One instance, then two on one PostgreSQL database, for the signed-in reads (issue 16): the
 * second instance is started before the first measurement and stays idle during it, so both
 * figures come from the same database, data and machine.
 */
async function compareInstances(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), "pret-bench-api-"));
  const target = postgresTarget();
  if (!target) throw new Error("BENCH_DATABASE_URL must name a database");
  await maintenanceQuery(target.maintenance, `create database ${quoted(target.name)}`);
  try {
    console.log(`\n== PostgreSQL, une puis deux instances (base jetable ${target.name})`);
    const env = (name: string): Record<string, string> => ({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      RATE_LIMIT_DISABLED: "true",
      DATA_DIR: join(scratch, name),
      DATABASE_URL: target.url,
      // One secret for both: each accepts the other's session cookies.
      AUTH_SECRET: "bench-api-secret-shared-by-both-instances",
    });
    const clientEmail = await seedDatabase(env("seed"), scratch);
    const [first, second] = await Promise.all([
      startServer(env("a"), values.server),
      startServer(env("b"), values.server),
    ]);
    try {
      const cookies: Record<Who, string | undefined> = {
        anonymous: undefined,
        client: await signIn(first.url, clientEmail, password),
        officer: await signIn(first.url, "fatou.diop@demo.horizoncredit.africa", password),
      };
      const processes: Processes = {
        server: first.child.pid ?? 0,
        database: async () => await backendsOf(target),
      };
      const signedIn = routes.filter((route) => route.who !== "anonymous" && !route.page);
      const rows: Array<{
        label: string;
        one: Awaited<ReturnType<typeof measureSplit>>;
        two: Awaited<ReturnType<typeof measureSplit>>;
      }> = [];
      for (const route of signedIn) {
        // A session made through the first instance is read by the second.
        const check = await fetch(`${second.url}${route.path}`, {
          headers: { cookie: cookies[route.who] ?? "" },
        });
        if (check.status !== 200)
          throw new Error(`${route.label} via the second instance: ${check.status}`);
        await check.arrayBuffer();
        let one: Awaited<ReturnType<typeof measureSplit>> | undefined;
        let two: Awaited<ReturnType<typeof measureSplit>> | undefined;
        for (let round = 0; round < rounds; round += 1) {
          const single = await measure(first.url, route, cookies[route.who], processes);
          if (!one || single.perSecond > one.perSecond) one = single;
          const both = await measureSplit([first.url, second.url], route, cookies[route.who]);
          if (!two || both.perSecond > two.perSecond) two = both;
        }
        rows.push({
          label: route.label,
          one: one as NonNullable<typeof one>,
          two: two as NonNullable<typeof two>,
        });
      }
      const cells = (values: string[]) =>
        `  ${(values[0] ?? "").padEnd(26)}${values
          .slice(1)
          .map((value) => value.padStart(15))
          .join("")}`;
      console.log(
        cells(["route", "1 inst. req/s", "p50", "p99", "2 inst. req/s", "p50", "p99", "rapport"]),
      );
      for (const row of rows) {
        console.log(
          cells([
            row.label,
            row.one.perSecond.toFixed(0),
            `${row.one.p50} ms`,
            `${row.one.p99} ms`,
            row.two.perSecond.toFixed(0),
            `${row.two.p50} ms`,
            `${row.two.p99} ms`,
            `x ${(row.two.perSecond / row.one.perSecond).toFixed(2)}`,
          ]),
        );
      }
      console.log(
        `  (${availableParallelism()} processeurs pour les deux serveurs, PostgreSQL et le générateur de charge : le rapport dit ce que la machine laisse, pas ce que deux machines donneraient)`,
      );
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  } finally {
    await maintenanceQuery(target.maintenance, `drop database if exists ${quoted(target.name)}`);
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (!existsSync(values.server)) {
  console.error(`${values.server} absent : lancez d'abord npm run build (ou npm run build:server)`);
  process.exit(1);
}
console.log(
  `bench:api — ${connections} connexions, ${warmup} s de chauffe puis ${duration} s par route, meilleur de ${rounds} tours ; ` +
    `machine : ${availableParallelism()} processeurs, charge ${(loadavg()[0] ?? 0).toFixed(1)} sur 1 min`,
);
if (values.instances === "2") {
  await compareInstances();
  process.exit(0);
} else if (values.instances !== "1") {
  console.error("--instances vaut 1 ou 2");
  process.exit(1);
}
const kinds = (["pglite", "postgres"] as const).filter(
  (kind) => !values.only || values.only === kind,
);
let missed = false;
for (const kind of kinds) {
  const rows = await runOne(kind);
  if (!rows) continue;
  printTable(rows, kind);
  const below = rows.filter(
    (row) => row.who !== "anonymous" && !row.page && row.share < targetShare,
  );
  for (const row of below) {
    console.log(`  sous l'objectif (${targetShare * 100} % de la santé) : ${row.label}`);
  }
  if (below.length > 0) missed = true;
}
if (values.strict && missed) process.exit(1);
