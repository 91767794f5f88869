import { expect, type Page, test } from "@playwright/test";
import { gotoPublicPage, waitForIslands } from "./fixtures";

// The four public pages are prerendered HTML with islands: no React Router in the browser, only
// the islands script, which hydrates the header's menu, the simulator and the contact form.

/** Every console error, uncaught exception and CSP violation of the page, from now on. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      errors.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => errors.push(`exception: ${error.message}`));
  return errors;
}

/** The path of every script the page requests, from now on. */
function collectScripts(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe("Pages publiques en îlots", () => {
  for (const path of ["/", "/a-propos", "/services", "/contact"]) {
    test(`${path} : le HTML porte tout le contenu et un seul script, celui des îlots`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^<script type="module" src="\/assets\/islands-[\w-]+\.js">$/);
      expect(html).not.toContain("modulepreload");
      expect(html).not.toContain("__reactRouter");
      // The stylesheet is in the page: the first paint waits for no other request.
      expect(html).toContain("<style>");
      expect(html).not.toContain('<link rel="stylesheet"');
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).toContain("Aller au contenu principal");
      expect(html).toContain('data-island="site-header"');
      // The header's current page is right before any script runs.
      const current = [...html.matchAll(/<a\b[^>]*aria-current="page"[^>]*>/g)].map(
        (match) => /href="([^"]+)"/.exec(match[0])?.[1],
      );
      expect(current).toEqual([path, path]);
    });
  }

  test("l'accueil ne charge que les îlots, sans React Router, et ne signale aucune erreur", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const errors = collectErrors(page);
    const scripts = collectScripts(page);
    await gotoPublicPage(page, "/");
    await page.waitForLoadState("networkidle");

    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/^\/assets\/islands-[\w.-]+\.js$/);
    // Nothing of React Router's build (entry.client, root, route modules, manifest).
    expect(scripts.join(" ")).not.toMatch(/entry\.client|\/root-|manifest-|-page-|-layout-/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // The contact form's code (its form and zod) is not loaded here.
    expect(scripts.join(" ")).not.toContain("contact-form");

    // The mobile menu: opens, closes on Escape giving the focus back, and a link leaves the page.
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Accueil" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    // The short simulator reacts.
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("2000000");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(/177\s?698/);

    await toggle.click();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await waitForIslands(page);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole("link", { name: "Services" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    expect(errors).toEqual([]);
  });

  test("le simulateur complet et le formulaire de contact marchent une fois hydratés, sans erreur", async ({
    page,
  }) => {
    await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
    const errors = collectErrors(page);
    const scripts = collectScripts(page);

    await gotoPublicPage(page, "/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await simulator.getByLabel("Taux annuel indicatif (%)").fill("30");
    await expect(simulator.getByText(/taux d'usure de 24 %/).first()).toBeVisible();
    await simulator.getByLabel("Taux annuel indicatif (%)").fill("12");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(/88\s?849/);

    await gotoPublicPage(page, "/contact");
    expect(scripts.some((script) => script.includes("contact-form"))).toBe(true);
    const send = page.getByRole("button", { name: "Envoyer le message" });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText("Le nom est obligatoire")).toBeVisible();
    await page.getByLabel("Nom complet").fill("Awa Koné");
    await page.getByLabel("Adresse e-mail").fill("awa.kone@exemple.ci");
    await page.getByLabel("Votre message").fill("Bonjour, une question sur le prêt immobilier.");
    await send.click();
    await expect(page.getByText("Votre message a été envoyé avec succès")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("");

    // The blocked map frame reports nothing in the page's own console.
    expect(errors.filter((error) => !error.includes("openstreetmap"))).toEqual([]);
  });

  test("ce qui est tapé avant l'hydratation du formulaire est gardé", async ({ page }) => {
    await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
    // The islands script is held back until the visitor has typed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/islands-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The module script holds DOMContentLoaded back: only the response is awaited.
    await page.goto("/contact", { waitUntil: "commit" });
    const send = page.getByRole("button", { name: "Envoyer le message" });
    // Until hydrated, sending would submit the page's form natively: the button waits.
    await expect(send).toBeDisabled();
    await page.getByLabel("Nom complet").fill("Kofi Mensah");
    await page.getByLabel("Votre message").fill("Écrit avant le script");
    release();
    await waitForIslands(page);
    await expect(send).toBeEnabled();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Kofi Mensah");
    await expect(page.getByLabel("Votre message")).toHaveValue("Écrit avant le script");
  });
});
