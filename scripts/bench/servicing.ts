// Issue 28's figures: the contract (pages, bytes unsigned and signed, time to make and to seal)
// and the portfolio's query (GET /api/admin/stats/portfolio's service) over the 100 000-request
// demo set on PostgreSQL, seeded into a database of the benchmark's own on the first run:
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/bench_servicing, created if missing)
// Options: --runs N (portfolio queries, 50), --reseed, --only contract|portfolio.
//   npm run bench:servicing

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../src/server/config";
import { addSignaturePage, makeContractPdf } from "../../src/server/modules/servicing/contract-pdf";
import { resolveContractSeal, sealPdf } from "../../src/server/modules/servicing/contract-seal";
import { getPortfolioStats } from "../../src/server/modules/servicing/portfolio.service";
import { openPlatformDatabase } from "../../src/server/platform";
import { createFilesystemStorage } from "../../src/server/storage/filesystem-storage";
import { countDemoData, removeDemoData, writeDemoData } from "../seed/write";
import { maintenanceQuery, postgresTarget, quoted } from "./bench-database";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "50" },
    reseed: { type: "boolean", default: false },
    only: { type: "string" },
  },
  strict: true,
});

const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const p95 = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.95))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function pages(file: string): number {
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return Number(info.match(/Pages:\s+(\d+)/)?.[1] ?? 0);
}

async function contract() {
  console.log("== Contrat (pdf-lib, sceau PAdES)");
  const dir = mkdtempSync(join(tmpdir(), "bench-contrat-"));
  const seal = resolveContractSeal({
    dataDir: dir,
    contractSeal: { p12Path: undefined, password: undefined },
  });
  for (const durationMonths of [12, 36, 84]) {
    const make: number[] = [];
    const sealing: number[] = [];
    let unsigned: Uint8Array = new Uint8Array();
    let signed: Buffer = Buffer.alloc(0);
    for (let run = 0; run < 10; run += 1) {
      let started = performance.now();
      unsigned = await makeContractPdf({
        loanId: 4242,
        loanType: "business",
        purpose: "Achat d'un congélateur et du stock de la boutique",
        client: {
          firstName: "Awa",
          lastName: "Koné",
          email: "awa.kone@exemple.ci",
          phone: "+225 07 08 09 10 11",
          address: "Rue des Jardins, Cocody",
          city: "Abidjan",
          country: "Côte d'Ivoire",
        },
        amount: 5_000_000,
        durationMonths,
        annualRatePercent: 12.5,
        feesAmount: 50_000,
        preparedAt: new Date(),
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      });
      make.push(performance.now() - started);
      started = performance.now();
      signed = await sealPdf(
        await addSignaturePage(unsigned, {
          signerName: "Awa Koné",
          signedAt: new Date(),
          ip: "196.47.12.8",
          userAgent: "Mozilla/5.0 (Linux; Android 14; Tecno Spark 20)",
          unsignedSha256: "0".repeat(64),
          channel: "sms",
        }),
        seal,
      );
      sealing.push(performance.now() - started);
    }
    const unsignedFile = join(dir, `contrat-${durationMonths}.pdf`);
    const signedFile = join(dir, `contrat-${durationMonths}-signe.pdf`);
    writeFileSync(unsignedFile, unsigned);
    writeFileSync(signedFile, signed);
    console.log(
      `  ${durationMonths} mois : ${pages(unsignedFile)} pages, ${unsigned.byteLength} octets ; signé ${pages(signedFile)} pages, ${signed.byteLength} octets ; fabrication ${ms(median(make))} (1re ${ms(make[0] ?? 0)}), signature et sceau ${ms(median(sealing))} (médianes sur 10)`,
    );
  }
}

async function portfolio() {
  process.env.BENCH_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/bench_servicing";
  const target = postgresTarget();
  if (!target) throw new Error("BENCH_DATABASE_URL sans nom de base");
  const url = target.url;
  console.log(`\n== Portefeuille (${url})`);
  try {
    await maintenanceQuery(target.maintenance, `create database ${quoted(target.name)}`);
  } catch {
    // It exists already: the set is reused.
  }
  const dataDir = mkdtempSync(join(tmpdir(), "bench-portefeuille-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
  });
  const { database, lock } = await openPlatformDatabase(config, {
    purpose: "mesure bench:servicing",
  });
  try {
    const storage = createFilesystemStorage(join(dataDir, "uploads"));
    const existing = await countDemoData(database.db);
    if (values.reseed || existing.loans < 100_000) {
      if (existing.accounts > 0) await removeDemoData(database.db, storage);
      console.log("  écriture du jeu : 20 000 clients, 100 000 demandes (sans fichiers)…");
      const started = performance.now();
      await writeDemoData(database.db, storage, {
        seed: 7,
        clients: 20_000,
        loans: 100_000,
        now: new Date(),
        password: "Baobab-Demo-2026",
        documents: false,
        onProgress: (message) => console.log(`    ${message}`),
      });
      console.log(`  écrit en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const counts = await database.db.execute(sql`
      select (select count(*) from loan_requests) as requests,
             (select count(*) from loan_requests where servicing_stage = 'repaying') as repaying,
             (select count(*) from installments) as installments,
             (select count(*) from payments) as payments`);
    console.log(`  ${JSON.stringify((counts as unknown as { rows: unknown[] }).rows[0])}`);
    const times: number[] = [];
    let figures = await getPortfolioStats({ db: database.db });
    for (let run = 0; run < Number(values.runs); run += 1) {
      const started = performance.now();
      figures = await getPortfolioStats({ db: database.db });
      times.push(performance.now() - started);
    }
    console.log(
      `  getPortfolioStats (entreprise et 3 agences) : médiane ${ms(median(times))}, p95 ${ms(p95(times))} sur ${times.length}`,
    );
    console.log(
      `  encours ${figures.firm.outstandingPrincipal} FCFA, PAR30 ${(figures.firm.par30 * 100).toFixed(1)} %, ${figures.firm.arrearsCount} prêts en retard (${figures.firm.arrearsAmount} FCFA), encaissé ce mois ${figures.firm.collectedThisMonth} FCFA`,
    );
  } finally {
    await database.close();
    await lock?.release();
  }
}

if (values.only !== "portfolio") await contract();
if (values.only !== "contract") await portfolio();
