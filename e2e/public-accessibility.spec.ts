import { expect, type Page, test } from "@playwright/test";
import { axeScan, expectAxeFindsNothingSerious, gotoPublicPage } from "./fixtures";

/** axe on the page, the contact page's third-party map left out (see below). */
function expectNothingSeriousOutsideTheMap(page: Page) {
  return expectAxeFindsNothingSerious(axeScan(page).exclude("iframe"));
}

test.describe("Accessibilité des pages publiques (axe : aucune violation grave ou critique)", () => {
  // The map is a third-party frame that cannot load here (no network): it is left out of the scan.
  test.beforeEach(async ({ page }) => {
    await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
  });

  for (const path of ["/", "/a-propos", "/services", "/contact"]) {
    for (const width of [360, 1280]) {
      test(`${path} à ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await gotoPublicPage(page, path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNothingSeriousOutsideTheMap(page);
      });
    }
  }

  test("formulaire de contact en erreur et simulateur en erreur", async ({ page }) => {
    await gotoPublicPage(page, "/contact");
    await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(
      page
        .getByRole("form", { name: "Formulaire de contact" })
        .getByText("Adresse e-mail invalide")
        .first(),
    ).toBeVisible();
    await expectNothingSeriousOutsideTheMap(page);

    await gotoPublicPage(page, "/services");
    await page.getByLabel("Taux annuel (%)").fill("30");
    await page.getByRole("button", { name: "Calculer ma mensualité" }).click();
    await expect(page.getByText(/taux d'usure de 24 %/).first()).toBeVisible();
    await expectNothingSeriousOutsideTheMap(page);
  });
});
