// JavaScript each kind of page loads: starts the built server on a fresh DATA_DIR, opens a public
// page, an auth page, the client area and the admin area in the system Chromium, and sums the
// gzipped size of every script the page fetched. Run `npm run build` first.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium } from "@playwright/test";
import { signIn as signInThroughApi, startServer } from "./server-process";

const admin = { email: "bench.admin@horizoncredit.test", password: "Bench-Officier-2026" };
const client = {
  fullName: "Awa Koné",
  email: "bench.client@exemple.ci",
  password: "Baobab-Lagune-42",
};

// Paths may name the registered client (`:client`). The review page is measured on a request
// that does not exist: its code is the same whatever the data.
const pages: { kind: string; path: string; signIn?: "client" | "admin" }[] = [
  { kind: "public (home)", path: "/" },
  { kind: "public (services)", path: "/services" },
  { kind: "public (contact)", path: "/contact" },
  { kind: "auth (login)", path: "/auth/login" },
  { kind: "client area", path: "/client", signIn: "client" },
  { kind: "admin dashboard", path: "/admin", signIn: "admin" },
  { kind: "admin loans", path: "/admin/prets", signIn: "admin" },
  { kind: "admin loan review", path: "/admin/prets/1", signIn: "admin" },
  { kind: "admin clients", path: "/admin/clients", signIn: "admin" },
  { kind: "admin client file", path: "/admin/clients/:client", signIn: "admin" },
];

async function measure(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length });
      }),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  await page.close();
  return scripts;
}

const dataDir = await mkdtemp(join(tmpdir(), "pret-weight-"));
const server = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  RATE_LIMIT_DISABLED: "true",
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
try {
  const registered = await (await browser.newContext()).request.post(`${server.url}/api/register`, {
    data: client,
  });
  const clientId = ((await registered.json()) as { user: { id: string } }).user.id;
  console.log(
    "JavaScript loaded per kind of page (gzip -6 of each script, first visit, empty cache)",
  );
  for (const { kind, path, signIn } of pages) {
    const context = await browser.newContext();
    if (signIn) {
      // The shared sign-in: an officer gives (or first enrols) a second factor.
      const who = signIn === "admin" ? admin : client;
      const cookie = await signInThroughApi(server.url, who.email, who.password);
      await context.addCookies(
        cookie.split("; ").map((pair) => ({
          name: pair.slice(0, pair.indexOf("=")),
          value: pair.slice(pair.indexOf("=") + 1),
          url: server.url,
        })),
      );
    }
    const scripts = await measure(context, `${server.url}${path.replace(":client", clientId)}`);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    console.log(
      `${kind.padEnd(20)} ${path.padEnd(24)} ${String(scripts.length).padStart(3)} files  ${(gzip / 1024).toFixed(1).padStart(7)} KiB gzip  (${(raw / 1024).toFixed(1)} KiB raw)`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
