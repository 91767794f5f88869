// Lighthouse on the four public pages, as a phone on a slow network sees them: starts the built
// server (run `npm run build` first) on a free port with a temporary DATA_DIR, runs Lighthouse 12
// (mobile preset: simulated slow 4G, 4x CPU slowdown) in the system Chromium, prints per page the
// four category scores, the LCP and the JavaScript the page loads, then stops everything.
//
//   npm run lighthouse               prints the figures
//   npm run lighthouse -- --strict   also exits 1 when a target is missed
//   npm run lighthouse -- --save     also writes each page's full report (JSON) to lighthouse/
//
// Targets: performance >= 95, accessibility 100, LCP < 1.5 s, home page JavaScript <= 100 KiB
// gzipped. Not part of `npm test`: the scores depend on the machine's load.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = join(import.meta.dirname, "..");
const serverEntry = join(root, "build", "server", "main.js");
const clientDir = join(root, "build", "web", "client");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const strict = process.argv.includes("--strict");
const saveDir = process.argv.includes("--save") ? join(root, "lighthouse") : undefined;

const pages = [
  { name: "Accueil", path: "/" },
  { name: "À propos", path: "/a-propos" },
  { name: "Services", path: "/services" },
  { name: "Contact", path: "/contact" },
];

const targets = { performance: 95, accessibility: 100, lcpMs: 1500, homeJsKiB: 100 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`le serveur s'est arrêté (code ${server.exitCode})`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("le serveur n'a pas répondu sur /api/health à temps");
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill("SIGTERM");
  });
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

type PageResult = {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  scripts: number;
  jsTransferKiB: number;
  jsGzipKiB: number;
  failedAudits: string[];
};

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
): Promise<Omit<PageResult, "name" | "path">> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
  const { lhr } = result;
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "accueil";
    writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr));
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
async function auditWithRetry(url: string, port: number, origin: string) {
  try {
    return await audit(url, port, origin);
  } catch (error) {
    if (!/\((NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED)\)/.test(String(error))) throw error;
    process.stdout.write("(trace perdue, nouvel essai) ");
    return audit(url, port, origin);
  }
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

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "pret-lighthouse-"));
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });

  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results: PageResult[] = [];
  try {
    await waitForHealth(origin, server);
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
    for (const page of pages) {
      // One warm-up load so the figures do not include the server's first disk reads.
      await fetch(`${origin}${page.path}`).then((response) => response.text());
      process.stdout.write(`Lighthouse ${page.path}… `);
      const figures = await auditWithRetry(`${origin}${page.path}`, chrome.port, origin);
      process.stdout.write("fait\n");
      results.push({ ...page, ...figures });
    }
  } finally {
    await chrome?.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const misses: string[] = [];
  console.log("");
  console.log(
    "page        perf  a11y  bonnes-pratiques  SEO   LCP      JS (scripts, transféré, gzip -9)",
  );
  for (const r of results) {
    console.log(
      [
        r.path.padEnd(10),
        String(r.performance).padStart(5),
        String(r.accessibility).padStart(5),
        String(r.bestPractices).padStart(17),
        String(r.seo).padStart(5),
        `${(r.lcpMs / 1000).toFixed(2)} s`.padStart(8),
        `   ${r.scripts} fichiers, ${r.jsTransferKiB.toFixed(1)} KiB, ${r.jsGzipKiB.toFixed(1)} KiB`,
      ].join(" "),
    );
    if (r.performance < targets.performance)
      misses.push(`${r.path} : performance ${r.performance} < ${targets.performance}`);
    if (r.accessibility < targets.accessibility)
      misses.push(`${r.path} : accessibilité ${r.accessibility} < 100`);
    if (!(r.lcpMs < targets.lcpMs))
      misses.push(`${r.path} : LCP ${(r.lcpMs / 1000).toFixed(2)} s ≥ 1,5 s`);
    if (r.path === "/" && r.jsGzipKiB > targets.homeJsKiB) {
      misses.push(
        `/ : ${r.jsGzipKiB.toFixed(1)} KiB de JavaScript gzip > ${targets.homeJsKiB} KiB`,
      );
    }
    console.log(
      `             FCP ${(r.fcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, élément LCP : ${r.lcpElement}`,
    );
    for (const failed of r.failedAudits) console.log(`             audit non réussi : ${failed}`);
  }
  console.log("");
  if (misses.length === 0) {
    console.log("Tous les objectifs sont atteints.");
  } else {
    console.log("Objectifs manqués :");
    for (const miss of misses) console.log(`  - ${miss}`);
  }
  if (strict && misses.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
