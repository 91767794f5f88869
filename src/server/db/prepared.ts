import { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./client";

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database and kept: Drizzle then skips rebuilding its SQL from the
 * query tree on every call (a large share of a short request's time), and with a `name`
 * node-postgres prepares it once per connection, so PostgreSQL skips parsing it too. Keep to
 * statements whose plan does not depend on the values: PostgreSQL may settle on one generic plan
 * for a named statement after a few executions.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(key, statement);
  }
  return statement;
}

/** The embedded database (PGlite), whose driver never names a statement. */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/** What keepingPlan needs of a Drizzle query: its SQL, and a prepared statement of it. */
type PreparableQuery<T> = {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T[]> };
};

/**
 * A prepared statement whose plan the database may keep, on both databases. PostgreSQL plans a
 * statement's first five executions for their values, then keeps one generic plan if its
 * estimate is no higher (a plan the values could make worse is kept only when the estimate says
 * so: keep to statements whose indexes serve every value alike).
 * - PostgreSQL: a named statement, which node-postgres prepares once per connection.
 * - PGlite: its driver sends every statement unnamed, planned anew (there, planning a join costs
 *   more than running it). The statement is PREPAREd once in its only session under `name` (an
 *   identifier) and run by EXECUTE, its values written as literals, through PGlite's simple
 *   protocol (one message instead of five).
 * The rows: each selected key with its value as the driver parses it (PGlite's own parsers; on
 * PostgreSQL, node-postgres's through Drizzle): keep to `sql` values aliased by their key.
 */
export function keepingPlan<T>(
  db: Db,
  name: string,
  query: PreparableQuery<T>,
): { execute(values: Record<string, unknown>): Promise<T[]> } {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return query.prepare(name);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  const { sql: text, params } = query.toSQL();
  let ready: Promise<unknown> | undefined;
  return {
    async execute(values) {
      ready ??= client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const literals = fillPlaceholders(params, values).map(literal).join(", ");
      const [result] = await client.exec(`execute ${name}(${literals})`);
      return (result?.rows ?? []) as T[];
    },
  };
}

/** A value as an SQL literal: integers, instants and text only (pg's escaping for text). */
function literal(value: unknown): string {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === "string") return pg.escapeLiteral(value);
  throw new Error(`no SQL literal for ${typeof value}`);
}
