import pg from "pg";

// The throwaway PostgreSQL database a benchmark runs on (bench:api, bench:soak): named by
// BENCH_DATABASE_URL, or <prefix>_<pid> on the local server; created and dropped through the
// server's maintenance database.

export type PostgresTarget = { url: string; name: string; maintenance: string };

export function postgresTarget(prefix = "api_bench"): PostgresTarget | undefined {
  const raw =
    process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${prefix}_${process.pid}`;
  const url = new URL(raw);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) return undefined;
  const maintenance = new URL(raw);
  maintenance.pathname = "/postgres";
  return { url: raw, name, maintenance: maintenance.toString() };
}

export async function maintenanceQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
