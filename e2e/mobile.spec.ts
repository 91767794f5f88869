import { expect, test } from "@playwright/test";
import { gotoPublicPage, publicMenuToggle, registerThroughApi } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test.describe("Petit écran (360 px)", () => {
  test("la barre latérale de l'espace client s'ouvre et se ferme avec son bouton", async ({
    page,
  }) => {
    await registerThroughApi(page);
    await page.goto("/client");
    const sidebar = page.getByRole("navigation", { name: "Espace client" });
    const toggle = page.getByRole("button", { name: "Menu de navigation" });
    await expect(sidebar).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.keyboard.press("Escape");
    await expect(sidebar).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await sidebar.getByRole("link", { name: "Mon profil" }).click();
    await expect(page).toHaveURL(/\/client\/profil$/);
    await expect(sidebar).toBeHidden();
    await toggle.click();
    await expect(sidebar.getByRole("link", { name: "Mon profil" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByRole("link", { name: "Tableau de bord" })).not.toHaveAttribute(
      "aria-current",
    );

    // Nothing overflows sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("le menu mobile du site public s'ouvre, navigue et se ferme", async ({ page }) => {
    await gotoPublicPage(page, "/");
    const toggle = publicMenuToggle(page);
    const menu = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
    await toggle.click();
    await toggle.click();
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole("link", { name: "Connexion" }).click();
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
