import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDemoData } from "../../../scripts/seed/write";
import { migrateDatabase } from "../db/client";
import { createFilesystemStorage } from "../storage/filesystem-storage";
import type { Storage } from "../storage/storage";
import { startS3Server, type TestS3Server } from "../test/s3-server";
import { DamagedArchiveError, verifyArchive } from "./archive";
import { writeBackup } from "./backup";
import { listTables } from "./database-dump";
import { RestoreRefusedError, restoreBackup } from "./restore";
import { openSqlSession, type SqlSession } from "./sql-session";

// Demo data with its files -> backup -> restore into a fresh target -> every table's rows and
// every file's bytes compared. On PGlite always; on PostgreSQL (and PGlite into PostgreSQL, the
// firm's migration path) when TEST_DATABASE_URL is set: each target is a database of its own.

const serverUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), "pret-backup-test-"));
const cleanups: Array<() => Promise<void>> = [];

type Place = { session: SqlSession; storage: Storage; url?: string };

let s3: TestS3Server | undefined;

/** Files on the filesystem, or in a new bucket of a real S3 server (s3rver, started once). */
async function newStorage(files: "filesystem" | "s3"): Promise<Storage> {
  if (files === "filesystem") {
    return createFilesystemStorage(join(mkdtempSync(join(work, "place-")), "uploads"));
  }
  if (!s3) {
    const started = await startS3Server();
    s3 = started;
    cleanups.unshift(() => started.close());
  }
  return s3.storage();
}

async function newPlace(
  kind: "pglite" | "postgres",
  files: "filesystem" | "s3" = "filesystem",
): Promise<Place> {
  const storage = await newStorage(files);
  if (kind === "pglite") {
    // In memory: the same engine, without a data directory to create on a loaded machine.
    const session = await openSqlSession({ kind: "pglite" });
    cleanups.push(() => session.close());
    return { session, storage };
  }
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `backup_test_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const session = await openSqlSession({ kind: "postgres", url: url.toString() });
  cleanups.push(async () => {
    await session.close();
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  return { session, storage, url: url.toString() };
}

/** A platform's database with demo data and its files, plus an upload still in progress. */
async function demoSource(
  kind: "pglite" | "postgres",
  files: "filesystem" | "s3" = "filesystem",
): Promise<Place> {
  const place = await newPlace(kind, files);
  await migrateDatabase(place.session.db);
  await writeDemoData(place.session.db, place.storage, {
    seed: 5,
    clients: 8,
    loans: 14,
    officers: 2,
    now: new Date("2026-11-20T10:00:00Z"),
    password: "Baobab-Demo-2026",
    documents: true,
  });
  // Nothing points at it: left out of the backup.
  await place.storage.put("upload-en-cours", Readable.from([Buffer.from("%PDF-1.")]));
  return place;
}

/** Every table's rows as sorted JSON text (UTC), and every file's bytes. */
async function snapshot(place: Place) {
  const tables: Record<string, string[]> = {};
  await place.session.query("set timezone = 'UTC'");
  for (const table of await listTables(place.session)) {
    const rows = await place.session.query<{ line: string }>(
      `select to_jsonb(t)::text as line from "${table}" t order by 1`,
    );
    tables[table] = rows.map((row) => row.line);
  }
  // The indexes and foreign keys the restore set aside come back the same.
  const schemaObjects = await place.session.query<{ line: string }>(
    `select indexdef as line from pg_indexes where schemaname = current_schema()
     union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = current_schema()::regnamespace order by 1`,
  );
  tables["(index et contraintes)"] = schemaObjects.map((row) => row.line);
  const files: Record<string, string> = {};
  for await (const { key } of place.storage.list()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await place.storage.read(key)) chunks.push(chunk as Buffer);
    files[key] = Buffer.concat(chunks).toString("base64");
  }
  return { tables, files };
}

async function backupOf(source: Place, name: string) {
  const out = join(work, `${name}.tar`);
  const summary = await writeBackup({
    session: source.session,
    storage: source.storage,
    out,
    pgDumpUrl: source.url,
  });
  return { out, summary };
}

async function expectSameData(source: Place, target: Place) {
  const before = await snapshot(source);
  const after = await snapshot(target);
  delete before.files["upload-en-cours"];
  expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
  expect(before.tables["(index et contraintes)"]?.length).toBeGreaterThan(30);
  for (const [table, rows] of Object.entries(before.tables)) {
    expect(after.tables[table], table).toEqual(rows);
  }
  expect(after.files).toEqual(before.files);
  expect(Object.keys(after.files).length).toBeGreaterThan(40);
}

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore with the files in S3", { timeout: 120_000 }, () => {
  it("backs up a bucket's files and restores them into an empty bucket, or onto a disk", async () => {
    const source = await demoSource("pglite", "s3");
    const { out, summary } = await backupOf(source, "s3");
    expect(summary.files).toBe(42);
    const manifest = await verifyArchive(out);
    expect(manifest.files.count).toBe(42);

    const target = await newPlace("pglite", "s3");
    const restored = await restoreBackup({ archive: out, ...target });
    expect(restored.files).toBe(42);
    await expectSameData(source, target);

    // Moving off the object store (or onto it) is a backup and a restore.
    const onDisk = await newPlace("pglite", "filesystem");
    await restoreBackup({ archive: out, ...onDisk });
    await expectSameData(source, onDisk);
  });
});

describe("backup and restore on PGlite", { timeout: 60_000 }, () => {
  let source: Place;
  let archive: string;

  beforeAll(async () => {
    source = await demoSource("pglite");
    archive = (await backupOf(source, "pglite")).out;
  }, 120_000);

  it("writes one archive with rows per table, the files and a checksummed manifest", async () => {
    const manifest = await verifyArchive(archive);
    expect(manifest.source.kind).toBe("pglite");
    const loans = manifest.tables.find((table) => table.name === "loan_requests");
    expect(loans?.rows).toBe(14);
    expect(manifest.files.count).toBe(42);
    // Only the files rows point at: the upload in progress is not in it.
    expect(manifest.entries.some((entry) => entry.name.endsWith("upload-en-cours"))).toBe(false);
    expect(manifest.entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
  });

  it("restores into a fresh data directory: every row and every file equal", async () => {
    const target = await newPlace("pglite");
    const summary = await restoreBackup({ archive, ...target });
    expect(summary.files).toBe(42);
    expect(summary.replaced).toBeNull();
    await expectSameData(source, target);
    // The identities go on after the restored ones.
    const [next] = await target.session.query<{ id: number }>(
      "insert into contact_messages (name, email, subject, message) values ('A', 'a@b.ci', 'S', 'Un message assez long') returning id",
    );
    expect(next).toBeDefined();
  });

  it("refuses a damaged archive before touching anything", async () => {
    const damaged = join(work, "damaged.tar");
    const bytes = readFileSync(archive);
    // A byte in the middle of the archive, inside a table's or a file's bytes (not a tar header:
    // the first data byte of the entry at or after the middle).
    const middle = dataByteFrom(bytes, Math.floor(bytes.length / 2));
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = await newPlace("pglite");
    await expect(restoreBackup({ archive: damaged, ...target })).rejects.toThrow(
      DamagedArchiveError,
    );
    await expect(restoreBackup({ archive: damaged, ...target })).rejects.toThrow(
      /Archive endommagée.*altéré.*Rien n'a été restauré/,
    );
    expect(await listTables(target.session)).toEqual([]);
    const truncated = join(work, "truncated.tar");
    writeFileSync(truncated, readFileSync(archive).subarray(0, statSync(archive).size - 3000));
    await expect(restoreBackup({ archive: truncated, ...target })).rejects.toThrow(
      DamagedArchiveError,
    );
    expect(await listTables(target.session)).toEqual([]);
  });

  it("refuses a target that is not empty unless told to replace it", async () => {
    const target = await newPlace("pglite");
    await restoreBackup({ archive, ...target });
    await target.session.query("delete from contact_messages");
    await expect(restoreBackup({ archive, ...target })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup({ archive, ...target })).rejects.toThrow(/n'est pas vide/);
    // Still as it was: the refusal changed nothing.
    expect(Object.keys((await snapshot(target)).files).length).toBe(42);
    const summary = await restoreBackup({ archive, ...target, replace: true });
    expect(summary.replaced?.files).toBe(42);
    await expectSameData(source, target);
  });
});

describe.runIf(serverUrl)("backup and restore on PostgreSQL", { timeout: 120_000 }, () => {
  it("restores a PostgreSQL backup (with its pg_dump) into a fresh database", async () => {
    const source = await demoSource("postgres");
    const { out, summary } = await backupOf(source, "postgres");
    const manifest = await verifyArchive(out);
    expect(manifest.source.kind).toBe("postgres");
    expect(manifest.entries.map((entry) => entry.name)).toContain("database/postgres.pgdump");
    expect(summary.files).toBe(42);
    const target = await newPlace("postgres");
    await restoreBackup({ archive: out, ...target });
    await expectSameData(source, target);
  }, 120_000);

  it("restores an embedded (PGlite) backup into PostgreSQL", async () => {
    const source = await demoSource("pglite");
    const { out } = await backupOf(source, "pglite-to-postgres");
    const target = await newPlace("postgres");
    await restoreBackup({ archive: out, ...target });
    await expectSameData(source, target);
  }, 120_000);
});

/** The first byte of an entry's data at or after `from`, walking the tar's 512-byte headers. */
function dataByteFrom(tar: Buffer, from: number): number {
  for (let header = 0; header + 512 <= tar.length; ) {
    const size = Number.parseInt(
      tar
        .subarray(header + 124, header + 136)
        .toString()
        .trim(),
      8,
    );
    if (!Number.isFinite(size)) break;
    const start = header + 512;
    const end = start + size;
    if (size > 0 && end > from) return Math.max(start, from);
    header = start + Math.ceil(size / 512) * 512;
  }
  throw new Error("no entry data after the middle of the archive");
}
