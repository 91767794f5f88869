import { expect, test } from "@playwright/test";
import {
  e2eAdmin,
  expectNoSeriousViolations,
  registerThroughApi,
  signInAsOfficer,
} from "./fixtures";

test.describe("Accessibilité (axe : aucune violation grave ou critique)", () => {
  for (const path of [
    "/auth/login",
    "/auth/register",
    "/auth/reset-password",
    "/reset-password",
    "/page-inconnue",
  ]) {
    test(`page ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test("formulaire de connexion en erreur", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Adresse e-mail requise")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("espace client : tableau de bord et profil", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/client");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto("/client/profil");
    await expect(page.getByLabel("Prénom")).not.toHaveValue("");
    await expectNoSeriousViolations(page);
  });

  test("administration : paramètres", async ({ page }) => {
    // The officers' shared session: no sign-in toast to fade over the page axe reads.
    await signInAsOfficer(page);
    await page.goto("/admin/parametres");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(e2eAdmin.email);
    await expectNoSeriousViolations(page);
  });
});
