import { expect, type Page, test } from "@playwright/test";
import { dossierMessages } from "../src/domain/api/dossier";
import {
  clientWithLoans,
  e2eAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  holdScripts,
  jpegFile,
  loanNumber,
  signInAsOfficer,
  waitForApp,
  waitForEmail,
} from "./fixtures";

const question = "Depuis quand exercez-vous votre activité de couture ?";
const answer = "Depuis mars 2019, atelier à Treichville.";

/**
 * The officer's side, through the officers' screens: the identity card 'À remplacer
 * (illisible)' with a comment, then 'Demander un complément' with that card and a question.
 */
async function officerAsksForComplement(page: Page, id: number) {
  await page.goto(`/admin/prets/${id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(id)}` }),
  ).toBeVisible();
  const documents = page.getByRole("region", { name: "Documents associés" });
  await documents.getByRole("button", { name: "Donner un avis sur cni.pdf" }).click();
  const review = page.getByRole("dialog", { name: "Avis sur le document" });
  await review.getByRole("radio", { name: "À remplacer" }).check();
  await review.getByLabel("Motif du remplacement").selectOption({ label: "Illisible" });
  await review.getByLabel("Commentaire (facultatif)").fill("La photo est floue.");
  await review.getByRole("button", { name: "Enregistrer l'avis" }).click();
  await expect(review).toBeHidden();
  await expect(documents).toContainText("À remplacer (illisible)");

  await page.getByRole("button", { name: "Demander un complément" }).click();
  const ask = page.getByRole("dialog", { name: "Demander un complément" });
  await ask.getByRole("checkbox", { name: /cni\.pdf/ }).check();
  await ask.getByLabel("Question au client (facultatif)").fill(question);
  await ask.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText(dossierMessages.infoRequested)).toBeVisible();
  await expect(page.getByRole("region", { name: "Résumé" })).toContainText("Complément demandé");
}

test.describe("Complément de dossier (client)", () => {
  test("l'officier demande un complément, le client le fournit, la demande repasse en cours et l'officier est prévenu", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const {
      client,
      ids: [id = 0],
      clientPage,
      close,
    } = await clientWithLoans(page, [
      { loanType: "business", amount: 1_800_000, purpose: "Machines à coudre pour l'atelier" },
    ]);
    await signInAsOfficer(page);
    await officerAsksForComplement(page, id);

    // The client: "Action requise" at the top of /client.
    await clientPage.setViewportSize({ width: 360, height: 740 });
    // Signed in since its registration (the context keeps the session).
    await clientPage.goto("/client");
    const action = clientPage.getByRole("region", { name: dossierMessages.actionRequired });
    await expect(action).toBeVisible();
    await expect(action).toContainText(`Demande ${loanNumber(id)}`);
    await expect(action).toContainText("Prêt entreprise");
    await expectNoHorizontalScroll(clientPage);
    await clientPage.screenshot({
      path: "test-results/complement-1-dashboard-360.png",
      fullPage: true,
    });
    await expectNoSeriousViolations(clientPage);
    await action
      .getByRole("link", { name: `Compléter mon dossier : demande ${loanNumber(id)}` })
      .click();
    await expect(clientPage).toHaveURL(new RegExp(`/client/prets/${id}$`));

    // The panel: what is asked and why; sending is possible only once everything is there.
    const panel = clientPage.getByRole("region", { name: "Compléments demandés" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Pièce d'identité à remplacer");
    await expect(panel).toContainText("cni.pdf");
    await expect(panel).toContainText("Motif : Illisible");
    await expect(panel).toContainText("La photo est floue.");
    await expect(panel).toContainText(question);
    const send = panel.getByRole("button", { name: "Envoyer les compléments" });
    await expect(send).toBeDisabled();
    await expect(panel).toContainText(
      "Il manque encore : Pièce d'identité, votre réponse à la question.",
    );
    await expectNoHorizontalScroll(clientPage);
    await panel.screenshot({ path: "test-results/complement-2-panel-360.png" });
    await expectNoSeriousViolations(clientPage);

    // A new photo of the card, sent as soon as chosen (compressed, resumable).
    await panel
      .getByRole("button", { name: "Fichier : Pièce d'identité", exact: true })
      .setInputFiles({ name: "cni-nette.jpg", mimeType: "image/jpeg", buffer: jpegFile() });
    await expect(clientPage.getByText(dossierMessages.itemSaved)).toBeVisible();
    await expect(panel).toContainText("Fichier envoyé : cni-nette.jpg");
    await expect(send).toBeDisabled();

    // The answer survives a reload.
    const answerField = panel.getByLabel("Votre réponse");
    await answerField.fill("Depuis mars 2019.");
    await clientPage.reload();
    await expect(answerField).toHaveValue("Depuis mars 2019.");
    // What is typed on the drawn page before its app has started wins over that draft (it is
    // newer), and becomes the draft.
    const release = await holdScripts(clientPage);
    await clientPage.reload({ waitUntil: "domcontentloaded" });
    await answerField.fill(answer);
    release();
    await waitForApp(clientPage);
    await expect(answerField).toHaveValue(answer);
    // The panel is hydrated once it counts the typed answer (the server drew it « missing »): the
    // page's data-hydrated can come first, and a reload before then would lose what was typed.
    await expect(send).toBeEnabled();
    await clientPage.reload();
    await expect(answerField).toHaveValue(answer);
    await expect(panel).toContainText("Tout est prêt : vous pouvez envoyer vos compléments.");
    await expect(send).toBeEnabled();
    await expectNoHorizontalScroll(clientPage);
    await panel.screenshot({ path: "test-results/complement-3-ready-360.png" });
    await expectNoSeriousViolations(clientPage);
    await clientPage.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousViolations(clientPage);
    await clientPage.screenshot({
      path: "test-results/complement-3-ready-1280.png",
      fullPage: true,
    });
    await clientPage.setViewportSize({ width: 360, height: 740 });

    const sentAt = Date.now();
    await send.click();
    await expect(clientPage.getByText(dossierMessages.complementSent)).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(
      clientPage.getByRole("heading", { name: "Statut de votre demande : En cours" }),
    ).toBeFocused();
    // The card of documents shows the current ones: the new card, not the blurred one.
    const documents = clientPage.getByRole("region", { name: "Documents associés" });
    await expect(documents).toContainText("cni-nette.jpg");
    await expect(documents).not.toContainText("cni.pdf");
    await clientPage.screenshot({ path: "test-results/complement-4-sent-360.png" });

    // "Mes documents": the old card is kept, marked replaced, not deletable.
    await clientPage.goto("/client/documents");
    const old = clientPage.getByRole("row").filter({ hasText: "cni.pdf" });
    const oldCard = old.or(clientPage.getByRole("listitem").filter({ hasText: "cni.pdf" }));
    await expect(oldCard.first()).toContainText("Remplacé");
    await expect(oldCard.first()).toContainText("Non supprimable");
    await expectNoHorizontalScroll(clientPage);
    await oldCard.first().screenshot({ path: "test-results/complement-5-documents-360.png" });
    // The dashboard no longer asks for anything.
    await clientPage.goto("/client");
    await expect(clientPage.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
    await expect(
      clientPage.getByRole("region", { name: dossierMessages.actionRequired }),
    ).toHaveCount(0);

    // The officer: the e-mail (nobody assigned: every admin), the request back 'En cours', and
    // the replaced version in the history.
    const mail = (
      await waitForEmail(e2eAdmin.email, sentAt, {
        matching: `compléments reçus d'${client.fullName}`,
      })
    ).join("\n");
    expect(mail).toContain(`compléments reçus d'${client.fullName}`);
    expect(mail).toContain("cni-nette.jpg (remplace cni.pdf)");
    expect(mail).toContain(`Réponse du client : ${answer}`);
    expect(mail).toContain(`/admin/prets/${id}`);
    await page.goto(`/admin/prets/${id}`);
    await expect(page.getByRole("region", { name: "Résumé" })).toContainText("En cours");
    const history = page.getByRole("region", { name: "Historique" });
    await expect(history).toContainText("cni.pdf");
    await expect(history).toContainText("cni-nette.jpg");
    await expect(history).toContainText(answer);
    await expect(page.getByRole("region", { name: "Documents associés" })).toContainText(
      "Versions remplacées",
    );
    await page.screenshot({ path: "test-results/complement-6-officer-1280.png", fullPage: true });

    // The client's file: the blurred card is still listed, marked 'Remplacé', and counted as the
    // client's own page counts it (every document kept), the replaced one said apart.
    await page.getByRole("link", { name: "Voir le profil complet" }).click();
    const clientDocuments = page.getByRole("region", { name: "Documents", exact: true });
    await expect(clientDocuments).toContainText("4 documents, dont 1 remplacé");
    const replaced = clientDocuments
      .getByRole("row")
      .filter({ hasText: "cni.pdf" })
      .or(clientDocuments.getByRole("listitem").filter({ hasText: "cni.pdf" }));
    await expect(replaced.first()).toContainText("Remplacé");
    const current = clientDocuments
      .getByRole("row")
      .filter({ hasText: "cni-nette.jpg" })
      .or(clientDocuments.getByRole("listitem").filter({ hasText: "cni-nette.jpg" }));
    await expect(current.first()).not.toContainText("Remplacé");
    await expectNoSeriousViolations(page);
    await close();
  });
});
