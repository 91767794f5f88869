import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { Storage } from "../storage/storage";
import { ArchiveWriter, filePrefix, type Manifest, pgDumpEntry, tableEntry } from "./archive";
import { dumpTable, listTables, migrationLevel } from "./database-dump";
import type { SqlSession } from "./sql-session";

export type BackupSummary = {
  path: string;
  source: Manifest["source"];
  tables: Array<{ name: string; rows: number }>;
  files: number;
  fileBytes: number;
  /** Stored files no row points at (uploads in progress, leftovers): not backed up. */
  skippedFiles: number;
  /** Files a row points at that the storage no longer has: listed, the archive is written. */
  missingFiles: string[];
  archiveBytes: number;
  manifestSha256: string;
  ms: number;
};

export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusedError";
  }
}

/**
 * Writes one archive of the database and of every file its rows point at.
 *
 * Consistency while the platform runs: the rows come from one REPEATABLE READ snapshot (the
 * tables agree with each other); pg_dump, for a PostgreSQL source, reads that same snapshot;
 * the files are listed after the snapshot, and a file is written before the row that points at
 * it is committed, so every file the snapshot's rows point at is there (unless deleted since,
 * which `missingFiles` reports). Files newer than the snapshot are left out.
 *
 * `pgDumpUrl`: for a PostgreSQL source, the URL pg_dump connects with.
 */
export async function writeBackup({
  session,
  storage,
  out,
  pgDumpUrl,
}: {
  session: SqlSession;
  storage: Storage;
  out: string;
  pgDumpUrl?: string;
}): Promise<BackupSummary> {
  const started = performance.now();
  if (existsSync(out)) {
    throw new BackupRefusedError(
      `Le fichier ${out} existe déjà : choisissez un autre nom (par exemple avec la date) ou supprimez-le.`,
    );
  }
  if (!existsSync(dirname(out))) {
    throw new BackupRefusedError(`Le dossier ${dirname(out)} n'existe pas.`);
  }
  // Beside the archive (same disk, which holds the archive anyway), not in a small /tmp.
  const work = await mkdtemp(join(dirname(out), `.${basename(out)}.`));
  const partial = `${out}.partial`;
  const archive = new ArchiveWriter(partial);
  let finished = false;
  try {
    await session.query("begin isolation level repeatable read read only");
    let tables: Array<{ name: string; rows: number; entry: string }> = [];
    let referenced: string[];
    let migrations: Manifest["migrations"];
    let serverVersion: string;
    try {
      // Written in UTC whatever the server's zone: the same data gives the same dump.
      await session.query("set local timezone = 'UTC'");
      const [version] = await session.query<{ v: string }>(
        "select current_setting('server_version') as v",
      );
      serverVersion = version?.v ?? "";
      if (session.kind === "postgres") {
        if (!pgDumpUrl) throw new Error("pgDumpUrl is required for a PostgreSQL source");
        const [snapshot] = await session.query<{ id: string }>("select pg_export_snapshot() as id");
        const dumpPath = join(work, "postgres.pgdump");
        await runPgDump(pgDumpUrl, snapshot?.id ?? "", dumpPath);
        await archive.addFile(pgDumpEntry, dumpPath, (await stat(dumpPath)).size);
      }
      migrations = await migrationLevel(session);
      for (const name of await listTables(session)) {
        const entry = tableEntry(name);
        const path = join(work, `${name}.jsonl.gz`);
        const rows = await dumpToGzip(session, name, path);
        await archive.addFile(entry, path, (await stat(path)).size);
        await rm(path);
        tables.push({ name, rows, entry });
      }
      referenced = await referencedKeys(session);
    } finally {
      // Read only: ending it either way changes nothing.
      await session.query("rollback");
    }
    tables = tables.sort((a, b) => a.name.localeCompare(b.name));

    // Listed after the snapshot: every file its rows point at was written before them.
    const stored = new Map<string, number>();
    for await (const file of storage.list()) stored.set(file.key, file.size);
    const wanted = new Set(referenced);
    const missingFiles: string[] = [];
    let files = 0;
    let fileBytes = 0;
    for (const key of [...wanted].sort()) {
      const size = stored.get(key);
      if (size === undefined) {
        missingFiles.push(key);
        continue;
      }
      await archive.add(`${filePrefix}${key}`, size, await storage.read(key));
      files += 1;
      fileBytes += size;
    }
    const skippedFiles = [...stored.keys()].filter((key) => !wanted.has(key)).length;

    const source: Manifest["source"] = { kind: session.kind, serverVersion };
    const { sha256 } = await archive.finish({
      format: "pret-afrique-sauvegarde",
      version: 1,
      createdAt: new Date().toISOString(),
      source,
      migrations,
      tables,
      files: { count: files, bytes: fileBytes },
    });
    finished = true;
    await rename(partial, out);
    return {
      path: out,
      source,
      tables: tables.map(({ name, rows }) => ({ name, rows })),
      files,
      fileBytes,
      skippedFiles,
      missingFiles,
      archiveBytes: (await stat(out)).size,
      manifestSha256: sha256,
      ms: performance.now() - started,
    };
  } catch (error) {
    if (!finished) await archive.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function dumpToGzip(session: SqlSession, table: string, path: string): Promise<number> {
  const gzip = createGzip({ level: 6 });
  const writing = pipeline(gzip, createWriteStream(path, { mode: 0o600 }));
  writing.catch(() => {});
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (gzip.write(text)) return resolve();
      // Both listeners go once either fires: thousands of batches must not pile them up.
      const onDrain = () => {
        gzip.off("error", onError);
        resolve();
      };
      const onError = (error: Error) => {
        gzip.off("drain", onDrain);
        reject(error);
      };
      gzip.once("drain", onDrain).once("error", onError);
    });
  try {
    const rows = await dumpTable(session, table, (lines) => write(`${lines.join("\n")}\n`));
    gzip.end();
    await writing;
    return rows;
  } catch (error) {
    gzip.destroy();
    throw error;
  }
}

/** The storage keys the snapshot's rows point at: documents, and finished uploads. */
async function referencedKeys(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ key: string }>(
    `select storage_key as key from documents
     union select storage_key from uploads where completed_at is not null`,
  );
  return rows.map((row) => row.key);
}

/** pg_dump in its custom format, reading the backup's exported snapshot. */
async function runPgDump(url: string, snapshot: string, path: string): Promise<void> {
  // The password goes through the environment, not the command line, where `ps` would show it
  // to every user of the machine.
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = "";
  const args = [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--snapshot=${snapshot}`,
    `--file=${path}`,
    `--dbname=${connection.toString()}`,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.env.PG_DUMP ?? "pg_dump", args, {
      env: password ? { ...process.env, PGPASSWORD: password } : process.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupRefusedError(
              "pg_dump est introuvable : installez le client PostgreSQL (apt-get install postgresql-client), ou indiquez son chemin dans PG_DUMP.",
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupRefusedError(`pg_dump a échoué (code ${code}) : ${stderr.trim()}`));
    });
  });
}
