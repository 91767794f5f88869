import { expect, type Page, test } from "@playwright/test";
import { dossierMessages } from "../src/domain/api/dossier";
import {
  clientWithLoans,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  loanNumber,
  signInAsOfficer,
  waitForEmail,
} from "./fixtures";

// The officers' side of complete dossiers (issue 8): a verdict on each document, then
// 'Demander un complément'. The client's side (the answer) is the journey of e2e/client-dossier.

const question = "Votre employeur vous a-t-il remis une attestation de travail récente ?";
const comment = "La photo est floue : les quatre coins de la carte doivent être visibles.";

function documentsCard(page: Page) {
  return page.getByRole("region", { name: "Documents associés" });
}

async function openLoan(page: Page, id: number) {
  await page.goto(`/admin/prets/${id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(id)}` }),
  ).toBeVisible();
}

test.describe("Dossier complet : avis sur les documents et demande de complément (officiers)", () => {
  test("la pièce d'identité « À remplacer (illisible) », une question, la demande passe à « Complément demandé »", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const {
      client,
      ids: [id = 0],
      close,
    } = await clientWithLoans(page, [{ purpose: "Stock de tissus pour l'atelier" }]);
    await signInAsOfficer(page);
    await openLoan(page, id);

    const documents = documentsCard(page);
    const cardRow = documents.locator("tbody tr").filter({ hasText: "cni.pdf" });
    await expect(cardRow).toContainText("Pas encore examiné");

    // The verdict dialog: a choice is required, then a reason for 'À remplacer'.
    await documents.getByRole("button", { name: "Donner un avis sur cni.pdf" }).click();
    const reviewDialog = page.getByRole("dialog", { name: "Avis sur le document" });
    await expect(reviewDialog).toContainText("cni.pdf");
    await reviewDialog.getByRole("button", { name: "Enregistrer l'avis" }).click();
    await expect(reviewDialog.getByRole("alert")).toHaveText(dossierMessages.verdictRequired);
    await reviewDialog.getByRole("radio", { name: "À remplacer" }).check();
    await reviewDialog.getByRole("button", { name: "Enregistrer l'avis" }).click();
    await expect(reviewDialog.getByRole("alert")).toHaveText(dossierMessages.reasonRequired);
    await reviewDialog.getByLabel("Motif du remplacement").selectOption({ label: "Illisible" });
    await reviewDialog.getByLabel("Commentaire (facultatif)").fill(comment);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dossier-review-dialog-1280.png" });
    await reviewDialog.getByRole("button", { name: "Enregistrer l'avis" }).click();
    await expect(reviewDialog).toBeHidden();
    await expect(page.getByText(dossierMessages.reviewSaved)).toBeVisible();
    await expect(cardRow).toContainText("À remplacer (illisible)");
    await expect(cardRow).toContainText(comment);
    await expect(
      documents.getByRole("button", { name: "Modifier l'avis sur cni.pdf" }),
    ).toBeFocused();

    // The payslip is fine.
    await documents
      .getByRole("button", { name: "Donner un avis sur bulletin-de-salaire.png" })
      .click();
    await reviewDialog.getByRole("radio", { name: "Conforme" }).check();
    await expect(reviewDialog.getByLabel("Motif du remplacement")).toHaveCount(0);
    await reviewDialog.getByRole("button", { name: "Enregistrer l'avis" }).click();
    await expect(reviewDialog).toBeHidden();
    await expect(
      documents.locator("tbody tr").filter({ hasText: "bulletin-de-salaire.png" }),
    ).toContainText("Conforme");

    // 'Demander un complément': the card marked 'À remplacer' is asked by default.
    await page.getByRole("button", { name: "Demander un complément" }).click();
    const askDialog = page.getByRole("dialog", { name: "Demander un complément" });
    const cardBox = askDialog.getByRole("checkbox", { name: /cni\.pdf/ });
    await expect(cardBox).toBeChecked();
    await expect(askDialog).toContainText(`À remplacer (illisible) : ${comment}`);
    // Nothing asked: refused in French, announced.
    await cardBox.uncheck();
    await askDialog.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(askDialog.getByRole("alert")).toHaveText(dossierMessages.nothingAsked);
    await cardBox.check();
    await askDialog.getByRole("checkbox", { name: "Justificatif de domicile" }).check();
    await askDialog
      .getByLabel("Précision pour « Justificatif de domicile » (facultatif)")
      .fill("Facture d'électricité de moins de trois mois");
    await askDialog.getByLabel("Question au client (facultatif)").fill(question);
    await expect(askDialog.getByRole("alert")).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dossier-ask-dialog-1280.png" });
    const since = Date.now();
    await askDialog.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(askDialog).toBeHidden();
    await expect(page.getByText(dossierMessages.infoRequested)).toBeVisible();

    // The request now waits for the client: only a rejection is left to the officer.
    const summary = page.getByRole("region", { name: "Résumé" });
    await expect(summary).toContainText("Complément demandé");
    await expect(page.getByRole("button", { name: "Mettre en cours" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Demander un complément" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Rejeter" })).toBeEnabled();

    const requestCard = page.getByRole("region", { name: "Demande de complément" });
    await expect(requestCard).toContainText("En attente du client");
    await expect(requestCard).toContainText("À remplacer : Pièce d'identité (cni.pdf) : illisible");
    await expect(requestCard).toContainText(comment);
    await expect(requestCard).toContainText("À ajouter : Justificatif de domicile");
    await expect(requestCard).toContainText("Facture d'électricité de moins de trois mois");
    await expect(requestCard).toContainText(question);

    const history = page.getByRole("region", { name: "Historique" });
    await expect(history).toContainText(
      "Document « cni.pdf » (Pièce d'identité) : À remplacer (illisible)",
    );
    await expect(history).toContainText(
      "Document « bulletin-de-salaire.png » (Justificatif de revenu) : Conforme",
    );
    await expect(history).toContainText("Statut modifié : En attente → Complément demandé");
    await expect(history).toContainText(question);
    await expectNoSeriousViolations(page);
    await page.screenshot({
      path: "test-results/admin-dossier-requested-1280.png",
      fullPage: true,
    });

    // The client's e-mail lists what is asked, with the link to the request.
    const mail = (await waitForEmail(client.email, since)).join("\n");
    expect(mail).toContain("Document à remplacer : Pièce d'identité « cni.pdf » (illisible)");
    expect(mail).toContain("Document à ajouter : Justificatif de domicile");
    expect(mail).toContain(`Question de votre conseiller : ${question}`);
    expect(mail).toContain(`/client/prets/${id}`);

    // At 360 px: the page and the verdict dialog fit.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(
      documents.getByRole("list", { name: "Documents associés à la demande" }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dossier-360.png", fullPage: true });
    await documents.screenshot({ path: "test-results/admin-dossier-documents-360.png" });
    await requestCard.screenshot({ path: "test-results/admin-dossier-request-card-360.png" });
    await documents.getByRole("button", { name: "Modifier l'avis sur cni.pdf" }).click();
    await expect(reviewDialog.getByRole("radio", { name: "À remplacer" })).toBeChecked();
    await expect(reviewDialog.getByLabel("Motif du remplacement")).toHaveValue("illisible");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dossier-review-dialog-360.png" });
    await page.keyboard.press("Escape");
    await expect(reviewDialog).toBeHidden();
    await close();
  });

  test("à 360 px : la demande de complément sans document marqué, avec une question seule", async ({
    page,
  }) => {
    const {
      ids: [id = 0],
      close,
    } = await clientWithLoans(page, [{}]);
    await signInAsOfficer(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await openLoan(page, id);
    await page.getByRole("button", { name: "Demander un complément" }).click();
    const askDialog = page.getByRole("dialog", { name: "Demander un complément" });
    await expect(askDialog).toContainText("Aucun document n'est marqué « À remplacer ».");
    await askDialog.getByRole("checkbox", { name: "Relevés bancaires" }).check();
    await expect(
      askDialog.getByLabel("Précision pour « Relevés bancaires » (facultatif)"),
    ).toBeVisible();
    await askDialog.getByRole("checkbox", { name: "Relevés bancaires" }).uncheck();
    await askDialog.getByLabel("Question au client (facultatif)").fill(question);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dossier-ask-dialog-360.png" });
    await askDialog.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByText(dossierMessages.infoRequested)).toBeVisible();
    const requestCard = page.getByRole("region", { name: "Demande de complément" });
    await expect(requestCard).toContainText(question);
    await expect(requestCard).not.toContainText("Documents demandés");
    await expectNoHorizontalScroll(page);

    // Rejected while waiting: the request for complements is closed with it, not left waiting.
    await page.getByRole("button", { name: "Rejeter" }).click();
    const statusDialog = page.getByRole("dialog", { name: "Changer le statut" });
    await statusDialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByRole("region", { name: "Résumé" })).toContainText("Rejeté");
    await expect(requestCard).toContainText(dossierMessages.infoRequestClosed);
    await expect(requestCard).not.toContainText("En attente du client");
    await expectNoSeriousViolations(page);
    await close();
  });
});
