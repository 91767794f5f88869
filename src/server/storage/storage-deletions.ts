import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { storageDeletions } from "../db/schema";
import type { Storage } from "./storage";

// Files whose rows a transaction removes are named in storage_deletions by that same
// transaction, then deleted from the storage after the commit. A crash between the two leaves
// the names, not orphan files: the data-rights job deletes them at its next pass.

/** Inside the caller's transaction: these files go once it commits. */
export async function queueFileDeletions(tx: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(storageDeletions)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing();
}

/**
 * Deletes queued files (all of them, or those of `keys`), then their names. A missing file is
 * no error (Storage.delete), so running it twice, or on two instances at once, is harmless.
 * Returns how many were deleted.
 */
export async function deleteQueuedFiles({
  db,
  storage,
  keys,
}: {
  db: Db;
  storage: Storage;
  keys?: readonly string[];
}): Promise<number> {
  const rows =
    keys === undefined
      ? await db.select({ key: storageDeletions.storageKey }).from(storageDeletions).limit(500)
      : keys.map((key) => ({ key }));
  let deleted = 0;
  for (const { key } of rows) {
    await storage.delete(key);
    await db.delete(storageDeletions).where(inArray(storageDeletions.storageKey, [key]));
    deleted += 1;
  }
  return deleted;
}
