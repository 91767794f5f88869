import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { startPeriodic } from "../../periodic";
import type { Storage } from "../../storage/storage";
import { deleteQueuedFiles } from "../../storage/storage-deletions";
import { expireExports } from "./data-export.service";
import { runExportJobs } from "./export-worker";
import { purgeExpiredAccounts } from "./retention";

/** Exports left by an instance that stopped are taken up within this delay. */
export const exportJobsIntervalMs = 30 * 1000;
/** Expired exports, accounts past their retention and queued files: checked every hour. */
export const retentionIntervalMs = 60 * 60 * 1000;

type Logger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/**
 * One pass of the data-rights housekeeping: expired exports removed, closed accounts past
 * RETENTION_YEARS removed, then every file queued for deletion deleted (those of this pass and
 * any left by a crash). Everything it needs is in the database: a restart loses nothing.
 */
export async function runRetentionPass({
  db,
  storage,
  config,
  logger,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  config: Pick<Config, "retentionYears" | "exportTtlHours">;
  logger: Logger;
  now?: Date;
}): Promise<{ exports: number; accounts: number; files: number }> {
  const expired = await expireExports({ db, ttlHours: config.exportTtlHours, now });
  const purged = await purgeExpiredAccounts({ db, retentionYears: config.retentionYears, now });
  const files = await deleteQueuedFiles({ db, storage });
  if (expired.length > 0 || purged.accounts > 0) {
    logger.info(
      { exports: expired.length, accounts: purged.accounts, files },
      "exports expirés et comptes fermés en fin de conservation supprimés",
    );
  }
  return { exports: expired.length, accounts: purged.accounts, files };
}

/** Both periodic jobs, started when the app is ready; returns the function that stops them. */
export function startDataRightsJobs({
  db,
  storage,
  config,
  logger,
}: {
  db: Db;
  storage: Storage;
  config: Pick<Config, "retentionYears" | "exportTtlHours">;
  logger: Logger;
}): () => Promise<void> {
  const stopExports = startPeriodic({
    task: () => runExportJobs({ db, storage, ttlHours: config.exportTtlHours, logger }),
    intervalMs: exportJobsIntervalMs,
    onError: (error) => logger.error({ err: error }, "exports de données en échec"),
  });
  const stopRetention = startPeriodic({
    task: () => runRetentionPass({ db, storage, config, logger }),
    intervalMs: retentionIntervalMs,
    onError: (error) => logger.error({ err: error }, "nettoyage des données personnelles en échec"),
  });
  return async () => {
    await Promise.all([stopExports(), stopRetention()]);
  };
}
