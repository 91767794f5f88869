import { expect, test } from "@playwright/test";
import { newClient } from "./fixtures";

test.describe("Inscription", () => {
  test("un nouveau client crée son compte et arrive sur son espace, accueilli par son prénom", async ({
    page,
  }) => {
    const client = newClient();
    await page.goto("/auth/register");
    await page.getByLabel("Nom complet").fill(client.fullName);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByLabel("Confirmer le mot de passe").fill(client.password);
    await page.getByRole("button", { name: "Créer mon compte" }).click();

    await expect(page).toHaveURL(/\/client$/);
    await expect(page.getByText("Compte créé avec succès !")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expect(page.getByText(`Bonjour, ${client.firstName}`)).toBeVisible();
  });

  test("un envoi vide affiche le message de chaque champ", async ({ page }) => {
    await page.goto("/auth/register");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Nom complet requis")).toBeVisible();
    await expect(page.getByText("Adresse e-mail requise")).toBeVisible();
    await expect(page.getByText("Mot de passe requis")).toBeVisible();
    await expect(page.getByText("Confirmation requise")).toBeVisible();
    await expect(page.getByText("Veuillez remplir tous les champs")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Nom complet")).toBeFocused();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("mot de passe trop court, puis confirmation différente", async ({ page }) => {
    const client = newClient();
    await page.goto("/auth/register");
    await page.getByLabel("Nom complet").fill(client.fullName);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("abc");
    await page.getByLabel("Confirmer le mot de passe").fill("abc");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Minimum 6 caractères")).toBeVisible();
    await expect(page.getByLabel("Mot de passe", { exact: true })).toBeFocused();

    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByLabel("Confirmer le mot de passe").fill(`${client.password}x`);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
    await expect(page.getByLabel("Confirmer le mot de passe")).toBeFocused();
    await expect(page.getByText("Minimum 6 caractères")).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test("une adresse déjà inscrite est refusée avec le message du serveur", async ({ page }) => {
    const client = newClient();
    const created = await page.request.post("/api/register", {
      data: { fullName: client.fullName, email: client.email, password: client.password },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto("/auth/register");
    await page.getByLabel("Nom complet").fill(client.fullName);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByLabel("Confirmer le mot de passe").fill(client.password);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});
