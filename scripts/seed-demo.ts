// Fills the configured database (DATA_DIR or DATABASE_URL, as the server) with demo data:
//   npm run seed:demo                                   300 clients, 450 requests, 3 officers
//   npm run seed:demo -- --clients 20000 --loans 100000 --no-documents    the benchmarks' set
// Run `npm run seed:demo -- --help` for every option.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isCommonPassword } from "../src/server/auth/common-passwords";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";
import { openPlatformDatabase } from "../src/server/platform";
import { createFilesystemStorage } from "../src/server/storage/filesystem-storage";
import { countDemoData, removeDemoData, type WriteSummary, writeDemoData } from "./seed/write";

export const defaultDemoPassword = "Baobab-Demo-2026";

const help = `Usage : npm run seed:demo -- [options]

Remplit la base de données configurée (DATA_DIR pour la base intégrée, DATABASE_URL pour un
serveur PostgreSQL, comme le serveur) avec des données de démonstration : clients d'Abidjan, de
Dakar et de Lomé, demandes de prêt dans tous les statuts sur les 18 derniers mois avec leurs trois
documents, notes, assignations et historique, et des comptes administrateurs. Les migrations sont
appliquées d'abord. Avec la base intégrée, le serveur doit être arrêté.

Options :
  --clients N       nombre de clients (300 par défaut)
  --loans N         nombre de demandes de prêt (450 par défaut)
  --officers N      nombre d'administrateurs, de 1 à 6 (3 par défaut)
  --seed N          graine du générateur : la même graine donne les mêmes données (7 par défaut)
  --password MDP    mot de passe de tous les comptes de démonstration (${defaultDemoPassword} par défaut)
  --no-documents    demandes sans documents ni activités « document ajouté » : pour les gros
                    jeux des mesures. 100 000 demandes s'écrivent en 1 à 2 min sur PostgreSQL
                    (2 à 3 min sur PGlite) ; leurs 300 000 fichiers y ajouteraient 2 à 3 min, et
                    un fichier ne peut pas servir à plusieurs documents (storage_key est unique :
                    supprimer l'un casserait les autres). La liste des demandes ne lit pas les
                    documents : les mesures n'en ont pas besoin.
  --replace         supprime d'abord les données de démonstration existantes (comptes, demandes,
                    documents et leurs fichiers), puis recommence
  --batch-size N    demandes par transaction (500 par défaut)
  --help            cette aide

Une deuxième exécution refuse tant que des données de démonstration existent (comptes dont
l'adresse est en @demo.exemple.ci, .sn, .tg ou @demo.horizoncredit.africa) : --replace les
remplace. Les données réelles ne sont jamais touchées.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function positiveInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 0,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    fail(
      `--${name} doit être un nombre entier supérieur ou égal à ${min} (reçu : ${value})\n\n${help}`,
    );
  }
  return parsed;
}

async function main() {
  let values: ReturnType<typeof parseOptions>["values"];
  try {
    values = parseOptions().values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${help}`);
  }
  if (values.help) {
    console.log(help);
    return;
  }
  const clients = positiveInteger("clients", values.clients, 300, 1);
  const loans = positiveInteger("loans", values.loans, 450);
  const officers = positiveInteger("officers", values.officers, 3, 1);
  if (officers > 6) fail("--officers doit être compris entre 1 et 6");
  const seed = positiveInteger("seed", values.seed, 7);
  const batchSize = positiveInteger("batch-size", values["batch-size"], 500, 1);
  const password = values.password ?? defaultDemoPassword;
  if (password.length < 8) fail("Le mot de passe doit contenir au moins 8 caractères");
  if (await isCommonPassword(password))
    fail("Ce mot de passe est trop courant : choisissez-en un autre.");

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let opened: Awaited<ReturnType<typeof openPlatformDatabase>>;
  try {
    opened = await openPlatformDatabase(config, { purpose: "commande seed:demo" });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `${error.message}\nLe serveur utilise la base de données intégrée : arrêtez-le, lancez npm run seed:demo, puis redémarrez-le.`,
      );
    }
    throw error;
  }
  const { database, lock } = opened;
  const where =
    database.kind === "pglite"
      ? `la base intégrée de ${config.dataDir}`
      : "la base PostgreSQL de DATABASE_URL";
  const storage = createFilesystemStorage(join(config.dataDir, "uploads"));
  try {
    const existing = await countDemoData(database.db);
    if (existing.accounts > 0) {
      if (!values.replace) {
        process.exitCode = 1;
        console.error(
          `Des données de démonstration existent déjà dans ${where} : ${existing.accounts} comptes, ${existing.loans} demandes. Rien n'a été écrit. Relancez avec --replace pour les supprimer et les recréer.`,
        );
        return;
      }
      const started = performance.now();
      const removed = await removeDemoData(database.db, storage);
      console.log(
        `Anciennes données de démonstration supprimées : ${removed.accounts} comptes, ${removed.files} fichiers (${seconds(performance.now() - started)}).`,
      );
    }

    console.log(`Écriture dans ${where} : ${clients} clients, ${loans} demandes, graine ${seed}…`);
    const started = performance.now();
    const summary = await writeDemoData(database.db, storage, {
      seed,
      clients,
      loans,
      officers,
      now: new Date(),
      password,
      documents: !values["no-documents"],
      batchSize,
      onProgress: (message) => console.log(`  ${message}`),
    });
    printSummary(summary, performance.now() - started, password);
  } finally {
    await database.close();
    await lock?.release();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printSummary(summary: WriteSummary, elapsedMs: number, password: string) {
  const statuses = Object.entries(summary.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
  console.log(`
Données de démonstration écrites en ${seconds(elapsedMs)} :
  ${summary.clients} clients, ${summary.officers.length} administrateurs
  ${summary.loans} demandes (${statuses})
  ${summary.documents} documents, ${summary.activities} activités, ${summary.notes} notes
  temps : ${Object.entries(summary.timings)
    .map(([step, ms]) => `${step} ${seconds(ms)}`)
    .join(", ")}

Comptes administrateurs (mot de passe : ${password}) :
${summary.officers.map((o) => `  ${o.firstName} ${o.lastName} <${o.email}>`).join("\n")}
Chaque client de démonstration se connecte aussi avec ce mot de passe.`);
}

function parseOptions() {
  return parseArgs({
    options: {
      clients: { type: "string" },
      loans: { type: "string" },
      officers: { type: "string" },
      seed: { type: "string" },
      password: { type: "string" },
      "no-documents": { type: "boolean", default: false },
      replace: { type: "boolean", default: false },
      "batch-size": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
}

main().catch((error: unknown) => {
  console.error("Échec du remplissage de démonstration :", error);
  process.exit(1);
});
