import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDemoData } from "../../../scripts/seed/write";
import { type Database, migrateDatabase, openDatabase, pgliteDataDir } from "../db/client";
import { type DataDirLock, lockDataDir } from "../db/data-dir-lock";
import { createFilesystemStorage } from "../storage/filesystem-storage";
import { writeBackup } from "./backup";
import { listTables } from "./database-dump";
import { backupSocketPath, fetchLiveSnapshot, serveLiveSnapshots } from "./live-snapshot";
import { restoreBackup } from "./restore";
import { openSqlSession, type SqlSession } from "./sql-session";

// The embedded database backed up while "the server" (this process: DATA_DIR locked, PGlite
// open on it, writes going on) runs, through its socket.

const work = mkdtempSync(join(tmpdir(), "pret-live-backup-"));
const dataDir = join(work, "data");
const storage = createFilesystemStorage(join(dataDir, "uploads"));
let database: Database;
let lock: DataDirLock;
let stop: () => Promise<void>;
const sessions: SqlSession[] = [];

beforeAll(async () => {
  lock = await lockDataDir(dataDir, { purpose: "test" });
  database = await openDatabase({ kind: "pglite", dataDir: pgliteDataDir(dataDir) });
  await migrateDatabase(database.db);
  await writeDemoData(database.db, storage, {
    seed: 3,
    clients: 5,
    loans: 6,
    officers: 1,
    now: new Date("2026-11-20T10:00:00Z"),
    password: "Baobab-Demo-2026",
    documents: true,
  });
  stop = await serveLiveSnapshots({ dataDir, database, onError: () => {} });
}, 120_000);

afterAll(async () => {
  for (const session of sessions) await session.close().catch(() => {});
  await stop?.();
  await database?.close();
  await lock?.release();
  rmSync(work, { recursive: true, force: true });
});

async function rowsOf(session: SqlSession) {
  await session.query("set timezone = 'UTC'");
  const tables: Record<string, string[]> = {};
  for (const table of await listTables(session)) {
    const rows = await session.query<{ line: string }>(
      `select to_jsonb(t)::text as line from "${table}" t order by 1`,
    );
    tables[table] = rows.map((row) => row.line);
  }
  return tables;
}

describe("backup of the embedded database while the server runs", { timeout: 120_000 }, () => {
  it("answers only its owner: directory 700, socket 600", () => {
    const socket = backupSocketPath(dataDir);
    expect(statSync(join(dataDir, "run")).mode & 0o777).toBe(0o700);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
  });

  it("backs up an image taken while writes go on, and it restores whole", async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await database.db.execute(
          sql`insert into contact_messages (name, email, message) values ('Awa', 'awa@exemple.ci', 'Bonjour, je voudrais un rendez-vous.')`,
        );
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const image = await fetchLiveSnapshot(dataDir);
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    const snapshot = await openSqlSession({ kind: "pglite", loadDataDir: image });
    sessions.push(snapshot);
    const out = join(work, "live.tar");
    const summary = await writeBackup({ session: snapshot, storage, out });
    expect(summary.files).toBe(18);
    const target = await openSqlSession({ kind: "pglite" });
    sessions.push(target);
    const targetStorage = createFilesystemStorage(join(work, "target-uploads"));
    await restoreBackup({ archive: out, session: target, storage: targetStorage });
    expect(await rowsOf(target)).toEqual(await rowsOf(snapshot));
  });

  it("refuses anything but its one request", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = createConnection(backupSocketPath(dataDir));
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        text += chunk;
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write("select * from user\n");
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, message: "requête inconnue" });
  });
});
