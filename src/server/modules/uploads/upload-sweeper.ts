import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { startPeriodic } from "../../periodic";
import type { Storage } from "../../storage/storage";
import { sweepStaleUploads } from "./uploads.service";

export const sweepIntervalMs = 60 * 60 * 1000;

/**
 * Removes the uploads no document took within a day. What to sweep is read from the database
 * (uploads.created_at), so a restart loses nothing: the sweep runs at start-up, then every hour.
 * Returns the function that stops it.
 */
export function startUploadSweeper({
  db,
  storage,
  logger,
  intervalMs = sweepIntervalMs,
}: {
  db: Db;
  storage: Storage;
  logger: Pick<FastifyBaseLogger, "info" | "error">;
  intervalMs?: number;
}): () => Promise<void> {
  return startPeriodic({
    task: async () => {
      const removed = await sweepStaleUploads({ db, storage });
      if (removed > 0) logger.info({ removed }, "téléchargements abandonnés supprimés");
    },
    intervalMs,
    onError: (error) => logger.error({ err: error }, "nettoyage des téléchargements en échec"),
  });
}
