import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { devLoopPort, e2eAdmin } from "./e2e/fixtures";
import config from "./playwright.config";

// The dev loop's journey (e2e/dev-loop.spec.ts) against `npm run dev` itself, on its own port and
// a fresh DATA_DIR: every kind of page loads from the sources, and an edit to a component shows
// in the open page without a reload. The other journeys run against the build
// (playwright.config.ts), which leaves this one out.
process.env.E2E_DEV_DATA_DIR ??= mkdtempSync(join(tmpdir(), "pret-dev-e2e-"));

export default defineConfig({
  ...config,
  testMatch: "dev-loop.spec.ts",
  testIgnore: undefined,
  projects: [{ name: "dev", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  workers: 1,
  // Vite transforms each module on its first request: the first page of a cold start is slow.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: { ...config.use, baseURL: `http://127.0.0.1:${devLoopPort}` },
  webServer: {
    command: "npm run dev",
    url: `http://127.0.0.1:${devLoopPort}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      PORT: String(devLoopPort),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DEV_DATA_DIR,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
    },
  },
});
