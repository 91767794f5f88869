import { expect, type Page, test } from "@playwright/test";
import { publicMenuToggle } from "./fixtures";

// The four public pages are their HTML and stylesheet alone (src/web/lib/static-page.ts): no
// script, nothing to wait for on a slow phone. Their menu is a disclosure the browser opens
// itself, their simulator and contact form are sent by the browser (public-simulator.spec.ts,
// contact-form.spec.ts).

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

test.describe("Pages publiques sans script", () => {
  for (const path of ["/", "/a-propos", "/services", "/contact"]) {
    test(`${path} : le HTML porte tout le contenu et sa feuille de style, sans aucun script`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<script\b/);
      expect(html).not.toContain("modulepreload");
      // The stylesheet is in the page: the first paint waits for no other request.
      expect(html).toContain("<style>");
      expect(html).not.toContain('rel="stylesheet"');
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).toContain("Aller au contenu principal");
      // The header's current page is right, on the wide and the mobile menus.
      const current = [...html.matchAll(/<a\b[^>]*aria-current="page"[^>]*>/g)].map(
        (match) => /href="([^"]+)"/.exec(match[0])?.[1],
      );
      expect(current).toEqual([path, path]);
    });
  }

  test("l'accueil à 360 px : aucun script chargé, le menu s'ouvre et se ferme, un lien mène à sa page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const errors = collectErrors(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);

    const toggle = publicMenuToggle(page);
    const menu = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Accueil" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await toggle.click();
    await expect(menu).toBeHidden();
    // With the keyboard as well.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();

    await menu.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole("link", { name: "Services" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(errors).toEqual([]);
  });
});
