import { expect, test } from "@playwright/test";
import { extractResetPath, registerThroughApi, waitForEmail } from "./fixtures";

test.describe("Mot de passe oublié", () => {
  test("demande, lien reçu par e-mail, nouveau mot de passe, connexion", async ({
    page,
    context,
  }) => {
    const client = await registerThroughApi(page);
    await context.clearCookies();

    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByText("Veuillez entrer votre adresse e-mail")).toBeVisible();

    const since = Date.now();
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(
      page.getByText("Lien de réinitialisation envoyé à votre adresse e-mail"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à la connexion" }).first()).toBeVisible();

    const resetPath = extractResetPath(await waitForEmail(client.email, since));
    await page.goto(resetPath);
    await expect(
      page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" }),
    ).toBeVisible();
    const newPassword = "Nouveau-Baobab-2026";
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirmer le nouveau mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    await expect(page.getByText("Mot de passe mis à jour avec succès")).toBeVisible();
    // Defect 11 of issue 29: the sign-in page keeps the account's address.
    await expect(page.getByLabel("Adresse e-mail", { exact: true })).toHaveValue(client.email);

    // On that page, as the client goes on: the old password is refused, the new one signs in.
    // (Not a new visit of /auth/login: the browser keeps the entry's state on a visit to the same
    // address, and the address filled in at start-up could land in the middle of a fill.)
    const password = page.getByLabel("Mot de passe", { exact: true });
    await password.fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Adresse e-mail ou mot de passe incorrect")).toBeVisible();
    await password.fill(newPassword);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/client$/);
  });

  test("un lien sans jeton explique quoi faire ; un jeton inconnu est refusé", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(
      page.getByText("Ce lien de réinitialisation est incomplet", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
      "href",
      "/auth/reset-password",
    );

    await page.goto("/reset-password?token=jeton-inconnu-123");
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau-Baobab-2026");
    await page.getByLabel("Confirmer le nouveau mot de passe").fill("Nouveau-Baobab-2026");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page.getByText("Lien de réinitialisation invalide ou expiré")).toBeVisible();
  });
});
