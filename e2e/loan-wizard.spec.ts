import { expect, type Locator, type Page, type Request, test } from "@playwright/test";
import { formatFcfa } from "../src/domain/format-fcfa";
import { monthlyPayment } from "../src/domain/loan-simulator";
import {
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  jpegFile,
  pdfFile,
  pngFile,
  registerThroughApi,
  waitForApp,
} from "./fixtures";

// The loan request wizard and the document upload form, with real files: a PDF, a PNG and a JPEG
// written by code (src/server/test/test-files.ts), sent through the real tus endpoint.

const step1Messages = [
  "Veuillez sélectionner un type de prêt",
  "Veuillez entrer un montant valide",
  "Veuillez entrer une durée valide",
  "Veuillez décrire l'objet du prêt",
];
const missingDocumentMessages = [
  "Veuillez télécharger une pièce d'identité",
  "Veuillez télécharger un justificatif de revenu",
  "Veuillez télécharger vos relevés bancaires",
];
const unsupportedMessage = "Format non accepté : envoyez un fichier PDF, PNG ou JPEG.";

const pdf = (name: string, size?: number) => ({
  name,
  mimeType: "application/pdf",
  buffer: pdfFile("Justificatif", size),
});
const png = (name: string) => ({ name, mimeType: "image/png", buffer: pngFile(120, 80) });
const jpeg = (name: string) => ({ name, mimeType: "image/jpeg", buffer: jpegFile() });

/** The file input of a slot (a "button" to assistive technologies), named exactly by its label. */
function slotInput(page: Locator | Page, label: string): Locator {
  return page.getByRole("button", { name: label, exact: true });
}

/** The slot's group: the drop area, the chosen file, its progress. */
function slot(page: Page, label: string): Locator {
  return page.getByRole("group", { name: label, exact: true });
}

/** Limits the upload speed, so that progress can be watched and a cut made mid-way. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function fillStep1(page: Page) {
  await page.getByLabel("Type de prêt").selectOption({ label: "Prêt personnel" });
  await page.getByLabel("Montant souhaité (FCFA)").fill("5 000 000");
  await page.getByLabel("Durée (en mois)").fill("36");
  await page.getByLabel("Objet du prêt").fill("Achat d'un camion frigorifique");
  await page.getByLabel("Description").fill("Livraison de poisson entre Grand-Bassam et Abidjan");
  await page.getByLabel("Revenu mensuel (FCFA)").fill("450000");
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
]) {
  test.describe(`Demande de prêt (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("étape 1 : messages dans l'ordre, mensualité indicative en direct", async ({ page }) => {
      await registerThroughApi(page);
      await page.goto("/client/demande-pret");
      await expect(
        page.getByRole("heading", { name: "Étape 1 sur 2 : Informations du prêt" }),
      ).toBeVisible();
      await expect(page.getByLabel("Montant souhaité (FCFA)")).toHaveAttribute(
        "placeholder",
        "5000000",
      );
      await expect(page.getByLabel("Durée (en mois)")).toHaveAttribute("placeholder", "36");

      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(page.getByRole("alert")).toHaveText(step1Messages);
      await expect(page.getByLabel("Type de prêt")).toBeFocused();
      await expect(page.getByLabel("Type de prêt")).toHaveAttribute("aria-invalid", "true");

      // The monthly payment follows what is typed, at the type's indicative rate.
      const payment = page.getByTestId("monthly-payment");
      await page.getByLabel("Type de prêt").selectOption({ label: "Prêt personnel" });
      await page.getByLabel("Montant souhaité (FCFA)").fill("5000000");
      await expect(payment).toHaveCount(0);
      await page.getByLabel("Durée (en mois)").fill("36");
      await expect(payment).toContainText(formatFcfa(monthlyPayment(5_000_000, 36, 12)));
      await expect(page.getByText("taux indicatif de 12 % par an")).toBeVisible();
      await expect(page.getByText("Soit 5\u202f000\u202f000\u00a0FCFA")).toBeVisible();
      await page.getByLabel("Type de prêt").selectOption({ label: "Prêt immobilier" });
      await expect(payment).toContainText(formatFcfa(monthlyPayment(5_000_000, 36, 8.5)));
      await page.getByLabel("Durée (en mois)").fill("0");
      await expect(payment).toHaveCount(0);
      await page.getByLabel("Durée (en mois)").fill("36");

      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(page.getByRole("alert")).toHaveText([step1Messages[3] ?? ""]);
      await expect(page.getByLabel("Objet du prêt")).toBeFocused();
      await page.getByLabel("Objet du prêt").fill("Construction d'une boutique");
      await page.getByRole("button", { name: "Suivant" }).click();
      const step2 = page.getByRole("heading", { name: "Étape 2 sur 2 : Documents justificatifs" });
      await expect(step2).toBeFocused();
      await expectNoHorizontalScroll(page);
    });

    test("étape 2 : documents manquants, progression, fichier refusé, Précédent, rechargement, soumission", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await registerThroughApi(page);
      const uploadRequests: Request[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/uploads")) uploadRequests.push(request);
      });
      await page.goto("/client/demande-pret");
      await fillStep1(page);
      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(page.getByText("PNG, JPG ou PDF jusqu'à 10 Mo")).toHaveCount(3);
      await expectNoHorizontalScroll(page);

      // Nothing chosen: the three messages, and focus on the first slot.
      await page.getByRole("button", { name: "Soumettre la demande" }).click();
      await expect(page.getByRole("alert")).toHaveText(missingDocumentMessages);
      await expect(slotInput(page, "Pièce d'identité")).toBeFocused();
      await expect(slotInput(page, "Pièce d'identité")).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousViolations(page);

      // A text file named .pdf is refused before anything is sent.
      await slotInput(page, "Pièce d'identité").setInputFiles({
        name: "faux.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("Ceci n'est pas un PDF, seulement du texte."),
      });
      await expect(slot(page, "Pièce d'identité")).toContainText("faux.pdf");
      await expect(page.getByText(unsupportedMessage)).toBeVisible();
      expect(uploadRequests).toHaveLength(0);

      // A slow connection: the progress bar shows, and submit waits for the upload.
      const cdp = await throttleUploads(page, 150 * 1024);
      await slot(page, "Pièce d'identité")
        .getByRole("button", { name: /Changer/ })
        .click();
      await slotInput(page, "Pièce d'identité").setInputFiles(pdf("Carte d'identité.pdf", 600_000));
      const progress = slot(page, "Pièce d'identité").getByRole("progressbar");
      await expect(progress).toBeVisible();
      await expect(page.getByRole("button", { name: "Soumettre la demande" })).toBeDisabled();
      await expect(
        page.getByText("Veuillez patienter jusqu'à la fin du téléchargement des fichiers."),
      ).toBeVisible();
      await expect
        .poll(async () => Number(await progress.getAttribute("value")), { timeout: 10_000 })
        .toBeGreaterThan(0);

      // 'Précédent' while it is being sent: step 1 kept, the upload goes on.
      await page.getByRole("button", { name: "Précédent" }).click();
      await expect(
        page.getByRole("heading", { name: "Étape 1 sur 2 : Informations du prêt" }),
      ).toBeFocused();
      await expect(page.getByLabel("Montant souhaité (FCFA)")).toHaveValue("5 000 000");
      await expect(page.getByLabel("Objet du prêt")).toHaveValue("Achat d'un camion frigorifique");
      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(page.getByText("Carte d'identité.pdf téléchargé avec succès")).toBeVisible({
        timeout: 15_000,
      });
      await expect(slot(page, "Pièce d'identité")).toContainText("Téléchargé");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await slotInput(page, "Justificatif de revenu").setInputFiles(png("bulletin-de-salaire.png"));
      await expect(page.getByText("bulletin-de-salaire.png téléchargé avec succès")).toBeVisible();
      await slotInput(page, "Relevés bancaires").setInputFiles(jpeg("relevé bancaire.jpg"));
      await expect(page.getByText("relevé bancaire.jpg téléchargé avec succès")).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);

      // A reload keeps the step, the answers and the finished uploads.
      await page.reload();
      await expect(
        page.getByRole("heading", { name: "Étape 2 sur 2 : Documents justificatifs" }),
      ).toBeVisible();
      for (const name of [
        "Carte d'identité.pdf",
        "bulletin-de-salaire.png",
        "relevé bancaire.jpg",
      ]) {
        await expect(page.getByText(name, { exact: true })).toBeVisible();
      }
      await page.getByRole("button", { name: "Précédent" }).click();
      await expect(page.getByLabel("Type de prêt")).toHaveValue("personal");
      await expect(page.getByLabel("Revenu mensuel (FCFA)")).toHaveValue("450000");
      await page.getByRole("button", { name: "Suivant" }).click();

      const creations = uploadRequests.filter((request) => request.method() === "POST");
      expect(creations).toHaveLength(3);

      await page.getByRole("button", { name: "Soumettre la demande" }).click();
      await expect(page.getByText("Demande de prêt soumise avec succès")).toBeVisible();
      await expect(page).toHaveURL(/\/client\/prets\/\d+$/);

      // The draft is gone: a new request starts empty.
      await page.goto("/client/demande-pret");
      await expect(page.getByLabel("Objet du prêt")).toHaveValue("");
    });
  });
}

test.describe("Demande de prêt : réseau et rechargement", () => {
  test("un téléchargement coupé en route reprend tout seul au retour du réseau, sans recommencer", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await registerThroughApi(page);
    const patches: { offset: number }[] = [];
    let creations = 0;
    page.on("request", (request) => {
      if (!request.url().includes("/api/uploads")) return;
      if (request.method() === "POST") creations += 1;
      if (request.method() === "PATCH") {
        patches.push({ offset: Number(request.headers()["upload-offset"]) });
      }
    });
    await page.goto("/client/demande-pret");
    await fillStep1(page);
    await page.getByRole("button", { name: "Suivant" }).click();

    await throttleUploads(page, 200 * 1024);
    const size = 3 * 1024 * 1024;
    await slotInput(page, "Relevés bancaires").setInputFiles(pdf("relevés-2026.pdf", size));
    const progress = slot(page, "Relevés bancaires").getByRole("progressbar");
    await expect
      .poll(async () => Number(await progress.getAttribute("value")), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(30);

    await context.setOffline(true);
    await expect(
      page.getByText("Connexion perdue : le téléchargement reprendra automatiquement."),
    ).toBeVisible();
    const before = Number(await progress.getAttribute("value"));
    await page.waitForTimeout(1500);
    await context.setOffline(false);

    await expect(page.getByText("relevés-2026.pdf téléchargé avec succès")).toBeVisible({
      timeout: 30_000,
    });
    expect(creations).toBe(1);
    expect(patches[0]?.offset).toBe(0);
    const resumedAt = patches.at(-1)?.offset ?? 0;
    // Resumed from what the server held, not from the start.
    expect(patches.length).toBeGreaterThanOrEqual(2);
    expect(resumedAt).toBeGreaterThan(size * 0.2);
    expect(resumedAt).toBeLessThanOrEqual(size * (before / 100) + 256 * 1024);
  });

  test("après un rechargement en plein envoi, choisir le même fichier reprend là où il en était", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerThroughApi(page);
    // Leaving while a file is sent asks first: the journey confirms.
    page.on("dialog", (dialog) => void dialog.accept());
    const patches: number[] = [];
    let creations = 0;
    page.on("request", (request) => {
      if (!request.url().includes("/api/uploads")) return;
      if (request.method() === "POST") creations += 1;
      if (request.method() === "PATCH") patches.push(Number(request.headers()["upload-offset"]));
    });
    await page.goto("/client/demande-pret");
    await fillStep1(page);
    await page.getByRole("button", { name: "Suivant" }).click();

    const size = 2 * 1024 * 1024;
    const file = pdf("justificatif-revenu.pdf", size);
    const cdp = await throttleUploads(page, 200 * 1024);
    await slotInput(page, "Justificatif de revenu").setInputFiles(file);
    const progress = slot(page, "Justificatif de revenu").getByRole("progressbar");
    await expect
      .poll(async () => Number(await progress.getAttribute("value")), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(40);

    await page.reload();
    await cdp.detach().catch(() => undefined);
    await expect(
      page.getByRole("heading", { name: "Étape 2 sur 2 : Documents justificatifs" }),
    ).toBeVisible();
    // The unfinished file is not in the draft: the client chooses it again.
    await slotInput(page, "Justificatif de revenu").setInputFiles(file);
    await expect(page.getByText("justificatif-revenu.pdf téléchargé avec succès")).toBeVisible({
      timeout: 30_000,
    });
    expect(creations).toBe(1);
    expect(patches[0]).toBe(0);
    expect(patches.at(-1)).toBeGreaterThan(size * 0.3);
  });

  test("après un rechargement, un fichier disparu du serveur est signalé", async ({ page }) => {
    await registerThroughApi(page);
    await page.goto("/client/demande-pret");
    await fillStep1(page);
    await page.getByRole("button", { name: "Suivant" }).click();
    await slotInput(page, "Pièce d'identité").setInputFiles(pdf("cni.pdf"));
    await expect(page.getByText("cni.pdf téléchargé avec succès")).toBeVisible();
    const saved = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith("pret:demande-pret:"));
      return key ? JSON.parse(sessionStorage.getItem(key) ?? "{}") : null;
    });
    const id = saved?.uploads?.identite?.id as string;
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    const deleted = await page.request.delete(`/api/uploads/${id}`, {
      headers: { "tus-resumable": "1.0.0" },
    });
    expect(deleted.status()).toBe(204);

    await page.reload();
    await expect(
      page.getByText("Ce fichier n'est plus disponible : veuillez le télécharger à nouveau."),
    ).toBeVisible();
    await slot(page, "Pièce d'identité")
      .getByRole("button", { name: /Changer/ })
      .click();
    await slotInput(page, "Pièce d'identité").setInputFiles(pdf("cni-bis.pdf"));
    await expect(page.getByText("cni-bis.pdf téléchargé avec succès")).toBeVisible();
  });
});

test.describe("Demande de prêt : retour à l'étape 1", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("un brouillon modifié à la main, puis un message du serveur sur un champ de l'étape 1", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerThroughApi(page);
    await page.goto("/client/demande-pret");
    await fillStep1(page);
    await page.getByRole("button", { name: "Suivant" }).click();
    await slotInput(page, "Pièce d'identité").setInputFiles(pdf("cni.pdf"));
    await slotInput(page, "Justificatif de revenu").setInputFiles(png("bulletin.png"));
    await slotInput(page, "Relevés bancaires").setInputFiles(jpeg("releve.jpg"));
    await expect(page.getByText("releve.jpg téléchargé avec succès")).toBeVisible();

    // The stored draft edited by hand: the amount no longer passes step 1's check.
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith("pret:demande-pret:"));
      if (!key) throw new Error("pas de brouillon");
      const draft = JSON.parse(sessionStorage.getItem(key) ?? "{}");
      draft.values.amount = "beaucoup";
      sessionStorage.setItem(key, JSON.stringify(draft));
    });
    await page.reload();
    await expect(page.getByText("releve.jpg", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Soumettre la demande" }).click();
    await expect(
      page.getByRole("heading", { name: "Étape 1 sur 2 : Informations du prêt" }),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(["Veuillez entrer un montant valide"]);
    await expect(page.getByLabel("Montant souhaité (FCFA)")).toBeFocused();
    await page.getByLabel("Montant souhaité (FCFA)").fill("2 000 000");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Suivant" }).click();

    // The server refuses the purpose (as after a rule changed meanwhile): back to step 1, on it.
    const purposeMessage = "L'objet du prêt ne peut pas être accepté";
    let posts = 0;
    await page.route("**/api/loans", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts += 1;
      await route.fulfill({
        status: 400,
        json: {
          error: {
            code: "validation_error",
            message: "Données invalides",
            fields: { purpose: purposeMessage },
          },
        },
      });
    });
    await page.getByRole("button", { name: "Soumettre la demande" }).click();
    await expect(page.getByText("Erreur lors de la soumission: Données invalides")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Étape 1 sur 2 : Informations du prêt" }),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText([purposeMessage]);
    await expect(page.getByLabel("Objet du prêt")).toBeFocused();
    await expect(page.getByLabel("Montant souhaité (FCFA)")).toHaveValue("2 000 000");
    expect(posts).toBe(1);
  });
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
]) {
  test.describe(`Envoi d'un document (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("messages dans l'ordre, puis document téléchargé et formulaire remis à zéro", async ({
      page,
    }) => {
      await registerThroughApi(page);
      await page.goto("/client/documents");
      const form = page.getByRole("region", { name: "Ajouter un document" });
      const submit = form.getByRole("button", { name: "Télécharger le document" });
      await submit.click();
      await expect(form.getByRole("alert")).toHaveText([
        "Veuillez entrer un nom pour le document",
        "Veuillez sélectionner un type de document",
        "Veuillez sélectionner un fichier",
      ]);
      await expect(form.getByLabel("Nom du document")).toBeFocused();
      await expectNoSeriousViolations(page);

      await slotInput(form, "Fichier").setInputFiles({
        name: "vide.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.alloc(0),
      });
      await expect(form.getByText("Le fichier est vide.")).toBeVisible();

      await form.getByLabel("Nom du document").fill("Avis d'imposition 2025");
      await form.getByLabel("Type de document").selectOption({ label: "Déclaration fiscale" });
      await form.getByRole("button", { name: /Changer/ }).click();
      await slotInput(form, "Fichier").setInputFiles(pdf("impots-2025.pdf"));
      await expect(form.getByText("impots-2025.pdf")).toBeVisible();
      await expect(form.getByRole("alert")).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await submit.click();
      await expect(page.getByText("Document téléchargé avec succès")).toBeVisible();
      await expect(form.getByLabel("Nom du document")).toHaveValue("");
      await expect(form.getByLabel("Type de document")).toHaveValue("");
      await expect(form.getByText("impots-2025.pdf")).toHaveCount(0);

      const documents = await page.request.get("/api/documents");
      expect(await documents.text()).toContain("Avis d'imposition 2025");
    });
  });
}

test.describe("Envoi d'un document : le code d'envoi", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("chargé dès que le formulaire est touché ; s'il ne peut l'être, message réseau puis « Réessayer »", async ({
    page,
  }) => {
    await registerThroughApi(page);
    const uploadWork = /\/upload-work-[\w-]+\.js$/;
    await page.route(uploadWork, (route) => route.abort());
    const asked: string[] = [];
    page.on("request", (request) => {
      if (uploadWork.test(request.url())) asked.push(request.url());
    });
    await page.goto("/client/documents");
    // Touching the live form is what loads the code (the page is drawn before its app starts).
    await waitForApp(page);
    const form = page.getByRole("region", { name: "Ajouter un document" });
    await form.getByLabel("Nom du document").fill("Relevé de mars");
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await form.getByLabel("Type de document").selectOption({ label: "Relevés bancaires" });
    await slotInput(form, "Fichier").setInputFiles(pdf("releve-mars.pdf"));
    const submit = form.getByRole("button", { name: "Télécharger le document" });
    await submit.click();
    await expect(
      page.getByText(
        "Erreur lors du téléchargement: Erreur réseau. Veuillez vérifier votre connexion.",
      ),
    ).toBeVisible();

    await page.unroute(uploadWork);
    await form.getByRole("button", { name: "Réessayer" }).click();
    await expect(slot(page, "Fichier")).toContainText("Téléchargé");
    await submit.click();
    await expect(page.getByText("Document téléchargé avec succès")).toBeVisible();
  });
});

test.describe("Demande de prêt : l'agence", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("proposée d'après le pays du profil, gardée au rechargement, enregistrée avec la demande", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const client = await registerThroughApi(page);
    const profile = await page.request.patch("/api/me", {
      data: { firstName: client.firstName, lastName: client.lastName, country: "Sénégal" },
    });
    expect(profile.status()).toBe(200);
    await page.goto("/client/demande-pret");
    const office = page.getByLabel("Agence");
    await expect(office).toHaveValue("dakar");
    await expect(office.locator("option:checked")).toHaveText("Dakar");

    // The draft is the app's: on a slow machine the form could be filled and the page reloaded
    // before the app had started (what is typed then is covered by the paint-first journeys).
    await waitForApp(page);
    await fillStep1(page);
    await office.selectOption({ label: "Lomé" });
    await page.reload();
    await expect(page.getByLabel("Agence")).toHaveValue("lome");
    const shots = process.env.E2E_SCREENSHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/assistant-agence-360.png`, fullPage: true });
    await expectNoSeriousViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole("button", { name: "Suivant" }).click();
    await slotInput(page, "Pièce d'identité").setInputFiles(pdf("cni.pdf"));
    await slotInput(page, "Justificatif de revenu").setInputFiles(png("bulletin.png"));
    await slotInput(page, "Relevés bancaires").setInputFiles(jpeg("releve.jpg"));
    await expect(page.getByText("releve.jpg téléchargé avec succès")).toBeVisible();
    await expect(page.getByRole("button", { name: "Soumettre la demande" })).toBeEnabled();
    await page.getByRole("button", { name: "Soumettre la demande" }).click();
    await expect(page).toHaveURL(/\/client\/prets\/\d+$/);
    const info = page.getByRole("region", { name: "Informations de la demande" });
    await expect(info.getByText("Agence", { exact: true })).toBeVisible();
    await expect(info.getByText("Lomé", { exact: true })).toBeVisible();
  });
});
