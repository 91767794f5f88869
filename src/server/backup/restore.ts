import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrateDatabase } from "../db/client";
import { migrationsFolder } from "../project-root";
import type { Storage } from "../storage/storage";
import { filePrefix, type Manifest, readArchive, verifyArchive } from "./archive";
import {
  countRows,
  dropPlatformSchema,
  insertableColumns,
  listTables,
  loadRows,
  resetSequences,
  suspendForeignKeys,
  suspendIndexes,
  suspendTriggers,
} from "./database-dump";
import type { SqlSession } from "./sql-session";

export type RestoreSummary = {
  source: Manifest["source"];
  createdAt: string;
  manifestSha256: string;
  tables: Array<{ name: string; rows: number }>;
  files: number;
  fileBytes: number;
  /** What --replace removed first. */
  replaced: { rows: number; files: number } | null;
  ms: number;
};

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

const loadBatchRows = 5000;

/**
 * Restores an archive into the session's database and the storage. In order, each step before
 * the next touches anything: the target must be empty (no row, no stored file) unless `replace`;
 * every entry's checksum is verified (DamagedArchiveError); the archive's schema must be one
 * this version knows. Then the schema is rebuilt by the archive's migrations, and rows and files
 * are loaded in one transaction: on failure it is rolled back and the files written removed.
 */
export async function restoreBackup({
  archive,
  session,
  storage,
  replace = false,
  onProgress = () => {},
}: {
  archive: string;
  session: SqlSession;
  storage: Storage;
  replace?: boolean;
  onProgress?: (message: string) => void;
}): Promise<RestoreSummary> {
  const started = performance.now();
  if (session.kind === "postgres") {
    // Another instance writing during the restore would mix its rows with the archive's.
    const [others] = await session.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    if ((others?.n ?? 0) > 0) {
      throw new RestoreRefusedError(
        `${others?.n} autres connexions sont ouvertes sur cette base : arrêtez les serveurs de la plateforme (et tout autre client) avant de restaurer. Rien n'a été modifié.`,
      );
    }
  }
  const present = await targetContents(session, storage);
  if ((present.rows > 0 || present.files > 0) && !replace) {
    throw new RestoreRefusedError(
      `La cible n'est pas vide : ${present.rows} lignes dans la base (${present.tables.join(", ")}), ${present.files} fichiers stockés. Rien n'a été modifié. Restaurez dans une base et un stockage vides, ou relancez avec --replace pour les remplacer par la sauvegarde (les données actuelles seront supprimées).`,
    );
  }

  onProgress("vérification des sommes de contrôle…");
  const manifest = await verifyArchive(archive);
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const level = manifest.migrations.count;
  if (level > migrations.length || migrations[level - 1]?.hash !== manifest.migrations.lastHash) {
    throw new RestoreRefusedError(
      `Cette sauvegarde a été faite par une autre version de la plateforme (schéma à ${level} migrations, inconnu de celle-ci, qui en a ${migrations.length}). Rien n'a été modifié. Restaurez-la avec la version qui l'a faite (ou une plus récente).`,
    );
  }

  let replaced: RestoreSummary["replaced"] = null;
  if (present.rows > 0 || present.files > 0) {
    onProgress("suppression des données actuelles (--replace)…");
    const keys: string[] = [];
    for await (const file of storage.list()) keys.push(file.key);
    for (const key of keys) await storage.delete(key);
    replaced = { rows: present.rows, files: keys.length };
  }
  // Even an empty database may hold a newer schema: rebuilt at the archive's own level.
  await dropPlatformSchema(session);
  await migrateDatabase(session.db, { upTo: level });

  onProgress("chargement des lignes et des fichiers…");
  const written: string[] = [];
  let files = 0;
  let fileBytes = 0;
  const loaded = new Map<string, number>();
  await session.query("begin");
  try {
    await session.query("set local timezone = 'UTC'");
    const restoreForeignKeys = await suspendForeignKeys(session);
    const restoreIndexes = await suspendIndexes(session);
    const restoreTriggers = await suspendTriggers(session);
    const tableOf = new Map(manifest.tables.map((table) => [table.entry, table.name]));
    const targetTables = new Set(await listTables(session));
    await readArchive(archive, async (name, size, body) => {
      const table = tableOf.get(name);
      if (table !== undefined) {
        if (!targetTables.has(table)) {
          throw new RestoreRefusedError(`la table ${table} n'existe pas dans le schéma restauré`);
        }
        loaded.set(table, await loadTable(session, table, body));
        return;
      }
      if (name.startsWith(filePrefix)) {
        const key = name.slice(filePrefix.length);
        written.push(key);
        await storage.put(key, body);
        files += 1;
        fileBytes += size;
        return;
      }
      // The pg_dump entry is for pg_restore by hand; the manifest was read in the first pass.
    });
    for (const table of manifest.tables) {
      if ((loaded.get(table.name) ?? 0) !== table.rows) {
        throw new Error(
          `${table.name} : ${loaded.get(table.name) ?? 0} lignes chargées au lieu de ${table.rows}`,
        );
      }
    }
    await restoreTriggers();
    await restoreIndexes();
    await restoreForeignKeys();
    await resetSequences(session);
    await session.query("commit");
  } catch (error) {
    await session.query("rollback").catch(() => {});
    for (const key of written) await storage.delete(key).catch(() => {});
    throw error;
  }
  return {
    source: manifest.source,
    createdAt: manifest.createdAt,
    manifestSha256: manifest.manifestSha256,
    tables: manifest.tables.map(({ name, rows }) => ({ name, rows })),
    files,
    fileBytes,
    replaced,
    ms: performance.now() - started,
  };
}

async function loadTable(session: SqlSession, table: string, body: Readable): Promise<number> {
  const columns = await insertableColumns(session, table);
  const lines = createInterface({ input: body.pipe(createGunzip()), crlfDelay: Infinity });
  let batch: string[] = [];
  let rows = 0;
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length >= loadBatchRows) {
      await loadRows(session, table, columns, batch);
      rows += batch.length;
      batch = [];
    }
  }
  await loadRows(session, table, columns, batch);
  return rows + batch.length;
}

/** What the target holds: rows per non-empty table, and stored files. */
export async function targetContents(
  session: SqlSession,
  storage: Storage,
): Promise<{ rows: number; tables: string[]; files: number }> {
  let rows = 0;
  const tables: string[] = [];
  for (const table of await listTables(session)) {
    const count = await countRows(session, table);
    if (count > 0) {
      rows += count;
      tables.push(`${table} ${count}`);
    }
  }
  let files = 0;
  for await (const _ of storage.list()) files += 1;
  return { rows, tables, files };
}
