import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
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
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = sweepStaleUploads({ db, storage })
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "téléchargements abandonnés supprimés");
      })
      .catch((error: unknown) =>
        logger.error({ err: error }, "nettoyage des téléchargements en échec"),
      )
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
