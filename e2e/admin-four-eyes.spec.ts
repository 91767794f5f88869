import { expect, test } from "@playwright/test";
import { approvalMessages } from "../src/domain/api/approval";
import { formatFcfa } from "../src/domain/format-fcfa";
import { monthlyPayment } from "../src/domain/loan-simulator";
import {
  clientWithLoans,
  e2eSecondAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  loanNumber,
  signInAsOfficer,
  signInThroughApi,
  waitForEmail,
} from "./fixtures";

// Four-eyes approval (issue 8): above 10 000 000 FCFA (the default APPROVAL_SECOND_OFFICER_ABOVE)
// the first officer's 'Approuver' is a proposal; the second officer confirms it.

test.describe("Approbation à deux administrateurs", () => {
  test("15 000 000 FCFA : proposée par le premier administrateur, confirmée par le second, le client voit « Approuvé »", async ({
    page,
  }) => {
    // Three browsers (two officers, one client), axe and two widths: a long journey.
    test.setTimeout(90_000);
    const {
      client,
      ids: [id = 0],
      clientPage,
      close,
    } = await clientWithLoans(page, [
      {
        loanType: "business",
        amount: 15_000_000,
        durationMonths: 36,
        purpose: "Extension de l'atelier de couture",
        monthlyIncome: 2_500_000,
      },
    ]);
    const payment = monthlyPayment(15_000_000, 36, 11);

    // The first officer approves: the dialog says a second officer must confirm.
    await signInAsOfficer(page);
    await page.goto(`/admin/prets/${id}`);
    await page.getByRole("button", { name: "Approuver", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Changer le statut" });
    const amount = dialog.getByLabel("Montant approuvé (FCFA)");
    await expect(amount).toHaveValue("15000000");
    await expect(dialog).toContainText(approvalMessages.needsSecondOfficer(10_000_000));
    await expect(dialog.getByRole("button", { name: "Proposer l'approbation" })).toBeVisible();
    // At the threshold itself one officer decides; above it, a proposal again.
    await amount.fill("10 000 000");
    await expect(dialog).toContainText(
      "Cette action sera enregistrée et le client en sera informé.",
    );
    await expect(dialog.getByRole("button", { name: "Confirmer" })).toBeVisible();
    await amount.fill("15 000 000");
    await dialog.getByLabel(/Taux d'intérêt annuel/).fill("11");
    await expect(dialog).toContainText(`Mensualité sur 36 mois : ${formatFcfa(payment)}`);
    await page.screenshot({ path: "test-results/four-eyes-dialog-1280.png" });
    await dialog.getByRole("button", { name: "Proposer l'approbation" }).click();
    await expect(page.getByText(approvalMessages.proposed)).toBeVisible();

    // The panel: terms, proposer, date; his own confirmation is disabled, with the reason.
    const panel = page.getByRole("region", { name: approvalMessages.awaitingConfirmation });
    await expect(panel).toContainText(formatFcfa(15_000_000));
    await expect(panel).toContainText(`11${"\u202f"}%`);
    await expect(panel).toContainText(formatFcfa(payment));
    await expect(panel).toContainText("Proposée par Administrateur");
    const ownConfirm = panel.getByRole("button", { name: "Confirmer l'approbation" });
    await expect(ownConfirm).toBeDisabled();
    await expect(ownConfirm).toHaveAccessibleDescription(approvalMessages.ownProposal);
    await expect(panel.getByRole("button", { name: "Renvoyer" })).toBeEnabled();
    for (const name of ["Mettre en cours", "Approuver", "Rejeter"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeDisabled();
    }
    const summary = page.getByRole("region", { name: "Résumé" });
    await expect(summary).toContainText("En attente");
    await expect(summary).toContainText(approvalMessages.awaitingConfirmation);
    await expect(page.getByRole("region", { name: "Historique" })).toContainText(
      `Approbation proposée : ${formatFcfa(15_000_000)}`,
    );
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/four-eyes-panel-1280.png", fullPage: true });

    // The server refuses the proposer whatever the browser sends.
    const proposalId = (await (await page.request.get(`/api/admin/loans/${id}`)).json()).loan
      .approvalProposal.id as number;
    const forced = await page.request.post(`/api/admin/loans/${id}/approval/confirm`, {
      data: { proposalId },
    });
    expect(forced.status()).toBe(403);
    expect((await forced.json()).error.message).toBe(approvalMessages.ownProposal);

    // The list flags it and offers no inline decision.
    await page.goto(`/admin/prets?q=${encodeURIComponent(client.lastName)}`);
    const row = page.locator("tbody tr").filter({ hasText: loanNumber(id) });
    await expect(row).toContainText(approvalMessages.awaitingConfirmation);
    await expect(row.getByRole("button", { name: /Approuver/ })).toHaveCount(0);
    await page.screenshot({ path: "test-results/four-eyes-list-1280.png" });

    // The settings' system block shows the threshold the server applies.
    await page.goto("/admin/parametres");
    const system = page.getByRole("region", { name: "Paramètres du système" });
    await expect(system).toContainText(
      `Seuil de confirmation par un second administrateur${formatFcfa(10_000_000)}`,
    );
    await system.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/four-eyes-settings-1280.png", fullPage: true });

    // The client sees nothing of it yet.
    await clientPage.goto(`/client/prets/${id}`);
    const banner = clientPage.getByRole("region", { name: /Statut de votre demande/ });
    await expect(banner).toContainText("Statut de votre demande : En attente");
    await expect(clientPage.getByText(approvalMessages.awaitingConfirmation)).toHaveCount(0);

    // The second officer, in a browser of his own, confirms.
    const context = await page.context().browser()?.newContext();
    if (!context) throw new Error("no browser");
    const second = await context.newPage();
    await signInThroughApi(second, e2eSecondAdmin);
    await second.goto(`/admin/prets/${id}`);
    const secondPanel = second.getByRole("region", { name: approvalMessages.awaitingConfirmation });
    const confirm = secondPanel.getByRole("button", { name: "Confirmer l'approbation" });
    await expect(confirm).toBeEnabled();
    await expect(secondPanel).not.toContainText(approvalMessages.ownProposal);

    // 360 px wide: the panel fits, nothing scrolls sideways.
    await second.setViewportSize({ width: 360, height: 740 });
    await expect(secondPanel).toBeVisible();
    await expectNoHorizontalScroll(second);
    await expectNoSeriousViolations(second);
    await secondPanel.scrollIntoViewIfNeeded();
    await second.screenshot({ path: "test-results/four-eyes-panel-360.png", fullPage: true });
    await second.setViewportSize({ width: 1280, height: 800 });

    await confirm.click();
    const confirmDialog = second.getByRole("dialog", { name: "Confirmer l'approbation" });
    await expect(confirmDialog).toContainText(formatFcfa(15_000_000));
    await expectNoSeriousViolations(second);
    const since = Date.now();
    await confirmDialog.getByRole("button", { name: "Confirmer", exact: true }).click();
    await expect(second.getByText(approvalMessages.confirmed)).toBeVisible();
    await expect(secondPanel).toHaveCount(0);
    const info = second.getByRole("region", { name: "Informations de la demande" });
    await expect(info).toContainText("Conditions approuvées");
    await expect(info).toContainText(formatFcfa(payment));
    await expect(second.getByRole("region", { name: "Historique" })).toContainText(
      "Statut modifié : En attente → Approuvé",
    );
    await expect(second.getByRole("region", { name: "Historique" })).toContainText(
      "Approbation proposée par Administrateur",
    );
    await second.screenshot({ path: "test-results/four-eyes-confirmed-1280.png", fullPage: true });
    await context.close();

    // The client sees 'Approuvé' with the terms, and is told by e-mail.
    await clientPage.goto(`/client/prets/${id}`);
    await expect(banner).toContainText("Statut de votre demande : Approuvé");
    await expect(banner).toContainText(formatFcfa(15_000_000));
    await expect(banner).toContainText(formatFcfa(payment));
    await expect(clientPage.getByText("Approbation proposée")).toHaveCount(0);
    await clientPage.screenshot({ path: "test-results/four-eyes-client-1280.png", fullPage: true });
    const mail = (await waitForEmail(client.email, since, { matching: "a été approuvée" })).join(
      "\n",
    );
    expect(mail).toContain(loanNumber(id));
    expect(mail).toContain("a été approuvée");
    await close();
  });

  test("le second administrateur renvoie la proposition avec un commentaire", async ({ page }) => {
    const {
      ids: [id = 0],
      close,
    } = await clientWithLoans(page, [{ amount: 12_000_000, durationMonths: 24 }]);
    await signInAsOfficer(page);
    await page.goto(`/admin/prets/${id}`);
    await page.getByRole("button", { name: "Approuver", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Changer le statut" });
    await dialog.getByLabel(/Taux d'intérêt annuel/).fill("12");
    await dialog.getByRole("button", { name: "Proposer l'approbation" }).click();
    const panel = page.getByRole("region", { name: approvalMessages.awaitingConfirmation });
    await expect(panel).toBeVisible();

    // The proposer may withdraw it: 'Renvoyer' asks why.
    await panel.getByRole("button", { name: "Renvoyer" }).click();
    const back = page.getByRole("dialog", { name: "Renvoyer la proposition" });
    await back.getByRole("button", { name: "Renvoyer" }).click();
    await expect(back).toContainText("Veuillez expliquer pourquoi la proposition est renvoyée");
    await expect(back.getByLabel("Commentaire")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page);
    await back.getByLabel("Commentaire").fill("Le taux doit tenir compte de la garantie.");
    await back.getByRole("button", { name: "Renvoyer" }).click();
    await expect(page.getByText(approvalMessages.returned)).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Approuver", exact: true })).toBeEnabled();
    const history = page.getByRole("region", { name: "Historique" });
    await expect(history).toContainText("Proposition d'approbation renvoyée");
    await expect(history).toContainText("Le taux doit tenir compte de la garantie.");
    await close();
  });
});
