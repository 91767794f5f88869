// Writes one archive of the database and of every stored file its rows point at:
//   npm run backup -- --out /sauvegardes/pret-$(date +%F).tar
// Uses the server's configuration (DATA_DIR or DATABASE_URL). Run `npm run backup -- --help`.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { BackupRefusedError, type BackupSummary, writeBackup } from "../src/server/backup/backup";
import {
  fetchLiveSnapshot,
  LiveSnapshotUnavailableError,
} from "../src/server/backup/live-snapshot";
import { openSqlSession, type SqlSession } from "../src/server/backup/sql-session";
import { pgliteDataDir } from "../src/server/db/client";
import { type DataDirLock, DataDirLockedError, lockDataDir } from "../src/server/db/data-dir-lock";
import { createStorage } from "../src/server/storage/create-storage";
import { bytes, kindLabel, seconds, tableLines } from "./backup-format";
import { fail, loadConfigOrFail, readOptions } from "./command-line";

const help = `Usage : npm run backup -- --out FICHIER

Écrit dans FICHIER (une archive tar, qui ne doit pas exister) la base de données configurée
(DATABASE_URL, ou la base intégrée de DATA_DIR) et chaque fichier stocké auquel elle fait
référence, avec un manifeste des sommes de contrôle (sha256). Le serveur peut rester en marche :
les lignes viennent d'un seul instantané de la base, les fichiers sont listés après lui.
Avec un serveur PostgreSQL, l'archive contient aussi la sortie de pg_dump (format custom).

Options :
  --out FICHIER   l'archive à écrire
  --help          cette aide`;

async function main() {
  const values = readOptions(help, { out: { type: "string" } });
  if (!values.out) fail(`L'option --out est obligatoire.\n\n${help}`);
  const out = resolve(values.out);

  const config = loadConfigOrFail();

  let lock: DataDirLock | undefined;
  let session: SqlSession;
  if (config.databaseUrl) {
    session = await openSqlSession({ kind: "postgres", url: config.databaseUrl });
  } else {
    const dataDir = pgliteDataDir(config.dataDir);
    if (!existsSync(join(dataDir, "PG_VERSION"))) {
      fail(`Aucune base intégrée dans ${config.dataDir} : rien à sauvegarder.`);
    }
    try {
      lock = await lockDataDir(config.dataDir, { purpose: "commande backup" });
      session = await openSqlSession({ kind: "pglite", dataDir });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      // The server runs: it gives an image of its database, opened here in memory.
      try {
        const image = await fetchLiveSnapshot(config.dataDir);
        console.log(`Image de la base intégrée reçue du serveur en marche (${bytes(image.size)}).`);
        session = await openSqlSession({ kind: "pglite", loadDataDir: image });
      } catch (cause) {
        if (!(cause instanceof LiveSnapshotUnavailableError)) throw cause;
        fail(
          `${error.message}\nLe serveur en marche n'a pas pu donner d'image de la base (${cause.message}) : arrêtez-le, lancez npm run backup, puis redémarrez-le.`,
        );
      }
    }
  }
  const storage = createStorage(config.storage);
  try {
    const summary = await writeBackup({ session, storage, out, pgDumpUrl: config.databaseUrl });
    printSummary(summary);
    if (summary.missingFiles.length > 0) process.exitCode = 2;
  } catch (error) {
    if (error instanceof BackupRefusedError) fail(error.message);
    throw error;
  } finally {
    storage.close();
    await session.close();
    await lock?.release();
  }
}

function printSummary(summary: BackupSummary) {
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Sauvegarde écrite : ${summary.path}
  ${bytes(summary.archiveBytes)} en ${seconds(summary.ms)}
  base : ${kindLabel(summary.source.kind)}, PostgreSQL ${summary.source.serverVersion}, ${rows} lignes
${tableLines(summary.tables)}
  fichiers : ${summary.files} (${bytes(summary.fileBytes)})${
    summary.skippedFiles > 0
      ? `, ${summary.skippedFiles} fichiers stockés sans ligne qui y renvoie (téléchargements en cours ou non rattachés) laissés de côté`
      : ""
  }
  somme de contrôle du manifeste (sha256) : ${summary.manifestSha256}`);
  if (summary.missingFiles.length > 0) {
    console.error(
      `ATTENTION : ${summary.missingFiles.length} fichiers auxquels la base fait référence manquent dans le stockage (supprimés pendant la sauvegarde, ou perdus) : ${summary.missingFiles.slice(0, 10).join(", ")}${summary.missingFiles.length > 10 ? "…" : ""}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error("Échec de la sauvegarde :", error);
  process.exit(1);
});
