import { existsSync, mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2eAdmin, e2eNewOfficer, e2ePort, e2eSecondAdmin } from "./e2e/fixtures";

// The journeys run against the built platform (`npm run build`), started on a fresh embedded
// database in a temporary DATA_DIR, in the system Chromium (never a downloaded browser).
// The directory is made once in the main process; workers inherit it through the environment,
// so journeys can read the mail outbox the server writes there.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "pret-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

const onCi = Boolean(process.env.CI);

// Debian's headless build of Chromium (package chromium-headless-shell), the same engine without
// the full browser's window machinery: here the journeys took 6.5 min in it against 9.2 min in
// the full `chromium`, whose browser process alone used three times the CPU. The full browser
// still serves where the headless shell is not installed.
const headlessShell = "/usr/bin/chromium-headless-shell";
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

// Journeys that run alone, one at a time, after all the others have ended (project "alone",
// which depends on "journeys": one run and one server for both): those that time a page under a
// slowed CPU, so that no other journey takes the CPU, and the dashboard's, which compares the
// firm's totals before and after its requests. `--project alone --no-deps` runs them by themselves.
const alone = ["hydration-taps.spec.ts", "admin-dashboard.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  // Runs against `npm run dev` instead: playwright.dev.config.ts.
  testIgnore: "dev-loop.spec.ts",
  outputDir: "test-results",
  // Each journey makes its own clients and requests, reads the outboxes by recipient and shares
  // the officers' sessions through E2E_DATA_DIR (e2e/officers.ts): journeys run side by side.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, availableParallelism()),
  // A flaky journey is a defect to fix: no retry here; one on CI, with its trace kept, and the
  // list reporter names every retried journey ("flaky") in its summary.
  retries: onCi ? 1 : 0,
  // Side by side on a 2-processor machine a journey takes about twice as long as alone.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    locale: "fr-FR",
    timezoneId: "Africa/Abidjan",
    // Recorded for a retry only (CI's): recording every journey's trace, to keep only the failed
    // ones', cost a sixth of the journeys' time here. Locally, `--trace on` records one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "journeys",
      testIgnore: [...alone, "dev-loop.spec.ts"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "alone",
      testMatch: alone,
      dependencies: ["journeys"],
      fullyParallel: false,
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: {
    // The second and third officers are made by the real command line tool, on the fresh data
    // directory, before the server takes its lock; the first comes from ADMIN_EMAIL at start-up.
    // None has a second factor yet: e2e/officers.ts enrols the first two on their first sign-in,
    // the third enrols through the screens in two-factor.spec.ts.
    command: [
      ...[e2eSecondAdmin, e2eNewOfficer].map((officer) =>
        [
          "npx tsx scripts/admin-create.ts",
          `--email ${officer.email}`,
          `--password '${officer.password}'`,
          `--first-name ${officer.firstName}`,
          `--last-name ${officer.lastName}`,
          "&&",
        ].join(" "),
      ),
      // A request dated three days back, for the overdue journey (e2e/seed-overdue.ts).
      "npx tsx e2e/seed-overdue.ts",
      "&& node build/server/main.js",
    ].join(" "),
    url: `http://127.0.0.1:${e2ePort}/api/health`,
    reuseExistingServer: false,
    // Four processes start one after the other; a loaded machine needs more than a minute.
    timeout: 240_000,
    stdout: "pipe",
    env: {
      PORT: String(e2ePort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      LOG_LEVEL: "warn",
      // Journeys sign in many times from one address; the limits themselves are API-tested.
      RATE_LIMIT_DISABLED: "true",
    },
  },
});
