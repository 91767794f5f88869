// Restores an archive written by `npm run backup` into the configured database and storage:
//   npm run restore -- --from /sauvegardes/pret-2026-11-25.tar [--replace]
// Run `npm run restore -- --help`.

import { existsSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DamagedArchiveError } from "../src/server/backup/archive";
import {
  RestoreRefusedError,
  type RestoreSummary,
  restoreBackup,
} from "../src/server/backup/restore";
import { openSqlSession, type SqlSession } from "../src/server/backup/sql-session";
import { pgliteDataDir } from "../src/server/db/client";
import { type DataDirLock, DataDirLockedError, lockDataDir } from "../src/server/db/data-dir-lock";
import { createStorage } from "../src/server/storage/create-storage";
import { bytes, kindLabel, seconds, tableLines } from "./backup-format";
import { fail, loadConfigOrFail, readOptions } from "./command-line";

const help = `Usage : npm run restore -- --from FICHIER [--replace]

Restaure une archive de npm run backup dans la base de données configurée (DATABASE_URL, ou la
base intégrée de DATA_DIR) et son stockage de fichiers. Le serveur doit être arrêté.
Avant de toucher à quoi que ce soit, la commande vérifie que la cible est vide et la somme de
contrôle de chaque élément de l'archive ; une archive endommagée est refusée.

Options :
  --from FICHIER  l'archive à restaurer
  --replace       la cible n'est pas vide : supprimer ses données et ses fichiers, puis restaurer
  --help          cette aide`;

async function main() {
  const values = readOptions(help, {
    from: { type: "string" },
    replace: { type: "boolean", default: false },
  });
  if (!values.from) fail(`L'option --from est obligatoire.\n\n${help}`);
  const from = resolve(values.from);
  if (!existsSync(from)) fail(`Le fichier ${from} n'existe pas.`);

  const config = loadConfigOrFail();

  // What DATA_DIR held before: a refused restore leaves it as it was, without the empty
  // database and storage folders that opening them created.
  const existedBefore = existsSync(config.dataDir)
    ? new Set(await readdir(config.dataDir))
    : undefined;
  let refused = false;
  let lock: DataDirLock | undefined;
  try {
    // Always: DATA_DIR holds the stored files (and the embedded database) a server would use.
    lock = await lockDataDir(config.dataDir, { purpose: "commande restore" });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(`${error.message}\nArrêtez le serveur avant de restaurer une sauvegarde.`);
    }
    throw error;
  }
  let session: SqlSession | undefined;
  const storage = createStorage(config.storage);
  try {
    session = config.databaseUrl
      ? await openSqlSession({ kind: "postgres", url: config.databaseUrl })
      : await openSqlSession({ kind: "pglite", dataDir: pgliteDataDir(config.dataDir) });
    const summary = await restoreBackup({
      archive: from,
      session,
      storage,
      replace: values.replace === true,
      onProgress: (message) => console.log(message),
    });
    printSummary(summary, config.databaseUrl ? "postgres" : "pglite");
  } catch (error) {
    if (error instanceof RestoreRefusedError || error instanceof DamagedArchiveError) {
      process.exitCode = 1;
      console.error(error.message);
      refused = true;
      return;
    }
    throw error;
  } finally {
    storage.close();
    await session?.close();
    await lock.release();
    if (refused) await removeCreated(config.dataDir, existedBefore);
  }
}

/** Removes what this command created in DATA_DIR (all of it, if the directory is new). */
async function removeCreated(dataDir: string, existedBefore: Set<string> | undefined) {
  if (!existedBefore) {
    await rm(dataDir, { recursive: true, force: true });
    return;
  }
  for (const entry of await readdir(dataDir)) {
    if (!existedBefore.has(entry)) await rm(join(dataDir, entry), { recursive: true, force: true });
  }
}

function printSummary(summary: RestoreSummary, target: "pglite" | "postgres") {
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Sauvegarde restaurée en ${seconds(summary.ms)} dans : ${kindLabel(target)}
  archive du ${summary.createdAt} (${kindLabel(summary.source.kind)}), manifeste sha256 ${summary.manifestSha256}${
    summary.replaced
      ? `\n  remplacé : ${summary.replaced.rows} lignes et ${summary.replaced.files} fichiers supprimés d'abord`
      : ""
  }
  ${rows} lignes
${tableLines(summary.tables)}
  fichiers : ${summary.files} (${bytes(summary.fileBytes)})
Au prochain démarrage, le serveur applique les migrations plus récentes que la sauvegarde.`);
}

main().catch((error: unknown) => {
  console.error("Échec de la restauration :", error);
  process.exit(1);
});
