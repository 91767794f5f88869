import { expect, type Page, test } from "@playwright/test";
import { areaRoutes } from "../src/domain/area-routes";
import { e2eAdmin, newClient, registerThroughApi, signInThroughApi } from "./fixtures";

// The sign-in pages and the areas' SPA page paint before their JavaScript, which starts after
// the first paint (src/web/shell/boot-script.ts). What a user does before it arrives must not
// be lost. The app's modules are held back here until the test lets them through.
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe("Pages peintes avant leur JavaScript", () => {
  test("la connexion tapée et envoyée avant l'arrivée du JavaScript aboutit", async ({ page }) => {
    const client = await registerThroughApi(page);
    await page.context().clearCookies();
    const release = await holdScripts(page);
    await page.goto("/auth/login", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await page.getByLabel("Adresse e-mail", { exact: true }).fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    // Held until the app has started: no reload with the fields in the address.
    await expect(page).toHaveURL(/\/auth\/login$/);
    release();
    await expect(page).toHaveURL(/\/client$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  });

  // The sign-in pages are islands (decisions/2026-11-26-sign-in-islands.md): React alone, without
  // React Router's framework runtime (about 40 KiB gzipped), and a hydration that matches the page.
  for (const path of ["/auth/login", "/auth/register", "/auth/reset-password", "/reset-password"]) {
    test(`${path} : ses îlots seuls, sans React Router, sans erreur`, async ({ page }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (["error", "warning"].includes(message.type())) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await expect(page.locator("[data-island]")).toHaveCount(2);
      await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toMatch(/^\/assets\/sign-in-[\w.-]+\.js$/);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(problems).toEqual([]);
    });
  }

  test("ce qui est tapé avant l'arrivée du JavaScript reste dans le formulaire", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/auth/register", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Nom complet").fill("Mariam Traoré");
    await page.getByLabel("Adresse e-mail", { exact: true }).fill("mariam@exemple.ci");
    release();
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("Nom complet")).toHaveValue("Mariam Traoré");
    await expect(page.getByLabel("Adresse e-mail", { exact: true })).toHaveValue(
      "mariam@exemple.ci",
    );
  });

  test("l'espace client : le cadre d'abord, la session demandée par la page, les modules de la route nommés", async ({
    page,
  }) => {
    await registerThroughApi(page, newClient());
    const html = await (await page.request.get("/client/documents")).text();
    const lists = html.matchAll(
      /<script type="application\/json" data-module-preload>(.*?)<\/script>/g,
    );
    const modules = [...lists].flatMap((list) => JSON.parse(list[1] ?? "[]") as string[]);
    // The areas' entry and the documents page's own chunk, named by the page itself.
    expect(modules.some((module) => /^\/assets\/areas-[\w-]+\.js$/.test(module))).toBe(true);
    expect(modules.some((module) => /areas-page\.client\.documents-[\w-]+\.js$/.test(module))).toBe(
      true,
    );
    // Not React Router's framework runtime: the areas are their own app.
    expect(html).not.toContain("__reactRouter");
    expect(modules.some((module) => module.includes("entry.client"))).toBe(false);
    expect(html).not.toContain('rel="modulepreload"');

    const order: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/session" || path.startsWith("/assets/areas-")) order.push(path);
    });
    const release = await holdScripts(page);
    await page.goto("/client/documents", { waitUntil: "domcontentloaded" });
    // The frame's skeleton, painted from the HTML alone.
    await expect(page.getByRole("status").getByText("Chargement…")).toBeAttached();
    await expect.poll(() => order[0]).toBe("/api/session");
    release();
    await expect(page.getByRole("heading", { name: "Mes documents" })).toBeVisible();
  });

  // Each area page's HTML asks for the page's first data (src/domain/area-routes.ts) beside the
  // session. If a page's own request differs from the list (a changed page size, a new filter),
  // the URL would be asked for twice: once by the HTML, unused, and once by the page.
  for (const area of ["client", "admin"] as const) {
    test(`espace ${area} : chaque première donnée demandée par la page HTML l'est une seule fois`, async ({
      page,
    }) => {
      // One page after the other, each watched 1.5 s after its data: the time grows with the
      // table of routes.
      test.setTimeout(10_000 + areaRoutes.filter((at) => at.area === area).length * 6_000);
      if (area === "client") await registerThroughApi(page, newClient());
      else await signInThroughApi(page, e2eAdmin);
      for (const route of areaRoutes.filter((at) => at.area === area)) {
        const path = route.path.replace(/:\w+/, "1");
        const asked: string[] = [];
        const listener = (request: { url(): string }) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
          else if (/^\/assets\/areas-/.test(url.pathname)) asked.push("(script)");
        };
        page.on("request", listener);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const firstData = route.firstData.map((at) => at.replace(/:\w+/, "1"));
        await expect.poll(() => firstData.every((url) => asked.includes(url)), path).toBe(true);
        // Time for a page that did not take an answer to ask for it itself.
        await page.waitForTimeout(1500);
        page.off("request", listener);
        expect(
          asked.filter((url) => url === "/api/session"),
          path,
        ).toHaveLength(1);
        // Asked for by the HTML, before any of the app's scripts, and never again by the page.
        const firstScript = asked.indexOf("(script)");
        expect(firstScript, path).toBeGreaterThan(0);
        for (const url of firstData) {
          expect(
            asked.filter((at) => at === url),
            `${path} : ${url}`,
          ).toHaveLength(1);
          expect(asked.indexOf(url), `${path} : ${url}`).toBeLessThan(firstScript);
        }
      }
    });
  }
});
