import { expect, type Page, test } from "@playwright/test";
import { newClient, registerThroughApi } from "./fixtures";

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
});
