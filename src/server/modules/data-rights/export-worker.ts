import { PassThrough, Transform } from "node:stream";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ZipFile } from "yazl";
import type { Db } from "../../db/client";
import { dataExports } from "../../db/schema";
import type { Storage } from "../../storage/storage";
import { collectExport } from "./export-contents";
import { readme } from "./export-readme";

// The builder of data exports. A row is claimed by one conditional UPDATE (as the mail outbox's
// rows are), so two instances never build the same export; the claim is renewed as entries are
// written, and a builder that died (a restart, a crash) lets it lapse: the next pass of any
// instance builds the export again from the start, under the same key (a put replaces a file
// whole, so a reader never sees a half-written archive).

/** A builder holds its export this long after its last progress. */
export const exportClaimMs = 5 * 60 * 1000;
/** After this many attempts that died or failed, the export is marked failed. */
export const maxExportAttempts = 3;

type Logger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** Where an export's archive is stored: derived from its id, so a dead attempt leaves no stray. */
export function exportKey(id: string): string {
  return `exports/${id}.zip`;
}

function claimable(now: Date) {
  return and(
    inArray(dataExports.status, ["pending", "building"]),
    or(isNull(dataExports.claimedUntil), lte(dataExports.claimedUntil, now)),
  );
}

async function claimNext(db: Db, now: Date) {
  const candidate = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(claimable(now))
    .orderBy(dataExports.createdAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(dataExports)
    .set({
      status: "building",
      claimedUntil: new Date(now.getTime() + exportClaimMs),
      attempts: sql`${dataExports.attempts} + 1`,
      entriesDone: 0,
    })
    // The conditions again: a row another builder claimed meanwhile no longer matches them.
    .where(and(inArray(dataExports.id, candidate), claimable(now)))
    .returning();
  return row;
}

/** The claim is still ours when the row is building under our attempt number. */
function ours(id: string, attempt: number) {
  return and(
    eq(dataExports.id, id),
    eq(dataExports.status, "building"),
    eq(dataExports.attempts, attempt),
  );
}

class LostClaimError extends Error {}

/**
 * Builds the exports that are due, one after the other, until none is left. Returns how many
 * became ready.
 */
export async function runExportJobs({
  db,
  storage,
  ttlHours,
  logger,
}: {
  db: Db;
  storage: Storage;
  ttlHours: number;
  logger: Logger;
}): Promise<number> {
  let built = 0;
  // Bounded: a pass never loops forever.
  for (let pass = 0; pass < 20; pass += 1) {
    const claimed = await claimNext(db, new Date());
    if (!claimed) break;
    if (claimed.attempts > maxExportAttempts) {
      await db
        .update(dataExports)
        .set({ status: "failed", claimedUntil: null })
        .where(ours(claimed.id, claimed.attempts));
      logger.error(
        { dataExport: claimed.id },
        "export de données abandonné après plusieurs essais",
      );
      continue;
    }
    try {
      await buildExport({
        db,
        storage,
        ttlHours,
        id: claimed.id,
        userId: claimed.userId,
        attempt: claimed.attempts,
      });
      built += 1;
    } catch (error) {
      if (error instanceof LostClaimError) continue;
      const message = error instanceof Error ? error.message : String(error);
      logger.error(
        { dataExport: claimed.id, err: error },
        "construction d'un export de données en échec",
      );
      // Released at once for another attempt (or marked failed past the last one).
      await db
        .update(dataExports)
        .set({
          claimedUntil: null,
          lastError: message.slice(0, 1000),
          ...(claimed.attempts >= maxExportAttempts ? { status: "failed" as const } : {}),
        })
        .where(ours(claimed.id, claimed.attempts));
    }
  }
  return built;
}

async function buildExport({
  db,
  storage,
  ttlHours,
  id,
  userId,
  attempt,
}: {
  db: Db;
  storage: Storage;
  ttlHours: number;
  id: string;
  userId: string;
  attempt: number;
}): Promise<void> {
  const { archive, files } = await collectExport({ db, storage, userId });
  const total = files.length + 2;
  let done = 0;
  const progress = async () => {
    const renewed = await db
      .update(dataExports)
      .set({
        entriesDone: done,
        entriesTotal: total,
        claimedUntil: new Date(Date.now() + exportClaimMs),
      })
      .where(ours(id, attempt))
      .returning({ id: dataExports.id });
    if (renewed.length === 0) throw new LostClaimError();
  };
  await progress();

  const zip = new ZipFile();
  const mtime = new Date(archive.exportedAt);
  zip.addBuffer(Buffer.from(readme(archive), "utf8"), "LISEZMOI.txt", { mtime });
  zip.addBuffer(Buffer.from(`${JSON.stringify(archive, null, 2)}\n`, "utf8"), "donnees.json", {
    mtime,
  });
  done = 2;
  // One file open at a time (yazl asks for the next stream when the previous one is written):
  // the archive streams from the storage to the storage, a 10 MB document never held whole.
  let failure: unknown;
  // Counts the archive's bytes on their way to the storage; destroyed on a failure mid-way. A
  // transform, not a 'data' listener: a listener would start the flow before the storage reads,
  // and the bytes sent meanwhile would be counted but never stored (a short archive, and a
  // Content-Length longer than the file: the browser's download never ends).
  let sizeBytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  for (const file of files) {
    zip.addReadStreamLazy(file.archivePath, { mtime, size: file.size, compress: false }, (cb) => {
      storage.read(file.storageKey).then(
        (stream) => {
          stream.on("end", () => {
            done += 1;
            progress().catch((error: unknown) => {
              failure = error;
              counted.destroy(error as Error);
            });
          });
          cb(null, stream);
        },
        (error: unknown) => cb(error, new PassThrough()),
      );
    });
  }
  zip.end();
  const key = exportKey(id);
  zip.on("error", (error: Error) => counted.destroy(error));
  zip.outputStream.on("error", (error: Error) => counted.destroy(error));
  zip.outputStream.pipe(counted);
  await storage.put(key, counted);
  if (failure) throw failure;

  const readyAt = new Date();
  const finished = await db
    .update(dataExports)
    .set({
      status: "ready",
      storageKey: key,
      sizeBytes,
      entriesDone: total,
      entriesTotal: total,
      readyAt,
      expiresAt: new Date(readyAt.getTime() + ttlHours * 60 * 60 * 1000),
      claimedUntil: null,
      lastError: null,
    })
    .where(ours(id, attempt))
    .returning({ id: dataExports.id });
  if (finished.length > 0) return;
  // The row went meanwhile (the account was closed, the export deleted): so does the file.
  // Another builder holding it now writes the same key: the file is then left to it.
  const [still] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.id, id));
  if (!still) await storage.delete(key);
  throw new LostClaimError();
}
