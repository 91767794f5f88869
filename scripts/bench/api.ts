// What a signed-in read costs next to the health check, through the real HTTP routes of the built
// server (a process of its own), on PGlite and on PostgreSQL:
//   GET /api/health        one `select 1`: the floor of a request
//   GET /api/me            the session check and the profile
//   GET /api/loans         the client's requests (first page)
//   GET /api/admin/loans   the officers' list (first page, no filter)
// Each database is throwaway: a temporary DATA_DIR for PGlite; for PostgreSQL a database created
// on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/api_bench_<pid>) and
// dropped at the end. Both are seeded with demo data (BENCH_CLIENTS clients, BENCH_LOANS requests,
// three officers), the client and the officer sign in through /api/session, then autocannon
// sends each route from 20 connections: a warm-up, then the measured run.
// The routes are measured in turn, --rounds times (2), and each keeps its best round: on a shared
// machine another process's burst lowers one round, never raises one.
// Options: --duration S (measured seconds per route, 5), --warmup S (2), --connections N (20),
// --rounds N, --only pglite|postgres, --server FILE (another build, e.g. a copy of the previous
// one kept as build/server/before.js, to compare both on one machine), --strict (exit 1 when a
// signed-in read is under 40 % of the health check's requests per second in the same run).
// The server is not built here: npm run build:server first.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
type Route = { label: string; path: string; who: Who };

const routes: Route[] = [
  { label: "GET /api/health", path: "/api/health", who: "anonymous" },
  { label: "GET /api/me", path: "/api/me", who: "client" },
  { label: "GET /api/loans (client)", path: "/api/loans", who: "client" },
  { label: "GET /api/admin/loans", path: "/api/admin/loans", who: "officer" },
];

type Row = Route & { perSecond: number; p50: number; p99: number; share: number };

function postgresTarget(): { url: string; name: string; maintenance: string } | undefined {
  const raw =
    process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/api_bench_${process.pid}`;
  const url = new URL(raw);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) return undefined;
  const maintenance = new URL(raw);
  maintenance.pathname = "/postgres";
  return { url: raw, name, maintenance: maintenance.toString() };
}

async function maintenanceQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

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

async function measure(origin: string, route: Route, cookie: string | undefined) {
  const url = `${origin}${route.path}`;
  // Once by hand: a wrong answer must fail the run, not be measured.
  const check = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (check.status !== 200) {
    throw new Error(`${route.label}: ${check.status} ${await check.text()}`);
  }
  await check.arrayBuffer();
  if (warmup > 0) await cannon(url, cookie, warmup);
  const result = await cannon(url, cookie, duration);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${route.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
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
      const best = new Map<Route, Awaited<ReturnType<typeof measure>>>();
      for (let round = 0; round < rounds; round += 1) {
        for (const route of routes) {
          const result = await measure(server.url, route, cookies[route.who]);
          const previous = best.get(route);
          if (!previous || result.perSecond > previous.perSecond) best.set(route, result);
        }
      }
      const measured = routes.map((route) => ({ ...route, ...(best.get(route) as Row) }));
      const health = measured[0]?.perSecond ?? Number.NaN;
      return measured.map((row) => ({ ...row, share: row.perSecond / health }));
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

function printTable(rows: Row[]) {
  const header = `  ${"route".padEnd(26)} ${"req/s".padStart(8)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"% santé".padStart(8)}`;
  console.log(header);
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(26)} ${row.perSecond.toFixed(0).padStart(8)} ${`${row.p50} ms`.padStart(8)} ${`${row.p99} ms`.padStart(8)} ${`${(row.share * 100).toFixed(0)} %`.padStart(8)}`,
    );
  }
}

if (!existsSync("build/server/main.js")) {
  console.error(
    "build/server/main.js absent : lancez d'abord npm run build (ou npm run build:server)",
  );
  process.exit(1);
}
console.log(
  `bench:api — ${connections} connexions, ${warmup} s de chauffe puis ${duration} s par route, meilleur de ${rounds} tours ; ` +
    `machine : ${availableParallelism()} processeurs, charge ${(loadavg()[0] ?? 0).toFixed(1)} sur 1 min`,
);
const kinds = (["pglite", "postgres"] as const).filter(
  (kind) => !values.only || values.only === kind,
);
let missed = false;
for (const kind of kinds) {
  const rows = await runOne(kind);
  if (!rows) continue;
  printTable(rows);
  const below = rows.filter((row) => row.who !== "anonymous" && row.share < targetShare);
  for (const row of below) {
    console.log(`  sous l'objectif (${targetShare * 100} % de la santé) : ${row.label}`);
  }
  if (below.length > 0) missed = true;
}
if (values.strict && missed) process.exit(1);
