import { expect, test } from "@playwright/test";
import { firm } from "../src/domain/firm";

test.describe("Gabarit du site public", () => {
  test("le lien d'évitement mène au contenu principal", async ({ page }) => {
    await page.goto("/auth/login");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu principal" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#contenu")).toBeFocused();
  });

  test("l'en-tête et le pied de page donnent la navigation et les coordonnées", async ({
    page,
  }) => {
    await page.goto("/auth/register");
    const header = page.getByRole("banner");
    for (const name of ["Accueil", "À propos", "Services", "Contact"]) {
      await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole("link", { name: "Connexion" })).toHaveAttribute(
      "href",
      "/auth/login",
    );
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(firm.postalAddress)).toBeVisible();
    await expect(footer.getByRole("link", { name: firm.email })).toHaveAttribute(
      "href",
      `mailto:${firm.email}`,
    );
    await expect(footer.getByRole("link", { name: firm.phone })).toBeVisible();
    for (const network of firm.social) {
      await expect(
        footer.getByRole("link", { name: new RegExp(`^${network.name}`) }),
      ).toHaveAttribute("href", network.url);
    }
  });

  test("une nouvelle page s'ouvre en haut", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Créer un compte" }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Créer un compte" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
