// The officers' list under load: GET /api/admin/loans for five queries (no filter, a search, a
// status, page 20, a status with a search) through the real HTTP route of the built server (a
// process of its own), 4 officers at once, on PostgreSQL and on PGlite, each next to the same
// query in bare SQL (4 connections) in the same run, with the ratio; then their EXPLAIN ANALYZE.
// Issue 19's target: the route at most 1.5x the bare SQL (p95), on PostgreSQL. The large demo set (20 000 clients, 100 000
// requests, without document files: the list never reads them) is seeded on the first run into
// databases of the benchmark's own and reused afterwards:
//   PostgreSQL  BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/bench_admin, created if missing)
//   PGlite      BENCH_DATA_DIR (<system temporary directory>/pret-bench-admin-list)
// Options: --requests N (per officer, 100), --warmup N (per officer, 20), --only postgres|pglite,
// --reseed (drop the demo set and seed it again), --cpu-prof DIR (the server under node's CPU
// profiler; where its time went is printed).

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { and, eq, inArray, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import { adminLoanPageSize } from "../../src/domain/api/admin-loans";
import { loadConfig } from "../../src/server/config";
import type { Database, Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import { twoFactor, user } from "../../src/server/db/schema";
import { adminLoanListQuery } from "../../src/server/modules/admin-loans/admin-loans.list";
import { openPlatformDatabase } from "../../src/server/platform";
import { createFilesystemStorage } from "../../src/server/storage/filesystem-storage";
import { countDemoData, removeDemoData, writeDemoData } from "../seed/write";
import { summariseCpuProfiles } from "./cpu-profile";
import { signIn, startServer } from "./server-process";

const clients = 20_000;
const loans = 100_000;
const seed = 7;
const password = "Baobab-Demo-2026";
const officers = 4;
const terms = ["kou", "dia", "ama", "fat", "mou", "ndi"];
const targets = { ratio: 1.5 };

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "100" },
    warmup: { type: "string", default: "20" },
    only: { type: "string" },
    reseed: { type: "boolean", default: false },
    /** A directory: the server runs under `node --cpu-prof`; its profile is summarised. */
    "cpu-prof": { type: "string" },
  },
  strict: true,
});
const requestsPerOfficer = Number(values.requests);
const warmupPerOfficer = Number(values.warmup);

type Query = { text: string; values: unknown[] };

/**
 * The list as officers use it: opened without a filter, searched, filtered by status, paged deep,
 * and a status with a search. A search's term changes from one call to the next (`terms`).
 */
type Scenario = { label: string; status?: "pending"; q?: true; page: number };
const scenarios: Scenario[] = [
  { label: "sans filtre, page 1", page: 1 },
  { label: "recherche (q=<trois lettres>)", q: true, page: 1 },
  { label: "statut en attente", status: "pending", page: 1 },
  { label: "sans filtre, page 20", page: 20 },
  { label: "statut en attente + recherche", status: "pending", q: true, page: 1 },
];
const termAt = (i: number) => terms[i % terms.length] as string;

function scenarioUrl(scenario: Scenario, i: number): string {
  const params = new URLSearchParams({ page: String(scenario.page) });
  if (scenario.status) params.set("status", scenario.status);
  if (scenario.q) params.set("q", termAt(i));
  return params.toString();
}

/**
 * The list's statement (one page as JSON, with the exact count) exactly as the route runs it:
 * built by admin-loans' own adminLoanListQuery, not executed, its SQL and parameters taken.
 */
function listQuery(db: Db, scenario: Scenario, i: number): Query {
  const query = adminLoanListQuery({
    db,
    filter: { status: scenario.status, q: scenario.q ? termAt(i) : undefined },
    page: scenario.page,
    pageSize: adminLoanPageSize,
  }).toSQL();
  return { text: query.sql, values: query.params };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

type Stats = { n: number; p50: number; p95: number; max: number };
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, s: Stats) =>
  `  ${label.padEnd(44)} n=${s.n}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`;

/**
 * GET over HTTP/1.1 with kept-alive connections, the body read whole: the route's client kept as
 * lean as the bare side's (node-postgres). fetch's WHATWG machinery (Headers, Response, streams)
 * cost the bench's process 0.4 to 0.8 ms a call, counted against the route (measured on the
 * status query: p50 4.26 ms by fetch against 3.88 ms by node:http, one officer).
 */
function httpGet(
  agent: Agent,
  url: string,
  cookie: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent, headers: { cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Runs `workers` loops at once, each `warmup` untimed then `count` timed calls. */
async function load(
  workers: number,
  warmup: number,
  count: number,
  call: (worker: number, i: number) => Promise<void>,
): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; i < warmup; i += 1) await call(worker, i);
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        await call(worker, warmup + i);
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples;
}

/**
 * `load` for two calls at once: each worker alternates the route and its bare SQL (which one goes
 * first swaps at every call), so that both are timed in the same seconds, under whatever else the
 * machine is doing then. Timed one after the other, minutes apart, their ratio measured the
 * machine's load more than the route (issue 19's measurements, on a shared 2-core machine).
 */
async function loadPaired(
  workers: number,
  warmup: number,
  count: number,
  route: (worker: number, i: number) => Promise<void>,
  bare: (worker: number, i: number) => Promise<void>,
): Promise<{ route: number[]; bare: number[] }> {
  const samples = { route: [] as number[], bare: [] as number[] };
  const timed = async (into: number[], call: () => Promise<void>) => {
    const started = performance.now();
    await call();
    into.push(performance.now() - started);
  };
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; i < warmup + count; i += 1) {
        const first = i % 2 === 0;
        const routeInto = i < warmup ? [] : samples.route;
        const bareInto = i < warmup ? [] : samples.bare;
        if (first) await timed(routeInto, () => route(worker, i));
        await timed(bareInto, () => bare(worker, i));
        if (!first) await timed(routeInto, () => route(worker, i));
      }
    }),
  );
  return samples;
}

async function ensurePostgresDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`  base ${name} créée`);
    }
  } finally {
    await client.end();
  }
}

async function ensureLargeSet(
  database: Database,
  storage: ReturnType<typeof createFilesystemStorage>,
) {
  const existing = await countDemoData(database.db);
  if (!values.reseed && existing.loans >= loans && existing.accounts > clients) {
    console.log(
      `  jeu existant réutilisé : ${existing.accounts} comptes, ${existing.loans} demandes`,
    );
    // The officers enrolled a second factor at a previous run's sign-in (server-process.ts), whose
    // keys went with that process: enrolled again at this run's.
    await database.db
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(and(eq(user.role, "admin"), eq(user.twoFactorEnabled, true)));
    await database.db
      .delete(twoFactor)
      .where(
        inArray(
          twoFactor.userId,
          database.db.select({ id: user.id }).from(user).where(eq(user.role, "admin")),
        ),
      );
    // As the seed leaves it (and autovacuum a table in use): statistics and visibility map.
    await database.db.execute(sql`vacuum analyze "user", loan_requests`);
    return;
  }
  if (existing.accounts > 0) await removeDemoData(database.db, storage);
  console.log(`  écriture du jeu : ${clients} clients, ${loans} demandes (sans fichiers)…`);
  const started = performance.now();
  const summary = await writeDemoData(database.db, storage, {
    seed,
    clients,
    loans,
    now: new Date(),
    password,
    documents: false,
    onProgress: (message) => console.log(`    ${message}`),
  });
  console.log(
    `  écrit en ${((performance.now() - started) / 1000).toFixed(1)} s (${Object.entries(
      summary.timings,
    )
      .map(([step, t]) => `${step} ${(t / 1000).toFixed(1)} s`)
      .join(", ")})`,
  );
}

/** Opens the benchmark's database as the platform does (migrations, DATA_DIR lock). */
async function openBenchDatabase(kind: "postgres" | "pglite", url: string, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    ...(kind === "postgres" ? { DATABASE_URL: url } : {}),
    LOG_LEVEL: "silent",
  });
  return openPlatformDatabase(config, { purpose: "mesure bench:admin-list" });
}

async function runOne(kind: "postgres" | "pglite") {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_admin";
  const dataDir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), "pret-bench-admin-list");
  console.log(`\n== ${kind === "postgres" ? `PostgreSQL (${url})` : `PGlite (${dataDir})`}`);
  if (kind === "postgres") await ensurePostgresDatabase(url);
  const scratch = mkdtempSync(join(tmpdir(), "pret-bench-list-"));
  try {
    // Seeding first, with the database opened here; then closed (and the embedded one's lock
    // released) so that the server can take it.
    {
      const { database, lock } = await openBenchDatabase(kind, url, dataDir);
      try {
        await ensureLargeSet(database, createFilesystemStorage(join(scratch, "uploads")));
      } finally {
        await database.close();
        await lock?.release();
      }
    }

    // The built server in a process of its own, as users run it: the load generator's HTTP
    // client would otherwise share the server's event loop and be counted in its latency.
    const profileDir = values["cpu-prof"] ? join(values["cpu-prof"], kind) : undefined;
    const server = await startServer(
      {
        NODE_ENV: "production",
        // With PostgreSQL, DATA_DIR only holds the generated secrets and the local outbox.
        DATA_DIR: kind === "postgres" ? join(scratch, "data") : dataDir,
        ...(kind === "postgres" ? { DATABASE_URL: url } : {}),
        LOG_LEVEL: "silent",
        RATE_LIMIT_DISABLED: "true",
      },
      undefined,
      profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    );
    let sessionSamples: number[] = [];
    const routeSamples = new Map<string, number[]>();
    const sqlSamples = new Map<string, number[]>();
    // Statements are built (not run) by the list's own code on a drizzle instance of this pool.
    const sqlPool =
      kind === "postgres" ? new pg.Pool({ connectionString: url, max: officers }) : undefined;
    const builder = sqlPool && (drizzlePostgres({ client: sqlPool, schema }) as unknown as Db);
    const routeTotals = new Map<string, Set<number>>();
    // One kept-alive connection per officer, as the bare side has one pg connection each.
    const agent = new Agent({ keepAlive: true, maxSockets: officers });
    try {
      const origin = server.url;
      const { officers: demoOfficers } = await import("../seed/generate").then((m) =>
        m.generatePeople({ seed, clients: 0, loans: 0, now: new Date() }),
      );
      const cookies: string[] = [];
      for (let i = 0; i < officers; i += 1) {
        const officer = demoOfficers[i % demoOfficers.length];
        cookies.push(await signIn(origin, officer?.email ?? "", password));
      }

      console.log(
        `  machine : ${availableParallelism()} processeurs, charge moyenne ${(loadavg()[0] ?? 0).toFixed(1)} sur 1 min (d'autres processus comptent)`,
      );
      // What every admin request pays before the list: HTTP, cookie, session lookup.
      sessionSamples = await load(
        officers,
        warmupPerOfficer,
        requestsPerOfficer,
        async (worker) => {
          const response = await httpGet(agent, `${origin}/api/session`, cookies[worker] as string);
          if (response.status !== 200) throw new Error(`session failed: ${response.status}`);
        },
      );

      for (const scenario of scenarios) {
        const totals = new Set<number>();
        const route = async (worker: number, i: number) => {
          const response = await httpGet(
            agent,
            `${origin}/api/admin/loans?${scenarioUrl(scenario, worker + i)}`,
            cookies[worker] as string,
          );
          const body = JSON.parse(response.body) as { total?: number; items?: unknown[] };
          if (response.status !== 200)
            throw new Error(`list failed: ${response.status} ${JSON.stringify(body)}`);
          if (!scenario.q) totals.add(body.total ?? -1);
        };
        if (sqlPool && builder) {
          // PostgreSQL: the bare statement on the benchmark's own connections, interleaved.
          const connections = sqlPool;
          const both = await loadPaired(
            officers,
            warmupPerOfficer,
            requestsPerOfficer,
            route,
            async (worker, i) => {
              const query = listQuery(builder, scenario, worker + i);
              await connections.query(query.text, query.values);
            },
          );
          routeSamples.set(scenario.label, both.route);
          sqlSamples.set(scenario.label, both.bare);
        } else {
          routeSamples.set(
            scenario.label,
            await load(officers, warmupPerOfficer, requestsPerOfficer, route),
          );
        }
        routeTotals.set(scenario.label, totals);
      }
    } finally {
      agent.destroy();
      await server.stop();
      await sqlPool?.end();
    }

    if (profileDir) {
      console.log(`\n  profil du serveur pendant la charge (${profileDir}) :`);
      for (const row of summariseCpuProfiles(profileDir)) console.log(`    ${row}`);
    }

    // The same statements, without HTTP, auth, validation or JSON: what the database costs.
    const { database, lock } = await openBenchDatabase(kind, url, dataDir);
    try {
      let run: (query: Query) => Promise<unknown[]>;
      let pool: pg.Pool | undefined;
      if (kind === "postgres") {
        pool = new pg.Pool({ connectionString: url, max: officers });
        const connections = pool;
        run = async (q) => (await connections.query(q.text, q.values)).rows;
      } else {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        run = async (q) => (await client.query(q.text, q.values)).rows;
      }
      try {
        // PGlite is one connection, which the server held: its statements run now, one after
        // the other (PostgreSQL's ran beside the route's, above).
        for (const scenario of kind === "pglite" ? scenarios : []) {
          sqlSamples.set(
            scenario.label,
            await load(1, warmupPerOfficer, requestsPerOfficer * officers, async (_, i) => {
              await run(listQuery(database.db, scenario, i));
            }),
          );
        }

        console.log(
          line(`GET /api/session (socle), ${officers} en parallèle`, stats(sessionSamples)),
        );
        const verdicts: boolean[] = [];
        for (const scenario of scenarios) {
          const route = stats(routeSamples.get(scenario.label) ?? []);
          const bare = stats(sqlSamples.get(scenario.label) ?? []);
          // The route's total next to the bare statement's: the same query, the same answer.
          const [row] = (await run(listQuery(database.db, scenario, 0))) as { total: unknown }[];
          const totals = [...(routeTotals.get(scenario.label) ?? [])];
          console.log(
            `\n  ${scenario.label}${totals.length > 0 ? ` (total route ${totals.join("/")}, SQL ${Number(row?.total)})` : ` (total SQL pour « ${termAt(0)} » : ${Number(row?.total)})`}`,
          );
          console.log(line(`route, ${officers} administrateurs`, route));
          console.log(
            line(
              kind === "postgres"
                ? `SQL nu, ${officers} connexions, entrelacé`
                : "SQL nu, une connexion",
              bare,
            ),
          );
          const ok = route.p95 <= targets.ratio * bare.p95;
          verdicts.push(ok);
          console.log(
            `    rapport route / SQL : p50 ${(route.p50 / bare.p50).toFixed(2)}x, p95 ${(route.p95 / bare.p95).toFixed(2)}x${kind === "postgres" ? ` (objectif p95 <= ${targets.ratio}x : ${ok ? "atteint" : "MANQUÉ"})` : ""}`,
          );
        }
        if (kind === "postgres") {
          console.log(
            `\n  objectif (route <= ${targets.ratio}x le SQL nu au p95, pour chaque requête) : ${verdicts.every(Boolean) ? "atteint" : "MANQUÉ"}`,
          );
        }
        for (const scenario of scenarios) {
          const query = listQuery(database.db, scenario, 0);
          console.log(`\n  EXPLAIN (ANALYZE, BUFFERS), ${scenario.label} :`);
          const rows = (await run({
            ...query,
            text: `explain (analyze, buffers) ${query.text}`,
          })) as {
            "QUERY PLAN": string;
          }[];
          for (const row of rows) console.log(`    ${row["QUERY PLAN"]}`);
        }
      } finally {
        await pool?.end();
      }
    } finally {
      await database.close();
      await lock?.release();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// The server measured is the built one: build it from the current sources (esbuild, a second).
execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });

const kinds = (["postgres", "pglite"] as const).filter(
  (kind) => !values.only || values.only === kind,
);
for (const kind of kinds) await runOne(kind);
