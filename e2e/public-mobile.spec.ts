import { expect, test } from "@playwright/test";
import { gotoPublicPage, publicMenuToggle } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test.describe("Site public sur petit écran (360 px)", () => {
  test("le menu mobile mène aux quatre pages, qui tiennent toutes en largeur", async ({ page }) => {
    await gotoPublicPage(page, "/");
    const toggle = publicMenuToggle(page);
    const menu = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();

    for (const [label, path, heading] of [
      ["À propos", "/a-propos", /Financer l'ambition/],
      ["Services", "/services", /Des solutions de financement/],
      ["Contact", "/contact", /Parlons de votre projet/],
      ["Accueil", "/", /Le financement qui fait avancer/],
    ] as const) {
      await toggle.click();
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: label, exact: true }).click();
      // A full page load: the new page's menu starts closed.
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
      await expect(menu).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }

    await toggle.click();
    await expect(menu.getByRole("link", { name: "Connexion" })).toHaveAttribute(
      "href",
      "/auth/login",
    );
  });

  test("le simulateur et le formulaire de contact restent utilisables", async ({ page }) => {
    await gotoPublicPage(page, "/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("500000");
    await simulator.getByRole("button", { name: "Calculer ma mensualité" }).click();
    await expect(page).toHaveURL(/montant=500000/);
    await expect(simulator.getByTestId("simulator-monthly")).toBeVisible();
    const apply = simulator.getByRole("link", { name: /Faire ma demande/ });
    await apply.scrollIntoViewIfNeeded();
    await expect(apply).toBeInViewport();

    await gotoPublicPage(page, "/contact");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Le nom est obligatoire").first()).toBeVisible();
  });
});
