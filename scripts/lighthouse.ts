// Lighthouse on every page a visitor, a client and an officer spend their time on, as a phone on a
// slow network sees them (and, for the officers' pages, as a desk computer does too). Starts the
// built server (run `npm run build` first) on a free port with a throwaway DATA_DIR filled with a
// small demo data set (a client with requests, officers), signs in through the real routes, runs
// Lighthouse in the system Chromium with the session cookie, prints per page the four category
// scores, the LCP and the JavaScript the page loads, then stops everything.
//
//   npm run lighthouse                     prints the figures
//   npm run lighthouse -- --strict         also exits 1 when a target is missed
//   npm run lighthouse -- --save           also writes each page's full report (JSON) to lighthouse/
//   npm run lighthouse -- --only /client   only the pages whose path starts with /client
//   npm run lighthouse -- --runs 3         each page 3 times; each figure is the median of the runs
//                                          (a single run moves with the machine's load)
//
// Targets (issue 27): public pages performance >= 98, LCP <= 1.2 s, no JavaScript; sign-in pages
// performance >= 98; client pages performance >= 95, LCP <= 1.8 s, TBT <= 150 ms, JavaScript
// <= 165 KiB gzipped (React Router's framework runtime included); officers' pages performance >= 95
// on the mobile preset and 100 on the desktop preset; accessibility 100 everywhere. Not part of `npm test`: the scores depend
// on the machine's load.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import type { AdminLoanSummaryJson } from "../src/domain/api/admin-loans";
import type { LoanSummaryJson } from "../src/domain/api/loans";
import type { Page } from "../src/domain/api/page";
import { signIn, startServer } from "./bench/server-process";

const root = join(import.meta.dirname, "..");
const serverEntry = join(root, "build", "server", "main.js");
const clientDir = join(root, "build", "web", "client");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const strict = process.argv.includes("--strict");
const saveDir = process.argv.includes("--save") ? join(root, "lighthouse") : undefined;
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const runsIndex = process.argv.indexOf("--runs");
const runs = runsIndex > 0 ? Math.max(1, Number(process.argv[runsIndex + 1]) || 1) : 1;

type Preset = "mobile" | "desktop";
type Who = "client" | "admin";
type Targets = { performance: number; lcpMs?: number; tbtMs?: number; jsKiB?: number };

type PageSpec = {
  /** Path to open; `:loan` is the signed-in user's first request. */
  path: string;
  signIn?: Who;
  preset: Preset;
  targets: Targets;
};

const publicTargets: Targets = { performance: 98, lcpMs: 1200, jsKiB: 0 };
const signInTargets: Targets = { performance: 98, jsKiB: 165 };
const clientTargets: Targets = { performance: 95, lcpMs: 1800, tbtMs: 150, jsKiB: 165 };
const adminMobile: Targets = { performance: 95 };
const adminDesktop: Targets = { performance: 100 };

const pages: PageSpec[] = [
  ...["/", "/a-propos", "/services", "/contact"].map(
    (path): PageSpec => ({ path, preset: "mobile", targets: publicTargets }),
  ),
  { path: "/auth/login", preset: "mobile", targets: signInTargets },
  { path: "/auth/register", preset: "mobile", targets: signInTargets },
  ...[
    "/client",
    "/client/demande-pret",
    "/client/prets/:loan",
    "/client/documents",
    "/client/profil",
  ].map((path): PageSpec => ({ path, signIn: "client", preset: "mobile", targets: clientTargets })),
  ...(["mobile", "desktop"] as const).flatMap((preset) =>
    ["/admin", "/admin/prets", "/admin/prets/:loan", "/admin/clients"].map(
      (path): PageSpec => ({
        path,
        signIn: "admin",
        preset,
        targets: preset === "mobile" ? adminMobile : adminDesktop,
      }),
    ),
  ),
];

const demoPassword = "Baobab-Demo-2026";

/**
 * A small demo data set (scripts/seed-demo.ts) in the throwaway data directory, written before
 * the server starts (PGlite's directory is locked while it runs). Returns the officers' e-mails.
 */
function seedDemoData(dataDir: string): string[] {
  const seeded = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "scripts", "seed-demo.ts"),
      "--clients",
      "12",
      "--loans",
      "40",
      "--officers",
      "2",
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
  );
  if (seeded.status !== 0) throw new Error(`seed:demo a échoué :\n${seeded.stderr}`);
  const officers = [...seeded.stdout.matchAll(/<([^>]+@demo\.horizoncredit\.africa)>/g)].map(
    (match) => match[1] as string,
  );
  if (officers.length === 0) throw new Error("seed:demo n'a créé aucun administrateur");
  return officers;
}

async function getJson<T>(origin: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${path} : ${response.status}`);
  return (await response.json()) as T;
}

type Session = { cookie: string; loanId: number };

/** An officer, and the client of the latest request, each signed in with a request to open. */
async function signInBoth(origin: string, officers: string[]): Promise<Record<Who, Session>> {
  const adminCookie = await signIn(origin, officers[0] as string, demoPassword);
  const list = await getJson<Page<AdminLoanSummaryJson>>(origin, "/api/admin/loans", adminCookie);
  const latest = list.items[0];
  if (!latest) throw new Error("aucune demande dans les données de démonstration");
  const clientCookie = await signIn(origin, latest.client.email, demoPassword);
  const own = await getJson<Page<LoanSummaryJson>>(origin, "/api/loans", clientCookie);
  const clientLoan = own.items[0];
  if (!clientLoan) throw new Error(`${latest.client.email} n'a aucune demande`);
  return {
    admin: { cookie: adminCookie, loanId: latest.id },
    client: { cookie: clientCookie, loanId: clientLoan.id },
  };
}

/** gzip -9 size of a built file served at `url`, or undefined if it is not one of ours. */
function gzippedSize(url: string, origin: string): number | undefined {
  if (!url.startsWith(origin)) return undefined;
  const path = decodeURIComponent(new URL(url).pathname);
  const file = join(clientDir, path);
  if (!file.startsWith(clientDir) || !existsSync(file)) return undefined;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed, taken before each page. */
  benchmarkIndex: number;
  lcpElement: string;
  scripts: number;
  jsTransferKiB: number;
  jsGzipKiB: number;
  failedAudits: string[];
};

type PageResult = PageSpec & { url: string; figures: Figures };

const kib = (bytes: number) => bytes / 1024;

/** The LCP element's selector, from the audit's nested table. */
function lcpElement(details: unknown): string {
  const text = JSON.stringify(details ?? {});
  const match = /"selector":"([^"]+)"/.exec(text);
  return match?.[1] ?? "?";
}
const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function audit(
  url: string,
  port: number,
  origin: string,
  preset: Preset,
  cookie: string | undefined,
): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      extraHeaders: cookie ? { cookie } : undefined,
    },
    preset === "desktop" ? (desktopConfig as Config) : undefined,
  );
  if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
  const { lhr } = result;
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "accueil";
    writeFileSync(join(saveDir, `${name}-${preset}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url} : ${lhr.runtimeError.message}`);

  const network = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (network?.items ?? []).filter((item) => item.resourceType === "Script");
  let transfer = 0;
  let gzip = 0;
  for (const item of scripts) {
    transfer += item.transferSize ?? 0;
    gzip += gzippedSize(item.url, origin) ?? item.transferSize ?? 0;
  }

  const failedAudits = Object.values(lhr.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) => category.auditRefs)
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (entry) =>
        entry && entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === "binary",
    )
    .map((entry) => `${entry?.id} (${entry?.title})`);

  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpElement(lhr.audits["largest-contentful-paint-element"]?.details),
    scripts: scripts.length,
    jsTransferKiB: kib(transfer),
    jsGzipKiB: kib(gzip),
    failedAudits: [...new Set(failedAudits)],
  };
}

/**
 * Chrome's tracing now and then loses the navigation's start (NO_NAVSTART, NO_FCP): Lighthouse
 * says to run it again, which is done once.
 */
async function auditWithRetry(...args: Parameters<typeof audit>) {
  try {
    return await audit(...args);
  } catch (error) {
    if (!/\((NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED)\)/.test(String(error))) throw error;
    process.stdout.write("(trace perdue, nouvel essai) ");
    return audit(...args);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Each number the median of the runs' (Lighthouse's advice for variable machines). */
function medianFigures(all: Figures[]): Figures {
  const first = all[0] as Figures;
  const of = (key: keyof Figures) => median(all.map((figures) => figures[key] as number));
  return {
    ...first,
    performance: Math.round(of("performance")),
    accessibility: Math.round(of("accessibility")),
    bestPractices: Math.round(of("bestPractices")),
    seo: Math.round(of("seo")),
    lcpMs: of("lcpMs"),
    fcpMs: of("fcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
    benchmarkIndex: of("benchmarkIndex"),
    jsGzipKiB: of("jsGzipKiB"),
    jsTransferKiB: of("jsTransferKiB"),
  };
}

function missesOf(result: PageResult): string[] {
  const { figures: f, targets: t, path, preset } = result;
  const where = `${path} (${preset})`;
  const misses: string[] = [];
  if (f.performance < t.performance)
    misses.push(`${where} : performance ${f.performance} < ${t.performance}`);
  if (f.accessibility < 100) misses.push(`${where} : accessibilité ${f.accessibility} < 100`);
  if (t.lcpMs !== undefined && f.lcpMs > t.lcpMs)
    misses.push(`${where} : LCP ${(f.lcpMs / 1000).toFixed(2)} s > ${t.lcpMs / 1000} s`);
  if (t.tbtMs !== undefined && f.tbtMs > t.tbtMs)
    misses.push(`${where} : TBT ${Math.round(f.tbtMs)} ms > ${t.tbtMs} ms`);
  if (t.jsKiB !== undefined && f.jsGzipKiB > t.jsKiB)
    misses.push(`${where} : ${f.jsGzipKiB.toFixed(1)} KiB de JavaScript gzip > ${t.jsKiB} KiB`);
  return misses;
}

function printResults(results: PageResult[]) {
  console.log("");
  if (runs > 1) console.log(`Médianes de ${runs} passages par page.`);
  console.log(
    "page                     preset   perf  a11y  b.-prat.  SEO     LCP     FCP    TBT  JS (fichiers, gzip -9)",
  );
  for (const r of results) {
    const f = r.figures;
    console.log(
      [
        r.path.padEnd(24),
        r.preset.padEnd(7),
        String(f.performance).padStart(5),
        String(f.accessibility).padStart(5),
        String(f.bestPractices).padStart(9),
        String(f.seo).padStart(4),
        `${(f.lcpMs / 1000).toFixed(2)} s`.padStart(8),
        `${(f.fcpMs / 1000).toFixed(2)} s`.padStart(7),
        `${f.tbtMs.toFixed(0)} ms`.padStart(7),
        `  ${f.scripts} f., ${f.jsGzipKiB.toFixed(1)} KiB`,
      ].join(" "),
    );
    console.log(`    CLS ${f.cls.toFixed(3)}, élément LCP : ${f.lcpElement}`);
    for (const failed of f.failedAudits) console.log(`    audit non réussi : ${failed}`);
  }
  // The mobile preset slows the measured work by four whatever the machine: on a slower one (a
  // busy or a smaller virtual machine) the same page shows a longer TBT and a lower score. Figures
  // from two machines compare only beside this index (Lighthouse's own CPU benchmark).
  const indexes = results.map((r) => r.figures.benchmarkIndex);
  console.log(
    `\nVitesse de la machine (benchmarkIndex de Lighthouse) : médiane ${median(indexes).toFixed(0)}, de ${Math.min(...indexes).toFixed(0)} à ${Math.max(...indexes).toFixed(0)}.`,
  );
  const misses = results.flatMap(missesOf);
  console.log("");
  if (misses.length === 0) {
    console.log("Tous les objectifs sont atteints.");
  } else {
    console.log("Objectifs manqués :");
    for (const miss of misses) console.log(`  - ${miss}`);
  }
  if (strict && misses.length > 0) process.exitCode = 1;
}

async function main() {
  if (!existsSync(serverEntry) || !existsSync(join(clientDir, "index.html"))) {
    console.error("Le build est absent : lancez d'abord `npm run build`.");
    process.exit(1);
  }
  if (!existsSync(chromePath)) {
    console.error(`Chromium introuvable (${chromePath}) : installez le paquet Debian chromium.`);
    process.exit(1);
  }
  const selected = pages.filter((page) => !only || page.path.startsWith(only));

  const dataDir = mkdtempSync(join(tmpdir(), "pret-lighthouse-"));
  process.stdout.write("Données de démonstration… ");
  const officers = seedDemoData(dataDir);
  process.stdout.write("écrites\n");
  const server = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_DISABLED: "true" }, serverEntry);
  const origin = server.url;

  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results: PageResult[] = [];
  try {
    const sessions = await signInBoth(origin, officers);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    for (const page of selected) {
      const session = page.signIn ? sessions[page.signIn] : undefined;
      const url = `${origin}${page.path.replace(":loan", String(session?.loanId ?? ""))}`;
      // One warm-up load so the figures do not include the server's first disk reads.
      await fetch(url, { headers: session ? { cookie: session.cookie } : {} }).then((r) =>
        r.text(),
      );
      process.stdout.write(`Lighthouse ${page.path} (${page.preset})… `);
      const all: Figures[] = [];
      for (let run = 0; run < runs; run += 1) {
        all.push(await auditWithRetry(url, chrome.port, origin, page.preset, session?.cookie));
      }
      process.stdout.write(
        runs > 1
          ? `fait (LCP ${all.map((f) => (f.lcpMs / 1000).toFixed(2)).join(", ")} s)\n`
          : "fait\n",
      );
      results.push({ ...page, url, figures: medianFigures(all) });
    }
  } finally {
    await chrome?.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printResults(results);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
