import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatFcfa } from "../src/domain/format-fcfa";
import { monthlyPayment } from "../src/domain/loan-simulator";
import {
  changeStatusThroughAdminApi,
  createLoanThroughApi,
  e2eAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  pdfFile,
  registerThroughApi,
  signInThroughApi,
  uploadThroughApi,
  waitForApp,
} from "./fixtures";

const narrow = "\u202f"; // French thousands separator
const nbsp = "\u00a0"; // before FCFA, Ko, Mo

/** A standalone document (the documents page's upload form) created through the API. */
async function addDocumentThroughApi(
  page: Page,
  name: string,
  category: "identite" | "revenu" | "banque" | "fiscal" | "autre" = "autre",
) {
  const uploadId = await uploadThroughApi(page, pdfFile(name), `${name}.pdf`);
  const response = await page.request.post("/api/documents", {
    data: { name, category, uploadId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).document.id as string;
}

/** Console errors, except the network log of answers the journey expects to fail. */
function watchConsole(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (allowed.some((pattern) => pattern.test(message.text()))) return;
    errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** "#00042" */
function loanNumber(id: number | undefined) {
  return `#${String(id).padStart(5, "0")}`;
}

/** One document of a list: its table row on wide screens, its card on phones. */
function documentEntry(region: Locator, name: string) {
  return region.locator("tbody tr, ul > li").filter({ hasText: name, visible: true });
}

/** 'Voir …' links of files (they open a new tab), not 'Voir tout' or 'Voir les détails'. */
const viewFileLink = /^Voir .*\(nouvel onglet\)$/;

const viewports = [
  { label: "360 px", width: 360, height: 740 },
  { label: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of viewports) {
  test.describe(`Espace client, ${viewport.label}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("tableau de bord vide : messages d'absence et pas de « Voir tout »", async ({ page }) => {
      const errors = watchConsole(page);
      await registerThroughApi(page);
      await page.goto("/client");
      await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
      await expect(page.getByText("Bonjour, Awa")).toBeVisible();

      const loans = page.getByRole("region", { name: "Mes demandes de prêt" });
      await expect(loans.getByText("Vous n'avez encore aucune demande de prêt.")).toBeVisible();
      await expect(loans.getByRole("link", { name: "Demander un prêt" })).toHaveAttribute(
        "href",
        "/client/demande-pret",
      );
      const documents = page.getByRole("region", { name: "Mes documents" });
      await expect(documents.getByText("Vous n'avez encore aucun document.")).toBeVisible();
      await expect(page.getByRole("link", { name: /Voir tout/ })).toHaveCount(0);

      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      expect(errors).toEqual([]);
    });

    test("tableau de bord : les 5 plus récents, « Voir tout » seulement au-delà de 5", async ({
      page,
    }) => {
      const errors = watchConsole(page);
      await registerThroughApi(page);
      const first = await createLoanThroughApi(page, { loanType: "business", amount: 5_000_000 });
      const second = await createLoanThroughApi(page, { loanType: "auto", amount: 7_250_000 });

      await page.goto("/client");
      const loans = page.getByRole("region", { name: "Mes demandes de prêt" });
      const documents = page.getByRole("region", { name: "Mes documents" });
      // Two requests: no 'Voir tout' for them; six documents: 'Voir tout' for those.
      await expect(loans.getByRole("link", { name: /Voir les détails/ })).toHaveCount(2);
      await expect(loans.getByRole("link", { name: /Voir tout/ })).toHaveCount(0);
      await expect(loans.getByText("Prêt automobile").filter({ visible: true })).toBeVisible();
      await expect(
        loans.getByText(`7${narrow}250${narrow}000${nbsp}FCFA`).filter({ visible: true }),
      ).toBeVisible();
      await expect(loans.getByText("En attente").filter({ visible: true }).first()).toBeVisible();
      // Newest first.
      await expect(loans.getByRole("link", { name: /Voir les détails/ }).first()).toHaveAttribute(
        "href",
        `/client/prets/${second}`,
      );
      await expect(documents.getByRole("link", { name: viewFileLink })).toHaveCount(5);
      await expect(documents.getByRole("link", { name: /Voir tout/ })).toBeVisible();
      const view = documents.getByRole("link", { name: /^Voir cni\.pdf/ }).first();
      await expect(view).toHaveAttribute("target", "_blank");
      await expect(view).toHaveAccessibleName(/\(nouvel onglet\)/);
      await expectNoHorizontalScroll(page);

      for (let index = 0; index < 4; index += 1) await createLoanThroughApi(page);
      await page.reload();
      await expect(loans.getByRole("link", { name: /Voir les détails/ })).toHaveCount(5);
      await expect(
        loans.getByRole("link", { name: `Voir les détails de la demande ${loanNumber(first)}` }),
      ).toHaveCount(0);
      await loans.getByRole("link", { name: /Voir tout/ }).click();
      await expect(page).toHaveURL(/\/client\/prets$/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Mes demandes de prêt" }),
      ).toBeVisible();
      await expect(page.getByText("6 demandes")).toBeVisible();
      await expect(page.getByRole("link", { name: /Voir les détails/ })).toHaveCount(6);
      await expect(
        page.getByText(loanNumber(first), { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      expect(errors).toEqual([]);
    });

    test("page d'une demande : bandeau, informations, documents, historique et ajout d'une note", async ({
      page,
    }) => {
      const errors = watchConsole(page);
      await registerThroughApi(page);
      const id = await createLoanThroughApi(page, {
        loanType: "business",
        amount: 12_500_000,
        durationMonths: 36,
        purpose: "Ouverture d'une seconde boutique",
        description: "",
        monthlyIncome: 850_000,
      });
      await page.goto("/client");
      await page.getByRole("link", { name: /Voir les détails/ }).click();
      await expect(page).toHaveURL(new RegExp(`/client/prets/${id}$`));
      await expect(
        page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(id)}` }),
      ).toBeVisible();

      const banner = page.getByRole("region", { name: /Statut de votre demande/ });
      await expect(banner).toContainText("Statut de votre demande : En attente");
      // 'En attente' is said as such, never "en cours d'examen" (issue 29, 8).
      await expect(banner).toContainText("elle est en attente d'examen");
      await expect(banner).not.toContainText("en cours d'examen");

      const info = page.getByRole("region", { name: "Informations de la demande" });
      await expect(info).toContainText("Prêt entreprise");
      await expect(info).toContainText(`12${narrow}500${narrow}000${nbsp}FCFA`);
      await expect(info).toContainText("36 mois");
      await expect(info).toContainText(`850${narrow}000${nbsp}FCFA`);
      await expect(info).toContainText("Ouverture d'une seconde boutique");
      await expect(info).toContainText("Non renseignée");

      const documents = page.getByRole("region", { name: "Documents associés" });
      for (const [name, category, type] of [
        ["cni.pdf", "Pièce d'identité", "PDF"],
        ["bulletin-de-salaire.png", "Justificatif de revenu", "PNG"],
        ["releve-bancaire.jpg", "Relevés bancaires", "JPEG"],
      ] as const) {
        const entry = documentEntry(documents, name);
        await expect(entry).toHaveCount(1);
        await expect(entry).toContainText(category);
        await expect(entry).toContainText(type);
        await expect(entry).toContainText(/\d+(,\d)?\u00a0(octets|Ko|Mo)/);
      }
      const view = documents.getByRole("link", { name: /^Voir cni\.pdf/ });
      await expect(view).toHaveAttribute("target", "_blank");
      await expect(view).toHaveAttribute("rel", /noopener/);
      const file = await page.request.get((await view.getAttribute("href")) ?? "");
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      const download = documents.getByRole("link", { name: /^Télécharger cni\.pdf/ });
      expect(await download.getAttribute("href")).toMatch(/\/file\?download=1$/);

      const history = page.getByRole("region", { name: "Historique" });
      await expect(
        history.getByText("Document ajouté : « cni.pdf » (Pièce d'identité)"),
      ).toBeVisible();
      await expect(history.getByText("Demande soumise : En attente")).toBeVisible();
      await expect(history.getByText("(Client)").first()).toBeVisible();

      const note = page.getByLabel("Votre note");
      const submit = page.getByRole("button", { name: "Ajouter la note" });
      await note.fill("   ");
      await submit.click();
      await expect(page.getByText("Veuillez entrer une note")).toBeVisible();
      await expect(note).toHaveAttribute("aria-invalid", "true");

      await note.fill("Je peux fournir un relevé supplémentaire si besoin.");
      await submit.click();
      await expect(page.getByText("Note ajoutée avec succès")).toBeVisible();
      await expect(note).toHaveValue("");
      const added = history.getByRole("listitem").first();
      await expect(added).toContainText("Je peux fournir un relevé supplémentaire si besoin.");
      await expect(added).toContainText("Awa Koné");
      await expect(added).toContainText("(Client)");

      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      expect(errors).toEqual([]);
    });

    test("bandeau selon le statut : approuvé, rejeté avec ou sans motif, complété", async ({
      page,
      browser,
    }) => {
      await registerThroughApi(page);
      const approved = await createLoanThroughApi(page, { amount: 2_500_000, durationMonths: 24 });
      const rejectedWithReason = await createLoanThroughApi(page);
      const rejectedWithout = await createLoanThroughApi(page);
      // The decisions are taken by a real officer, through the admin API, in a browser of its own.
      const officerContext = await browser.newContext();
      const officer = await officerContext.newPage();
      await signInThroughApi(officer, e2eAdmin);
      const banner = page.getByRole("region", { name: /Statut de votre demande/ });

      await changeStatusThroughAdminApi(officer, approved, {
        from: "pending",
        to: "approved",
        approvedAmount: 2_000_000,
        interestRate: 12.5,
      });
      await page.goto(`/client/prets/${approved}`);
      await expect(banner).toContainText("Statut de votre demande : Approuvé");
      await expect(banner).toContainText("Un conseiller va vous appeler");
      await expect(banner).toContainText(`2${narrow}000${narrow}000${nbsp}FCFA`);
      await expect(banner).toContainText(`12,5${narrow}%`);
      await expect(banner).toContainText("Mensualité");
      await expect(banner).toContainText(formatFcfa(monthlyPayment(2_000_000, 24, 12.5)));

      await changeStatusThroughAdminApi(officer, rejectedWithReason, {
        from: "pending",
        to: "rejected",
        rejectionReason: "Revenus insuffisants pour cette durée.",
      });
      await page.goto(`/client/prets/${rejectedWithReason}`);
      await expect(banner).toContainText("Statut de votre demande : Rejeté");
      await expect(banner).toContainText("Motif : Revenus insuffisants pour cette durée.");

      await changeStatusThroughAdminApi(officer, rejectedWithout, {
        from: "pending",
        to: "rejected",
      });
      await page.goto(`/client/prets/${rejectedWithout}`);
      await expect(banner).toContainText("n'a pas été acceptée");
      await expect(banner).not.toContainText("Motif");

      await changeStatusThroughAdminApi(officer, approved, { from: "approved", to: "completed" });
      await page.goto(`/client/prets/${approved}`);
      await expect(banner).toContainText("Ce prêt a été entièrement remboursé.");
      await expectNoHorizontalScroll(page);
      await officerContext.close();
    });

    test("la demande d'un autre client et un numéro invalide : « Prêt non trouvé »", async ({
      page,
    }) => {
      const errors = watchConsole(page, [/status of 404/]);
      await registerThroughApi(page);
      const othersLoan = await createLoanThroughApi(page);
      // A second client in the same browser: the session is now theirs.
      await registerThroughApi(page);

      await page.goto(`/client/prets/${othersLoan}`);
      await expect(
        page.getByText("Prêt non trouvé ou vous n'avez pas les permissions nécessaires"),
      ).toBeVisible();
      await expect(page.getByText("Awa Koné")).toHaveCount(0);
      await page.getByRole("link", { name: "Retour à mes demandes" }).click();
      await expect(page).toHaveURL(/\/client\/prets$/);
      await expect(page.getByText("Vous n'avez encore aucune demande de prêt.")).toBeVisible();

      const loanCalls: string[] = [];
      page.on("request", (request) => {
        if (/\/api\/loans\//.test(request.url())) loanCalls.push(request.url());
      });
      await page.goto("/client/prets/abc");
      await expect(
        page.getByText("Prêt non trouvé ou vous n'avez pas les permissions nécessaires"),
      ).toBeVisible();
      expect(loanCalls).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("documents : liste, suppression après confirmation, documents d'une demande conservés", async ({
      page,
    }) => {
      const errors = watchConsole(page);
      await registerThroughApi(page);
      const loanId = await createLoanThroughApi(page);
      // A name given with a right-to-left mark is stored and shown without it (the server drops
      // bidirectional controls: docs/decisions/2026-11-25-hostile-input.md), in its own <bdi>.
      await addDocumentThroughApi(page, "Avis d'imposition 2025", "fiscal");
      await addDocumentThroughApi(page, "Quittance\u200f loyer", "autre");

      // The dialog's code (Radix) is not loaded until a dialog is about to open, nor the code that
      // sends a file (tus client, photo compression) until the upload form is touched.
      const scripts: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.endsWith(".js")) scripts.push(path);
      });
      await page.goto("/client/documents");
      await expect(page.getByRole("heading", { level: 1, name: "Mes documents" })).toBeVisible();
      const list = page.getByRole("region", { name: "Vos documents" });
      await expect(list.getByText("5 documents")).toBeVisible();
      // The server drew the list: the page's code comes after the first paint.
      await waitForApp(page);
      expect(scripts.some((path) => /\/documents-page-[\w-]+\.js$/.test(path))).toBe(true);
      expect(scripts.filter((path) => /dialog-content|upload-work/.test(path))).toEqual([]);
      await expect(documentEntry(list, "Avis d'imposition 2025")).toContainText(
        "Déclaration fiscale",
      );
      await expect(documentEntry(list, "Quittance").locator("bdi").first()).toHaveText(
        "Quittance loyer",
      );
      // The loan's three documents cannot be deleted, and say why.
      await expect(list.getByText(/Non supprimable/).filter({ visible: true })).toHaveCount(3);
      await expect(
        list.getByRole("link", { name: `demande ${loanNumber(loanId)}` }).first(),
      ).toHaveAttribute("href", `/client/prets/${loanId}`);
      await expect(list.getByRole("button", { name: /^Supprimer/ })).toHaveCount(2);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);

      const remove = list.getByRole("button", { name: "Supprimer Avis d'imposition 2025" });
      // From the keyboard: the focus goes into the dialog, stays there, and comes back.
      await remove.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Supprimer le document" });
      await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer ce document?");
      await expect(dialog).toContainText("Avis d'imposition 2025");
      expect(scripts.filter((path) => /dialog-content/.test(path))).toHaveLength(1);
      await expect(dialog.locator(":focus")).toHaveCount(1);
      for (let tab = 0; tab < 4; tab++) {
        await page.keyboard.press("Tab");
        await expect(dialog.locator(":focus")).toHaveCount(1);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.click();
      await dialog.getByRole("button", { name: "Annuler" }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await expect(documentEntry(list, "Avis d'imposition 2025")).toHaveCount(1);

      await remove.click();
      await dialog.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect(page.getByText("Document supprimé avec succès")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(documentEntry(list, "Avis d'imposition 2025")).toHaveCount(0);
      await expect(list.getByRole("heading", { name: "Vos documents" })).toBeFocused();
      await expect(list.getByText("4 documents")).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

test.describe("Espace client, listes longues", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("pagination des demandes (10 par page) et des documents (20 par page) dans l'URL", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = watchConsole(page);
    await registerThroughApi(page);
    const ids: number[] = [];
    for (let index = 0; index < 11; index += 1) ids.push(await createLoanThroughApi(page));

    await page.goto("/client/prets");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(page.getByText("11 demandes · page 1 sur 2")).toBeVisible();
    await expect(page.getByRole("link", { name: /Voir les détails/ })).toHaveCount(10);
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pagination.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/\/client\/prets\?page=2$/);
    await expect(page.getByRole("link", { name: /Voir les détails/ })).toHaveCount(1);
    // The oldest request, on the last page.
    await expect(
      page.getByText(loanNumber(ids[0]), { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.reload();
    await expect(page.getByText("11 demandes · page 2 sur 2")).toBeVisible();

    await page.goto("/client/documents");
    const list = page.getByRole("region", { name: "Vos documents" });
    await expect(list.getByText("33 documents")).toBeVisible();
    await expect(list.getByRole("link", { name: viewFileLink })).toHaveCount(20);
    await list.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/client\/documents\?page=2$/);
    await expect(list.getByRole("link", { name: viewFileLink })).toHaveCount(13);
    await expect(list.getByRole("link", { name: "Précédent" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
