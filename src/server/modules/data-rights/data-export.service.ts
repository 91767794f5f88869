import { and, desc, eq, gt, inArray, lte, or } from "drizzle-orm";
import type { DataExportJson } from "../../../domain/api/data-rights";
import { dataRightsMessages } from "../../../domain/api/data-rights";
import type { Db } from "../../db/client";
import { type DataExportRow, dataExports } from "../../db/schema";
import { notFound } from "../../http/app-error";
import { queueFileDeletions } from "../../storage/storage-deletions";
import { exportKey } from "./export-worker";

export function toDataExportJson(row: DataExportRow): DataExportJson {
  const percent =
    row.status === "ready"
      ? 100
      : row.entriesTotal > 0
        ? Math.min(99, Math.floor((row.entriesDone * 100) / row.entriesTotal))
        : 0;
  return {
    id: row.id,
    status: row.status,
    entriesDone: row.entriesDone,
    entriesTotal: row.entriesTotal,
    percent,
    sizeBytes: row.sizeBytes,
    createdAt: new Date(row.createdAt).toISOString(),
    readyAt: row.readyAt === null ? null : new Date(row.readyAt).toISOString(),
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
  };
}

/**
 * Starts an export, or returns the one being built: the partial unique index lets one pending
 * or building export per client exist, whatever two clicks or two instances do at once.
 */
export async function requestExport({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<{ export: DataExportJson; created: boolean }> {
  const [created] = await db
    .insert(dataExports)
    .values({ userId })
    .onConflictDoNothing()
    .returning();
  if (created) return { export: toDataExportJson(created), created: true };
  const [running] = await db
    .select()
    .from(dataExports)
    .where(
      and(eq(dataExports.userId, userId), inArray(dataExports.status, ["pending", "building"])),
    )
    .limit(1);
  if (!running) throw new Error("no running export after a conflicting insert");
  return { export: toDataExportJson(running), created: false };
}

/** The client's latest export that is still of use (running, ready and not expired, failed). */
export async function latestExport({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<DataExportJson | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        or(
          inArray(dataExports.status, ["pending", "building", "failed"]),
          gt(dataExports.expiresAt, now),
        ),
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ? toDataExportJson(row) : null;
}

/** The archive of a ready export, to its owner only: anyone else gets the 404 of a missing one. */
export async function findDownloadableExport({
  db,
  userId,
  id,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  id: string;
  now?: Date;
}): Promise<{ storageKey: string; sizeBytes: number | null; readyAt: Date }> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.userId, userId),
        eq(dataExports.status, "ready"),
        gt(dataExports.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row?.storageKey || !row.readyAt) throw notFound(dataRightsMessages.exportNotFound);
  return { storageKey: row.storageKey, sizeBytes: row.sizeBytes, readyAt: new Date(row.readyAt) };
}

/**
 * Removes the exports past their time (ready ones at expires_at; failed ones after the same
 * delay), their files queued for deletion in the same transaction. Returns the files to delete.
 */
export async function expireExports({
  db,
  ttlHours,
  now = new Date(),
}: {
  db: Db;
  ttlHours: number;
  now?: Date;
}): Promise<string[]> {
  const failedBefore = new Date(now.getTime() - ttlHours * 60 * 60 * 1000);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const removed = await tx
      .delete(dataExports)
      .where(
        or(
          and(eq(dataExports.status, "ready"), lte(dataExports.expiresAt, now)),
          and(eq(dataExports.status, "failed"), lte(dataExports.createdAt, failedBefore)),
        ),
      )
      .returning({ id: dataExports.id });
    const keys = removed.map((row) => exportKey(row.id));
    await queueFileDeletions(tx, keys);
    return keys;
  });
}
