import { expect, test } from "@playwright/test";
import { gotoPublicPage } from "./fixtures";

test.describe("Formulaire de contact", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
    await gotoPublicPage(page, "/contact");
  });

  test("les trois champs obligatoires, puis l'adresse invalide", async ({ page }) => {
    const send = page.getByRole("button", { name: "Envoyer le message" });
    await send.click();
    await expect(page.getByText("Le nom est obligatoire")).toBeVisible();
    await expect(page.getByText("Adresse e-mail obligatoire")).toBeVisible();
    await expect(page.getByText("Le message est obligatoire")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Nom complet").fill("Awa Koné");
    await page.getByLabel("Adresse e-mail").fill("awa.kone@exemple");
    await page.getByLabel("Votre message").fill("Bonjour");
    await send.click();
    await expect(page.getByText("Adresse e-mail invalide")).toBeVisible();
    await expect(page.getByText("Le nom est obligatoire")).toHaveCount(0);
    await expect(page.getByText("Le message est obligatoire")).toHaveCount(0);
  });

  test("un message envoyé est confirmé et le formulaire se vide", async ({ page }) => {
    await page.getByLabel("Nom complet").fill("Awa Koné");
    await page.getByLabel("Adresse e-mail").fill("awa.kone@exemple.ci");
    await page.getByLabel("Téléphone (facultatif)").fill("+2250701020304");
    await page.getByLabel("Sujet (facultatif)").fill("Renseignement");
    await page.getByLabel("Votre message").fill("Quels documents pour un prêt entreprise ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expect(page.getByText("Votre message a été envoyé avec succès")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("");
    await expect(page.getByLabel("Votre message")).toHaveValue("");
  });

  test("un échec garde la saisie et affiche le message du serveur", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "rate_limited",
            message:
              "Vous avez envoyé trop de messages en peu de temps. Veuillez réessayer dans quelques minutes.",
          },
        }),
      }),
    );
    await page.getByLabel("Nom complet").fill("Kofi Mensah");
    await page.getByLabel("Adresse e-mail").fill("kofi@exemple.tg");
    await page.getByLabel("Votre message").fill("Mon message à ne pas perdre");
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "trop de messages" })).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Kofi Mensah");
    await expect(page.getByLabel("Votre message")).toHaveValue("Mon message à ne pas perdre");
  });

  test("sans réponse du serveur : le message générique, et la saisie reste", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await page.getByLabel("Nom complet").fill("Kofi Mensah");
    await page.getByLabel("Adresse e-mail").fill("kofi@exemple.tg");
    await page.getByLabel("Votre message").fill("Toujours là ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Une erreur s'est produite. Veuillez réessayer." }),
    ).toBeVisible();
    await expect(page.getByLabel("Votre message")).toHaveValue("Toujours là ?");
  });

  test("le focus va au premier champ en erreur, dont le message part quand il est corrigé", async ({
    page,
  }) => {
    await page.getByLabel("Adresse e-mail").fill("awa.kone@exemple.ci");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByText("Le message est obligatoire")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toBeFocused();

    await page.getByLabel("Nom complet").fill("Awa Koné");
    await expect(page.getByText("Le nom est obligatoire")).toHaveCount(0);
    await expect(page.getByText("Le message est obligatoire")).toBeVisible();
  });

  test("un double clic n'envoie qu'un message ; ceux du serveur vont sous leurs champs", async ({
    page,
  }) => {
    let posts = 0;
    await page.route("**/api/contact", async (route) => {
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "validation_error",
            message: "Certains champs sont invalides.",
            fields: { phone: "Numéro de téléphone refusé par le serveur" },
          },
        }),
      });
    });
    await page.getByLabel("Nom complet").fill("Kofi Mensah");
    await page.getByLabel("Adresse e-mail").fill("kofi@exemple.tg");
    await page.getByLabel("Téléphone (facultatif)").fill("+2250701020304");
    await page.getByLabel("Votre message").fill("Un seul envoi, s'il vous plaît");
    await page.getByRole("button", { name: "Envoyer le message" }).dblclick();

    await expect(page.getByText("Numéro de téléphone refusé par le serveur")).toBeVisible();
    await expect(page.getByLabel("Téléphone (facultatif)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Votre message")).toHaveValue("Un seul envoi, s'il vous plaît");
    expect(posts).toBe(1);
  });
});
