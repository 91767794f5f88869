import { expect, test } from "@playwright/test";

// The contact page has no script: its form is sent by the browser to the page's action, which
// receives it as POST /api/contact does (the same checks and limits), and answers with the page,
// back at the form (src/web/features/public/contact/contact-form.tsx).

test.describe("Formulaire de contact", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("https://www.openstreetmap.org/**", (route) => route.abort());
    await page.goto("/contact");
  });

  test("les trois champs obligatoires, puis l'adresse invalide, dits par le serveur sous leurs champs", async ({
    page,
  }) => {
    const send = page.getByRole("button", { name: "Envoyer le message" });
    await send.click();
    const form = page.getByRole("form", { name: "Formulaire de contact" });
    await expect(form.getByText("Le nom est obligatoire").first()).toBeVisible();
    await expect(form.getByText("Adresse e-mail obligatoire").first()).toBeVisible();
    await expect(form.getByText("Le message est obligatoire").first()).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveAttribute("aria-invalid", "true");
    // A summary at the top of the form, each line leading to its field.
    const summary = form.getByRole("alert").filter({ hasText: "Corrigez ce qui suit" });
    await expect(summary).toContainText("Corrigez ce qui suit");
    await summary.getByRole("link", { name: "Le message est obligatoire" }).click();
    await expect(page.getByLabel("Votre message")).toBeFocused();

    await page.getByLabel("Nom complet").fill("Awa Koné");
    await page.getByLabel("Adresse e-mail").fill("awa.kone@exemple");
    await page.getByLabel("Votre message").fill("Bonjour");
    await send.click();
    await expect(form.getByText("Adresse e-mail invalide").first()).toBeVisible();
    await expect(form.getByText("Le nom est obligatoire")).toHaveCount(0);
    await expect(form.getByText("Le message est obligatoire")).toHaveCount(0);
    // What was typed stays.
    await expect(page.getByLabel("Nom complet")).toHaveValue("Awa Koné");
    await expect(page.getByLabel("Votre message")).toHaveValue("Bonjour");
  });

  test("un message envoyé est confirmé, le formulaire vide ; recharger n'envoie rien de plus", async ({
    page,
  }) => {
    await page.getByLabel("Nom complet").fill("Awa Koné");
    await page.getByLabel("Adresse e-mail").fill("awa.kone@exemple.ci");
    await page.getByLabel("Téléphone (facultatif)").fill("+2250701020304");
    await page.getByLabel("Sujet (facultatif)").fill("Renseignement");
    await page.getByLabel("Votre message").fill("Quels documents pour un prêt entreprise ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expect(page).toHaveURL(/\/contact\?envoye=1#formulaire$/);
    await expect(page.getByRole("status")).toHaveText("Votre message a été envoyé avec succès");
    await expect(page.getByLabel("Nom complet")).toHaveValue("");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("");
    await expect(page.getByLabel("Votre message")).toHaveValue("");
    // A reload asks for the page again, not for the form to be sent again.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.reload();
    expect(posts).toEqual([]);
  });

  test("un formulaire envoyé depuis un autre site est refusé", async ({ page }) => {
    const answer = await page.request.post("/contact", {
      headers: { origin: "https://autre-site.example" },
      form: { name: "Awa", email: "awa@exemple.ci", message: "Bonjour" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
  });
});
