import { and, count, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { UploadJson } from "../../../domain/api/uploads";
import { type AcceptedFileType, acceptedFileTypes } from "../../../domain/document-category";
import { fileMessages } from "../../../domain/file-type";
import type { Db } from "../../db/client";
import { type UploadRow, uploads } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { Storage } from "../../storage/storage";
import { deleteQueuedFiles, queueFileDeletions } from "../../storage/storage-deletions";

/** Uploads never attached to a document are swept after this long. */
export const uploadLifetimeMs = 24 * 60 * 60 * 1000;
/** Unattached uploads one client may hold at once (a wizard needs three, a retry a few more). */
export const maxPendingUploadsPerUser = 20;

export function toUploadJson(row: UploadRow): UploadJson {
  const fileType = row.fileType as AcceptedFileType;
  return { id: row.id, fileName: row.fileName, fileType, fileSize: row.fileSize };
}

export async function countPendingUploads({ db, userId }: { db: Db; userId: string }) {
  const [row] = await db.select({ total: count() }).from(uploads).where(eq(uploads.userId, userId));
  return Number(row?.total ?? 0);
}

/** The user's own upload, finished or not; another user's answers as a missing one. */
export async function findOwnUpload({ db, userId, id }: { db: Db; userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Takes the user's finished upload for a document, inside the caller's transaction: the row is
 * deleted (the document takes its storage key over), so an upload is attached at most once and
 * the sweeper can no longer remove its file. Throws a French error on `field`: 404 when it is
 * missing or someone else's (the same answer), 400 when it is unfinished.
 */
export async function takeFinishedUpload({
  tx,
  userId,
  id,
  field,
}: {
  tx: Db;
  userId: string;
  id: string;
  field: string;
}): Promise<UploadRow & { fileType: AcceptedFileType }> {
  const [row] = await tx
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNotNull(uploads.completedAt)))
    .returning();
  if (row?.fileType && (acceptedFileTypes as readonly string[]).includes(row.fileType)) {
    return row as UploadRow & { fileType: AcceptedFileType };
  }
  const pending = await findOwnUpload({ db: tx, userId, id });
  const message = pending ? fileMessages.uploadIncomplete : fileMessages.uploadNotFound;
  throw new AppError("upload_unavailable", pending ? 400 : 404, message, { [field]: message });
}

/**
 * Removes upload rows and names their files in storage_deletions in one transaction, then deletes
 * the files: a crash in between (the process killed) leaves the names, which the periodic job
 * deletes, never a file that no row names.
 */
async function deleteUploadRows(
  { db, storage }: { db: Db; storage: Storage },
  where: SQL | undefined,
): Promise<string[]> {
  const keys = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = await tx
      .delete(uploads)
      .where(where)
      .returning({ storageKey: uploads.storageKey });
    const removed = rows.map((row) => row.storageKey);
    await queueFileDeletions(tx, removed);
    return removed;
  });
  await deleteQueuedFiles({ db, storage, keys });
  return keys;
}

/** Deletes an upload's row and its file (a refused or cancelled upload keeps nothing). */
export async function discardUpload({
  db,
  storage,
  id,
}: {
  db: Db;
  storage: Storage;
  id: string;
}): Promise<void> {
  const [key] = await deleteUploadRows({ db, storage }, eq(uploads.id, id));
  // No row (already discarded, or tus refused the creation before it): its file, if any.
  if (key === undefined) await storage.delete(storage.uploadKey(id));
}

export async function getFinishedUpload({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<UploadJson> {
  const row = await findOwnUpload({ db, userId, id });
  if (!row) throw notFound(fileMessages.uploadNotFound);
  if (!row.completedAt || !row.fileType) {
    throw new AppError("upload_incomplete", 409, fileMessages.uploadIncomplete);
  }
  return toUploadJson(row);
}

/**
 * Removes the uploads older than `olderThanMs` that no document took, with their files. Rows are
 * deleted first: an upload being attached at the same moment is either taken by its document or
 * swept, never both. Their files are named in storage_deletions by the same transaction, so a
 * process killed before deleting them leaves names for the periodic job, not orphan files.
 */
export async function sweepStaleUploads({
  db,
  storage,
  olderThanMs = uploadLifetimeMs,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  olderThanMs?: number;
  now?: Date;
}): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  const removed = await deleteUploadRows({ db, storage }, lt(uploads.createdAt, cutoff));
  return removed.length;
}

export async function markUploadFinished({
  db,
  id,
  fileType,
}: {
  db: Db;
  id: string;
  fileType: AcceptedFileType;
}): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ fileType, completedAt: sql`now()` })
    .where(and(eq(uploads.id, id), isNull(uploads.completedAt)))
    .returning();
  return row;
}
