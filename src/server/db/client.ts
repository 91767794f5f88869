import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { migrationsFolder } from "../project-root";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database every service receives: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Throws when the database does not answer within the delay. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Embedded database only: calls `onPayload` for each NOTIFY on `channel`, before the statement
   * (or the COMMIT) that sent it returns to its caller. Resolves to the function that stops it.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Embedded database only: a tarball of its data directory, taken at one instant between two
   * statements (a crash-consistent image, as PGlite's clone() makes): a backup taken while the
   * server runs (backup/live-snapshot.ts).
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: a connection of its own, outside the pool, with the pool's settings (for
   * what lives as long as a session: advisory locks held across statements, LISTEN).
   */
  newClient?(): pg.Client;
  /** Flushes (CHECKPOINT on the embedded database) and closes. Safe to call twice. */
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | {
      kind: "pglite";
      dataDir?: string;
      /** A dumpDataDir() tarball to start from (tests: a migrated template, much faster). */
      loadDataDir?: Blob;
    }
  | { kind: "postgres"; url: string; searchPath?: string };

/** The search migration (0002) creates these; PGlite ships them as loadable bundles. */
export const pgliteExtensions = { pg_trgm, unaccent };

/** Opens the embedded PGlite (in memory when no dataDir) or a node-postgres pool. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === "pglite") {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = new PGlite({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: pgliteExtensions,
    });
    await client.waitReady;
    return pgliteDatabase(client);
  }
  const connection = {
    connectionString: options.url,
    connectionTimeoutMillis: 5_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "postgres",
    ping: (timeoutMs) => ping(db, timeoutMs),
    newClient: () => new pg.Client(connection),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The embedded database lives in DATA_DIR/pgdata. */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, "pgdata");
}

async function ping(db: Db, timeoutMs = 3_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Applies the committed SQL migrations in one transaction (drizzle's migrator). With `schema`
 * (tests on PostgreSQL use one schema per file), tables and the migrations journal go there.
 * With `upTo`, only the first `upTo` migrations (a restore rebuilds the schema its archive was
 * made with; the server's next start applies the rest).
 */
export async function migrateDatabase(
  db: Db,
  options: { schema?: string; upTo?: number } = {},
): Promise<void> {
  const folder = migrationsFolder();
  const migrations = readMigrationFiles({ migrationsFolder: folder }).slice(0, options.upTo);
  const target = options.schema;
  if (target && target !== "public") {
    // drizzle-kit qualifies foreign keys with "public"; point them at the target schema instead.
    for (const migration of migrations) {
      migration.sql = migration.sql.map((statement) =>
        statement.replaceAll('"public".', `"${target}".`),
      );
    }
  }
  // Same steps as drizzle-orm/pglite/migrator and drizzle-orm/node-postgres/migrator, which
  // differ only in the driver; the internals are reached once here instead of importing both.
  const internals = db as unknown as {
    dialect: PgDialect;
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's internal session type
    session: PgSession<PgQueryResultHKT, any>;
  };
  await internals.dialect.migrate(migrations, internals.session, {
    migrationsFolder: folder,
    migrationsSchema: target ?? "drizzle",
  });
}

/**
 * Migrations on a PostgreSQL server that several instances may share: one dedicated connection
 * holds an advisory lock for the duration, so two instances starting together apply them once.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migrateDatabase(drizzlePostgres({ client, schema }) as unknown as Db);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    await client.end();
  }
}

/** Any constant: identifies this platform's migration lock among the server's advisory locks. */
const migrationLockKey = 724_110_901;

/**
 * The platform's database on an open PGlite. Tests that reuse one PGlite across files take a new
 * one of these for each (its prepared statements are kept per `db`: db/prepared.ts).
 */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    ping: (timeoutMs) => ping(db, timeoutMs),
    // PGlite parses a statement's NotificationResponse with its result and queues the
    // callbacks first: they run before the awaiting code resumes.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    async dumpDataDir() {
      // Pages flushed first: the image needs less WAL replayed when it is opened.
      await client.exec("CHECKPOINT");
      return client.dumpDataDir("none");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.exec("CHECKPOINT");
      } finally {
        await client.close();
      }
    },
  };
}
