import { expect, test } from "@playwright/test";
import { newClient, registerThroughApi, signInThroughForm, signOutThroughMenu } from "./fixtures";

test.describe("Connexion", () => {
  test("messages de validation : champs vides puis adresse invalide", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Adresse e-mail requise")).toBeVisible();
    await expect(page.getByText("Mot de passe requis")).toBeVisible();
    // The first invalid field takes the focus.
    await expect(page.getByLabel("Adresse e-mail")).toBeFocused();

    await page.getByLabel("Adresse e-mail").fill("awa.kone-sans-arobase");
    await page.getByLabel("Mot de passe", { exact: true }).fill("quelconque");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Adresse e-mail invalide")).toBeVisible();
    await expect(page.getByText("Mot de passe requis")).toHaveCount(0);
  });

  test("un mauvais mot de passe est refusé", async ({ page }) => {
    const client = await registerThroughApi(page);
    await page.context().clearCookies();
    await signInThroughForm(page, { email: client.email, password: "Pas-le-bon-1" });
    await expect(page.getByText("Adresse e-mail ou mot de passe incorrect")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
  });

  test("connexion puis déconnexion : retour à l'accueil, l'espace client redemande la connexion", async ({
    page,
  }) => {
    const client = await registerThroughApi(page);
    await page.context().clearCookies();
    await signInThroughForm(page, client);
    await expect(page).toHaveURL(/\/client$/);
    await expect(page.getByText("Connexion réussie !")).toBeVisible();
    await expect(page.getByText(`Bonjour, ${client.firstName}`)).toBeVisible();

    await signOutThroughMenu(page);
    await page.goto("/client");
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
  });

  test("sans « Se souvenir de moi », le cookie de session disparaît avec le navigateur", async ({
    page,
    context,
  }) => {
    const client = await registerThroughApi(page);
    await context.clearCookies();
    await signInThroughForm(page, client);
    await expect(page).toHaveURL(/\/client$/);
    const session = (await context.cookies()).find(
      (cookie) => cookie.httpOnly && /session/i.test(cookie.name),
    );
    expect(session, "session cookie").toBeDefined();
    expect(session?.expires).toBe(-1);
  });

  test("avec « Se souvenir de moi », la session dure 30 jours", async ({ page, context }) => {
    const client = await registerThroughApi(page);
    await context.clearCookies();
    await signInThroughForm(page, client, { rememberMe: true });
    await expect(page).toHaveURL(/\/client$/);
    const session = (await context.cookies()).find(
      (cookie) => cookie.httpOnly && /session/i.test(cookie.name),
    );
    expect(session, "session cookie").toBeDefined();
    const days = ((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
  });

  test("un client déjà connecté qui ouvre la connexion ou l'inscription va sur son espace", async ({
    page,
  }) => {
    await registerThroughApi(page, newClient());
    await page.goto("/auth/login");
    await expect(page).toHaveURL(/\/client$/);
    await page.goto("/auth/register");
    await expect(page).toHaveURL(/\/client$/);
  });
});
