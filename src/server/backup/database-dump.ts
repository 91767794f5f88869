import { ident, type SqlSession } from "./sql-session";

// The database's logical dump: every table of the platform's schema as JSON lines (one row per
// line, `to_jsonb(row)` written by PostgreSQL itself), loaded back with
// `jsonb_populate_recordset`. The same SQL runs on PGlite and on a PostgreSQL server, so an
// embedded database's backup restores into a server (the firm's migration path) and the other
// way round. Rows never pass through JavaScript values: bigints, numerics and timestamps keep
// their exact text.

/** drizzle's journal of applied migrations: rebuilt by the migrations on the target. */
const migrationsTable = `drizzle.__drizzle_migrations`;

/** The base tables of the session's schema, by name. */
export async function listTables(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

export async function countRows(session: SqlSession, table: string): Promise<number> {
  const [row] = await session.query<{ n: number }>(
    `select count(*)::int as n from ${ident(table)}`,
  );
  return row?.n ?? 0;
}

/** How many migrations the database has applied, and the hash of the last one (drizzle's). */
export async function migrationLevel(
  session: SqlSession,
): Promise<{ count: number; lastHash: string | null }> {
  const [exists] = await session.query<{ found: boolean }>(
    `select to_regclass('${migrationsTable}') is not null as found`,
  );
  if (!exists?.found) return { count: 0, lastHash: null };
  const rows = await session.query<{ hash: string }>(
    `select hash from ${migrationsTable} order by created_at, id`,
  );
  return { count: rows.length, lastHash: rows.at(-1)?.hash ?? null };
}

/**
 * Calls `onLines` with the table's rows as JSON text, a batch at a time, through a cursor: the
 * caller's transaction (its snapshot) must be open. Resolves to the number of rows.
 */
export async function dumpTable(
  session: SqlSession,
  table: string,
  onLines: (lines: string[]) => Promise<void>,
  batchSize = 2000,
): Promise<number> {
  await session.query(
    `declare backup_rows no scroll cursor for select to_jsonb(t)::text as line from ${ident(table)} t`,
  );
  let rows = 0;
  try {
    for (;;) {
      const batch = await session.query<{ line: string }>(
        `fetch forward ${batchSize} from backup_rows`,
      );
      if (batch.length === 0) break;
      rows += batch.length;
      await onLines(batch.map((row) => row.line));
    }
  } finally {
    await session.query("close backup_rows");
  }
  return rows;
}

/** The columns a row can be inserted with (a generated column is computed again). */
export async function insertableColumns(session: SqlSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** Inserts rows given as JSON text (as dumpTable wrote them), identity values included. */
export async function loadRows(
  session: SqlSession,
  table: string,
  columns: string[],
  lines: string[],
): Promise<void> {
  if (lines.length === 0) return;
  const list = columns.map(ident).join(", ");
  await session.query(
    `insert into ${ident(table)} (${list}) overriding system value
     select ${list} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`,
    [`[${lines.join(",")}]`],
  );
}

type ForeignKey = { table: string; name: string; definition: string };

/**
 * Drops the schema's foreign keys and gives back the function that adds them again (validating
 * every row): tables then load in any order, a table that points at itself (a replaced document)
 * included. Run inside the restore's transaction, so nothing is left without them.
 */
export async function suspendForeignKeys(session: SqlSession): Promise<() => Promise<void>> {
  const keys = await session.query<ForeignKey>(
    `select c.conrelid::regclass::text as table, c.conname as name,
            pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
      order by 1, 2`,
  );
  for (const key of keys) {
    await session.query(`alter table ${key.table} drop constraint ${ident(key.name)}`);
  }
  return async () => {
    for (const key of keys) {
      await session.query(
        `alter table ${key.table} add constraint ${ident(key.name)} ${key.definition}`,
      );
    }
  };
}

/**
 * Disables the schema's own triggers (not the constraints' internal ones) for the load and gives
 * back the function that enables them again: the rows are restored as they were archived, derived
 * columns included. Left on, loan_requests' BEFORE INSERT trigger (0012) would recompute a
 * request's search text from a client not loaded yet, and the user table's would announce every
 * restored account (0006). In the restore's transaction.
 */
export async function suspendTriggers(session: SqlSession): Promise<() => Promise<void>> {
  const tables = await session.query<{ table: string }>(
    `select distinct t.tgrelid::regclass::text as table
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
      order by 1`,
  );
  for (const { table } of tables) await session.query(`alter table ${table} disable trigger user`);
  return async () => {
    for (const { table } of tables) {
      await session.query(`alter table ${table} enable trigger user`);
    }
  };
}

/**
 * Drops the schema's indexes that no constraint owns (the search's trigram indexes, the lists'
 * indexes) and gives back the function that builds them again: one build after the load costs
 * less than keeping them up to date row by row (what pg_restore does too). In the restore's
 * transaction.
 */
export async function suspendIndexes(session: SqlSession): Promise<() => Promise<void>> {
  const indexes = await session.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema()
        and indexname not in (
          select conname from pg_constraint where connamespace = current_schema()::regnamespace
        )
      order by indexname`,
  );
  for (const index of indexes) await session.query(`drop index ${ident(index.name)}`);
  return async () => {
    for (const index of indexes) await session.query(index.definition);
  };
}

/** Moves every identity or serial sequence past the largest value restored. */
export async function resetSequences(session: SqlSession): Promise<void> {
  const columns = await session.query<{ table: string; column: string; sequence: string }>(
    `select table_name as table, column_name as column,
            pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = current_schema()
        and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
  );
  for (const { table, column, sequence } of columns) {
    await session.query(
      `select setval($1, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`,
      [sequence],
    );
  }
}

/**
 * Removes everything the platform made in the session's schema (tables, functions, the
 * migrations' journal): the restore then rebuilds it with the archive's migrations. Only called
 * on an empty database or when the operator said --replace.
 */
export async function dropPlatformSchema(session: SqlSession): Promise<void> {
  const [schema] = await session.query<{ name: string }>("select current_schema() as name");
  if (!schema) throw new Error("no current schema");
  await session.query("drop schema if exists drizzle cascade");
  await session.query(`drop schema ${ident(schema.name)} cascade`);
  await session.query(`create schema ${ident(schema.name)}`);
}
