import { expect, test } from "@playwright/test";
import {
  e2eAdmin,
  registerThroughApi,
  signInAsOfficer,
  signInThroughForm,
  signOutThroughMenu,
} from "./fixtures";

test.describe("Profil", () => {
  test("les modifications du profil sont conservées après rechargement", async ({ page }) => {
    const client = await registerThroughApi(page);
    await page.goto("/client/profil");
    await expect(page.getByRole("heading", { level: 1, name: "Mon profil" })).toBeVisible();
    await expect(page.getByLabel("Prénom")).toHaveValue(client.firstName);
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(client.email);
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("readonly", "");
    await expect(
      page.getByText("Pour changer votre email, veuillez contacter le support."),
    ).toBeVisible();

    await page.getByLabel("Prénom").fill("Aïcha");
    await page.getByLabel("Téléphone").fill("abc");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Numéro de téléphone invalide")).toBeVisible();

    // The placeholder's own format, as Ivorian numbers are written, is accepted.
    await expect(page.getByLabel("Téléphone")).toHaveAttribute(
      "placeholder",
      "+225 07 00 00 00 00",
    );
    await page.getByLabel("Téléphone").fill("+225 07 08 09 10 11");
    await page.getByLabel("Adresse", { exact: true }).fill("Rue des Jardins, Cocody");
    await page.getByLabel("Ville").fill("Abidjan");
    await page.getByLabel("Pays").fill("Côte d'Ivoire");
    await page.getByLabel("Code postal").fill("08 BP 123");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Profil mis à jour avec succès")).toBeVisible();
    // The header greets the new first name at once.
    await expect(page.getByRole("button", { name: /Aïcha/ })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Prénom")).toHaveValue("Aïcha");
    await expect(page.getByLabel("Téléphone")).toHaveValue("+225 07 08 09 10 11");
    await expect(page.getByLabel("Adresse", { exact: true })).toHaveValue(
      "Rue des Jardins, Cocody",
    );
    await expect(page.getByLabel("Ville")).toHaveValue("Abidjan");
    await expect(page.getByLabel("Pays")).toHaveValue("Côte d'Ivoire");
    await expect(page.getByLabel("Code postal")).toHaveValue("08 BP 123");
  });

  test("changement du mot de passe : mauvais mot de passe actuel, puis succès et connexion", async ({
    page,
  }) => {
    const client = await registerThroughApi(page);
    await page.goto("/client/profil");
    const current = page.getByLabel("Mot de passe actuel");
    const next = page.getByLabel("Nouveau mot de passe", { exact: true });
    const confirm = page.getByLabel("Confirmer le nouveau mot de passe");
    const submit = page.getByRole("button", { name: "Mettre à jour le mot de passe" });

    await current.fill("pas-le-bon");
    await next.fill("abc");
    await confirm.fill("abd");
    await submit.click();
    await expect(
      page.getByText("Le nouveau mot de passe doit contenir au moins 6 caractères"),
    ).toBeVisible();
    await expect(page.getByText("Les nouveaux mots de passe ne correspondent pas")).toBeVisible();

    const newPassword = "Autre-Baobab-2026";
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(page.getByText("Mot de passe actuel incorrect", { exact: true })).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");

    await current.fill(client.password);
    await submit.click();
    await expect(page.getByText("Mot de passe mis à jour avec succès")).toBeVisible();
    await expect(current).toHaveValue("");

    await signOutThroughMenu(page);
    await signInThroughForm(page, { email: client.email, password: newPassword });
    await expect(page).toHaveURL(/\/client$/);
  });

  test("les paramètres de l'administrateur : profil, mot de passe et paramètres du système inactifs", async ({
    page,
  }) => {
    await signInAsOfficer(page);
    await page.getByRole("button", { name: /menu du compte/ }).click();
    await page.getByRole("menuitem", { name: "Profil" }).click();
    await expect(page).toHaveURL(/\/admin\/parametres$/);
    await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(e2eAdmin.email);

    await page.getByLabel("Prénom").fill("");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Le prénom est obligatoire")).toBeVisible();

    await page.getByRole("button", { name: "Mettre à jour le mot de passe" }).click();
    await expect(page.getByText("Le nouveau mot de passe est obligatoire")).toBeVisible();
    await expect(page.getByText("Veuillez confirmer votre mot de passe")).toBeVisible();

    const system = page.getByRole("region", { name: "Paramètres du système" });
    await expect(system.getByLabel("Montant minimum du prêt (FCFA)")).toBeDisabled();
    await expect(system.getByLabel("Montant minimum du prêt (FCFA)")).toHaveValue("50\u202f000");
    await expect(system.getByLabel("Montant maximum du prêt (FCFA)")).toHaveValue(
      "50\u202f000\u202f000",
    );
    await expect(system.getByLabel("Durée maximale (mois)")).toHaveValue("60");
    await expect(system.getByLabel("Devises acceptées")).toHaveValue("XOF, EUR, USD");
  });
});
