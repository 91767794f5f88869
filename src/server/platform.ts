import { join } from "node:path";
import type { Config } from "./config";
import {
  type Database,
  migrateDatabase,
  migratePostgres,
  openDatabase,
  pgliteDataDir,
} from "./db/client";
import { type DataDirLock, lockDataDir } from "./db/data-dir-lock";
import { createMailer, type Mailer, type MailerOptions } from "./mail/mailer";

/**
 * Opens what both the server and `npm run admin:create` need: the DATA_DIR lock (embedded
 * database only: PGlite has no lock of its own), the database, its migrations.
 * On failure everything already opened is closed again.
 */
export async function openPlatformDatabase(
  config: Config,
  options: { purpose: string; onLockCompromised?: (error: Error) => void },
): Promise<{ database: Database; lock: DataDirLock | undefined }> {
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    lock = await lockDataDir(config.dataDir, {
      purpose: options.purpose,
      onCompromised: options.onLockCompromised,
    });
  }
  let database: Database | undefined;
  try {
    if (config.databaseUrl) {
      await migratePostgres(config.databaseUrl);
      database = await openDatabase({ kind: "postgres", url: config.databaseUrl });
    } else {
      database = await openDatabase({ kind: "pglite", dataDir: pgliteDataDir(config.dataDir) });
      await migrateDatabase(database.db);
    }
    return { database, lock };
  } catch (error) {
    await database?.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}

export function createPlatformMailer(config: Config, logger: MailerOptions["logger"]): Mailer {
  return config.smtpUrl
    ? createMailer({ from: config.mailFrom, logger, smtpUrl: config.smtpUrl })
    : createMailer({ from: config.mailFrom, logger, outboxDir: join(config.dataDir, "outbox") });
}
