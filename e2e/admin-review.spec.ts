import { expect, test } from "@playwright/test";
import { formatFcfa } from "../src/domain/format-fcfa";
import { monthlyPayment, simulatorMessages } from "../src/domain/loan-simulator";
import {
  clientWithLoans,
  e2eAdmin,
  e2eSecondAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  loanNumber,
  signInAsOfficer,
  waitForEmail,
} from "./fixtures";

test.describe("Examen d'une demande de prêt (officiers)", () => {
  test("de la liste à l'approbation : en cours, montant et taux, le client voit le bandeau et reçoit l'e-mail", async ({
    page,
  }) => {
    // A whole review with two browsers, four axe checks and a mail: longer than most journeys.
    test.setTimeout(60_000);
    const {
      client,
      ids: [id = 0],
      clientPage,
      close,
    } = await clientWithLoans(page, [
      {
        loanType: "business",
        amount: 2_000_000,
        durationMonths: 24,
        purpose: "Stock de pagnes pour la boutique",
        description: "Boutique au marché d'Adjamé depuis 2019.",
        monthlyIncome: 250_000,
      },
    ]);
    await signInAsOfficer(page);
    await page.getByRole("link", { name: "Demandes de prêts" }).first().click();
    await expect(page).toHaveURL(/\/admin\/prets$/);
    await page.getByLabel("Rechercher un client").fill(client.lastName);
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.locator("tbody tr").filter({ hasText: loanNumber(id) });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Détails de la demande ${loanNumber(id)}` }).click();

    await expect(
      page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(id)}` }),
    ).toBeVisible();
    const info = page.getByRole("region", { name: "Informations de la demande" });
    await expect(info).toContainText(formatFcfa(2_000_000));
    await expect(info).toContainText("Stock de pagnes pour la boutique");
    await expect(info).toContainText("24 mois");
    await expect(info).toContainText(formatFcfa(250_000));
    await expect(info).toContainText("Boutique au marché d'Adjamé depuis 2019.");
    const documents = page.getByRole("region", { name: "Documents" });
    await expect(documents.locator("tbody tr")).toHaveCount(3);
    await expect(documents).toContainText("cni.pdf");
    await expect(documents).toContainText("Pièce d'identité");
    await expect(documents).toContainText("PDF");
    await expect(documents).toContainText("JPEG");
    await expect(documents.getByRole("link", { name: /^Voir cni\.pdf/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    const clientCard = page.getByRole("region", { name: "Informations du client" });
    await expect(clientCard).toContainText(client.fullName);
    await expect(clientCard).toContainText(client.email);
    await expect(clientCard).toContainText("Non renseigné");
    await expect(clientCard).toContainText("Non renseignée");
    await expect(clientCard.getByRole("link", { name: "Voir le profil complet" })).toHaveAttribute(
      "href",
      /^\/admin\/clients\/.+/,
    );
    const summary = page.getByRole("region", { name: "Résumé" });
    await expect(summary).toContainText("En attente");
    await expect(summary).toContainText("3 fichiers");
    await expect(page.getByRole("region", { name: "Assignation" })).toContainText(
      "Cette demande n'est pas encore assignée",
    );
    await expectNoSeriousViolations(page);

    // In review.
    const inReview = page.getByRole("button", { name: "Mettre en cours" });
    await inReview.click();
    const dialog = page.getByRole("dialog", { name: "Changer le statut" });
    await expect(dialog).toContainText(
      "Vous êtes sur le point de changer le statut de la demande à : En cours",
    );
    await expect(dialog).toContainText(
      "Cette action sera enregistrée et le client en sera informé.",
    );
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(
      page.getByText('Le statut de la demande a été mis à jour avec succès à "En cours"'),
    ).toBeVisible();
    await expect(inReview).toBeDisabled();
    await expect(summary).toContainText("En cours");

    // Approval: the amount asked by default, the rate under the usury ceiling, the live payment.
    const approve = page.getByRole("button", { name: "Approuver" });
    await approve.click();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(approve).toBeFocused();
    await approve.click();
    const amount = dialog.getByLabel("Montant approuvé (FCFA)");
    const rate = dialog.getByLabel(/Taux d'intérêt annuel/);
    await expect(amount).toHaveValue("2000000");
    await rate.fill("25");
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(dialog).toContainText(simulatorMessages.rateAboveUsury);
    await rate.fill("12");
    await expect(dialog).not.toContainText(simulatorMessages.rateAboveUsury);
    const heavy = monthlyPayment(2_000_000, 24, 12);
    await expect(dialog).toContainText(`Mensualité sur 24 mois : ${formatFcfa(heavy)}`);
    await expect(dialog).toContainText("au-dessus du plafond de 35");
    await amount.fill("1 500 000");
    const payment = monthlyPayment(1_500_000, 24, 12);
    await expect(dialog).toContainText(formatFcfa(payment));
    await expect(dialog).not.toContainText("au-dessus du plafond");
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-loan-approve-dialog-1280.png" });
    const since = Date.now();
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(
      page.getByText('Le statut de la demande a été mis à jour avec succès à "Approuvé"'),
    ).toBeVisible();
    for (const name of ["Mettre en cours", "Approuver", "Rejeter"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeDisabled();
    }
    // 'Approuver' is now disabled: the focus goes to the page's title, not back to the top.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(info).toContainText("Conditions approuvées");
    await expect(info).toContainText(formatFcfa(1_500_000));
    await expect(info).toContainText(`12${"\u202f"}%`);
    await expect(info).toContainText(formatFcfa(payment));
    const history = page.getByRole("region", { name: "Historique" });
    await expect(history).toContainText("Statut modifié : En attente → En cours");
    await expect(history).toContainText("Statut modifié : En cours → Approuvé");
    await page.screenshot({ path: "test-results/admin-loan-approved-1280.png", fullPage: true });

    // The client sees the decision and its terms, and is told by e-mail.
    await clientPage.goto(`/client/prets/${id}`);
    const banner = clientPage.getByRole("region", { name: /Statut de votre demande/ });
    await expect(banner).toContainText("Statut de votre demande : Approuvé");
    await expect(banner).toContainText(formatFcfa(1_500_000));
    await expect(banner).toContainText(formatFcfa(payment));
    const mail = (await waitForEmail(client.email, since, { matching: "a été approuvée" })).join(
      "\n",
    );
    expect(mail).toContain(loanNumber(id));
    expect(mail).toContain("a été approuvée");
    expect(mail).toContain("Montant approuvé");

    // Approved, the request has its contract: 'Soldé' (Complété) comes from the payments recorded
    // (e2e/servicing-officer.spec.ts), never by hand.
    await expect(page.getByRole("region", { name: "Contrat" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Marquer comme remboursé" })).toHaveCount(0);
    await close();
  });

  test("assigner, réassigner à un autre administrateur, retirer l'assignation", async ({
    page,
  }) => {
    const {
      client,
      ids: [id = 0],
      close,
    } = await clientWithLoans(page);
    await signInAsOfficer(page);
    await page.goto(`/admin/prets/${id}`);
    const card = page.getByRole("region", { name: "Assignation" });
    await expect(card).toContainText("Cette demande n'est pas encore assignée");

    const assign = page.getByRole("button", { name: "Assigner" });
    await assign.click();
    const dialog = page.getByRole("dialog", { name: "Assigner la demande" });
    // Only real administrators are offered.
    const select = dialog.getByLabel("Administrateur");
    await expect(select.locator("option", { hasText: e2eSecondAdmin.email })).toHaveCount(1);
    await expect(select.locator("option", { hasText: e2eAdmin.email })).toHaveCount(1);
    await expect(select.locator("option", { hasText: client.email })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(dialog).toContainText("Veuillez choisir un administrateur");
    await expect(dialog.getByLabel("Retirer l'assignation actuelle")).toHaveCount(0);
    await select.selectOption({ label: `Fatou Diop (${e2eSecondAdmin.email})` });
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByText("La demande a été attribuée avec succès")).toBeVisible();
    await expect(card).toContainText("Fatou Diop");
    await expect(card).toContainText(e2eSecondAdmin.email);
    const reassign = page.getByRole("button", { name: "Réassigner" });
    await expect(reassign).toBeFocused();

    await reassign.click();
    const again = page.getByRole("dialog", { name: "Réassigner la demande" });
    const choice = again.locator("option", { hasText: e2eAdmin.email });
    await again
      .getByLabel("Administrateur")
      .selectOption({ label: (await choice.textContent()) ?? "" });
    await expectNoSeriousViolations(page);
    await again.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByText("La demande a été attribuée avec succès")).toHaveCount(1);
    await expect(card).toContainText(e2eAdmin.email);
    await expect(card).not.toContainText("Fatou Diop");

    await reassign.click();
    await again.getByLabel("Retirer l'assignation actuelle").check();
    await expect(again.getByLabel("Administrateur")).toBeDisabled();
    await again.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByText("L'assignation a été retirée")).toBeVisible();
    await expect(card).toContainText("Cette demande n'est pas encore assignée");
    await expect(page.getByRole("button", { name: "Assigner" })).toBeVisible();

    const history = page.getByRole("region", { name: "Historique" });
    await expect(history).toContainText("Demande assignée à Fatou Diop");
    await expect(history).toContainText("Demande réassignée de Fatou Diop à ");
    await expect(history).toContainText("Assignation retirée");

    // The list shows who has it.
    await page.getByRole("link", { name: "Retour" }).click();
    await expect(page).toHaveURL(/\/admin\/prets$/);
    await page.getByLabel("Rechercher un client").fill(client.email);
    await expect(page.locator("tbody tr").filter({ hasText: loanNumber(id) })).toContainText(
      "Non assignée",
    );
    await close();
  });

  test("une note : obligatoire, puis dans les notes et l'historique", async ({ page }) => {
    const {
      ids: [id = 0],
      close,
    } = await clientWithLoans(page);
    await signInAsOfficer(page);
    await page.goto(`/admin/prets/${id}`);
    const open = page.getByRole("button", { name: "Ajouter une note" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Ajouter une note" });
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(dialog).toContainText("Veuillez entrer une note");
    await dialog
      .getByLabel("Note")
      .fill("Client joint par téléphone : bulletin de juin à fournir.");
    // A double click adds one note.
    await dialog.getByRole("button", { name: "Ajouter" }).dblclick();
    await expect(page.getByText("Note ajoutée avec succès")).toBeVisible();
    const detail = await page.request.get(`/api/admin/loans/${id}`);
    expect((await detail.json()).loan.notes).toHaveLength(1);
    await expect(open).toBeFocused();
    const notes = page.getByRole("region", { name: "Notes" });
    await expect(notes).toContainText("Client joint par téléphone : bulletin de juin à fournir.");
    await expect(notes).toContainText("(Admin)");
    await expect(page.getByRole("region", { name: "Historique" })).toContainText(
      "Client joint par téléphone : bulletin de juin à fournir.",
    );
    await close();
  });

  test("une demande inexistante, puis la page à 360 px sans défilement horizontal", async ({
    page,
  }) => {
    const {
      ids: [id = 0],
      close,
    } = await clientWithLoans(page, [{ monthlyIncome: 300_000 }]);
    await signInAsOfficer(page);
    await page.goto("/admin/prets/99999999");
    await expect(
      page.getByText("Aucune information disponible pour cette demande de prêt."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Retour à la liste" }).click();
    await expect(page).toHaveURL(/\/admin\/prets$/);

    await page.goto(`/admin/prets/${id}`);
    await expect(page.getByRole("region", { name: "Résumé" })).toBeVisible();
    await page.screenshot({ path: "test-results/admin-loan-1280.png", fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole("button", { name: "Approuver" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-loan-360.png", fullPage: true });
    await page.getByRole("button", { name: "Approuver" }).click();
    await expect(page.getByRole("dialog", { name: "Changer le statut" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: "test-results/admin-loan-dialog-360.png" });
    await close();
  });
});
