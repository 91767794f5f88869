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
