import { expect, test } from "@playwright/test";
import { e2eAdmin, registerThroughApi, signInThroughForm, waitForApp } from "./fixtures";

// Spec section 2: who may enter the client and admin areas, and where the others go.
test.describe("Règles d'accès", () => {
  test("un visiteur anonyme est envoyé vers la connexion depuis /client et /admin", async ({
    page,
  }) => {
    await page.goto("/client");
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
    await page.goto("/admin/parametres");
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
  });

  test("un client ne peut pas entrer dans l'administration", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/client$/);
    await page.goto("/admin/prets");
    await expect(page).toHaveURL(/\/client$/);
  });

  test("l'administrateur (ADMIN_EMAIL) arrive sur /admin et n'entre pas dans l'espace client", async ({
    page,
  }) => {
    await signInThroughForm(page, e2eAdmin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Administration" })).toBeVisible();
    await page.goto("/client");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/auth/login");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("après connexion, un lien profond ouvert hors session est retrouvé", async ({
    page,
    context,
  }) => {
    const client = await registerThroughApi(page);
    await context.clearCookies();
    await page.goto("/client/profil");
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/client\/profil$/);
  });

  test("une session terminée ailleurs renvoie à la connexion avec un message", async ({
    page,
    context,
  }) => {
    await registerThroughApi(page);
    await page.goto("/client");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await waitForApp(page);
    await context.clearCookies();
    // Regaining focus re-checks the session.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    await expect(
      page.getByText("Votre session a expiré. Veuillez vous reconnecter."),
    ).toBeVisible();
  });

  test("un lien profond vers /client/prets/12 charge l'application", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/client/prets/12");
    await expect(page).toHaveURL(/\/client\/prets\/12$/);
    await expect(page.getByRole("navigation", { name: "Espace client" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Horizon Crédit Afrique$/);
  });

  test("une adresse inconnue affiche « Page non trouvée » avec des liens utiles", async ({
    page,
  }) => {
    await page.goto("/cette-page-n-existe-pas");
    await expect(page.getByRole("heading", { level: 1, name: "Page non trouvée" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(main.getByRole("link", { name: "Nous contacter" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});
