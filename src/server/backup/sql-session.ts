import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { type Db, pgliteExtensions } from "../db/client";
import * as schema from "../db/schema";

/**
 * One connection, used by backup and restore: raw SQL (their dump and load are written in SQL
 * that runs unchanged on PGlite and on PostgreSQL) and, for the migrations, Drizzle on the same
 * connection. One connection because a snapshot (or the restore's transaction) belongs to one.
 */
export type SqlSession = {
  kind: "pglite" | "postgres";
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Drizzle over this very connection (for migrateDatabase). */
  db: Db;
  close(): Promise<void>;
};

export type SqlTarget =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob }
  | { kind: "postgres"; url: string };

export async function openSqlSession(target: SqlTarget): Promise<SqlSession> {
  if (target.kind === "pglite") {
    const client = new PGlite({
      dataDir: target.dataDir,
      loadDataDir: target.loadDataDir,
      extensions: pgliteExtensions,
    });
    await client.waitReady;
    let closed = false;
    return {
      kind: "pglite",
      async query<Row>(text: string, params?: unknown[]) {
        return (await client.query<Row>(text, params)).rows;
      },
      db: drizzlePglite({ client, schema }) as unknown as Db,
      async close() {
        if (closed) return;
        closed = true;
        try {
          if (target.dataDir) await client.exec("CHECKPOINT");
        } finally {
          await client.close();
        }
      },
    };
  }
  const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 10_000 });
  // A connection lost mid-way surfaces as the failed query's error, not as a crash.
  client.on("error", () => {});
  await client.connect();
  let closed = false;
  return {
    kind: "postgres",
    async query<Row>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as Row[];
    },
    db: drizzlePostgres({ client, schema }) as unknown as Db,
    async close() {
      if (closed) return;
      closed = true;
      await client.end().catch(() => {});
    },
  };
}

/** "name" quoted as an SQL identifier. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
