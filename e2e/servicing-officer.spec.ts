import { expect, type Locator, type Page, test } from "@playwright/test";
import type { AdminLoanJson } from "../src/domain/api/admin-loans";
import { type AdminLoanAccountJson, servicingMessages } from "../src/domain/api/servicing";
import { formatFcfa } from "../src/domain/format-fcfa";
import { monthlyPayment } from "../src/domain/loan-simulator";
import {
  changeStatusThroughAdminApi,
  clientWithLoans,
  e2eSecondAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  signInAsOfficer,
  signInThroughApi,
  waitForApp,
} from "./fixtures";
import {
  approveThroughAdminApi,
  payThroughAdminApi,
  signContractThroughApi,
  takeSms,
} from "./servicing-steps";

// The officers' side of issue 28 on /admin/prets/:id: approval with rate, fees and monthly
// payment, the signed contract's evidence, the disbursement (four-eyes above the threshold), the
// payments until 'Soldé', a reversal, and a reference recorded twice refused in French.

const shots = process.env.E2E_SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Axe clean and nothing to scroll sideways: checked at each step. */
async function pageIsSound(page: Page) {
  await expectNoSeriousViolations(page);
  await expectNoHorizontalScroll(page);
}

const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function accountOf(page: Page, id: number): Promise<AdminLoanAccountJson> {
  const response = await page.request.get(`/api/admin/loans/${id}/servicing`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { account: AdminLoanAccountJson }).account;
}

/** Fills and sends the payment dialog; returns the dialog (still open when refused). */
async function recordPayment(
  page: Page,
  payment: { amount?: number; channel: string; reference: string },
): Promise<Locator> {
  await page.getByRole("button", { name: "Enregistrer un paiement" }).click();
  const dialog = page.getByRole("dialog", { name: "Enregistrer un paiement" });
  await expect(dialog.getByLabel("Date du paiement")).toHaveValue(
    new Date().toISOString().slice(0, 10),
  );
  if (payment.amount !== undefined) {
    await dialog.getByLabel("Montant (FCFA)").fill(String(payment.amount));
  }
  await dialog.getByLabel("Moyen de paiement").selectOption({ label: payment.channel });
  await dialog.getByLabel("Référence du paiement").fill(payment.reference);
  await dialog.getByRole("button", { name: "Enregistrer", exact: true }).click();
  return dialog;
}

/** A client who takes SMS, with a pending request of 300 000 FCFA over 3 months. */
async function smallLoanTakingSms(page: Page) {
  const {
    ids: [id = 0],
    clientPage,
    close,
  } = await clientWithLoans(page, [
    { amount: 300_000, durationMonths: 3, purpose: "Stock de tissus pour la boutique" },
  ]);
  return { id, clientPage, phone: await takeSms(clientPage), close };
}

// The whole flow at an officer's desk (1280 px); at 360 px, the page of each stage and the
// dialogs an officer fills there (the last describe), without the flow's refusals again.
const viewport = { width: 1280, height: 900 };

test.describe(`Suivi du prêt par l'administrateur (${viewport.width} px)`, () => {
  test.use({ viewport });

  test("de l'approbation au prêt soldé : contrat signé, décaissement, paiements, annulation", async ({
    page,
  }) => {
    // Two browsers, five dialogs, axe at each step: long on a shared 2-processor machine.
    test.setTimeout(360_000);
    const { id, clientPage, phone, close } = await smallLoanTakingSms(page);
    const payment = monthlyPayment(300_000, 3, 12);

    // The officer approves on screen: the default rate (12 %), the fees (1 % by default) and
    // the resulting monthly payment.
    await signInAsOfficer(page);
    await page.goto(`/admin/prets/${id}`);
    await waitForApp(page);
    await page.getByRole("button", { name: "Approuver", exact: true }).click();
    const approval = page.getByRole("dialog", { name: "Changer le statut" });
    await expect(approval.getByLabel(/Taux d'intérêt annuel/)).toHaveValue("12");
    await expect(approval).toContainText(`soit ${formatFcfa(3_000)}`);
    await expect(approval).toContainText(`Frais de dossier : ${formatFcfa(3_000)}`);
    await approval.getByLabel("Frais de dossier (FCFA)").fill("5000");
    await expect(approval).toContainText(`Frais de dossier : ${formatFcfa(5_000)}`);
    await expect(approval).toContainText(`Mensualité sur 3 mois : ${formatFcfa(payment)}`);
    await pageIsSound(page);
    await shot(page, `officier-approbation-${viewport.width}`);
    await approval.getByRole("button", { name: "Confirmer" }).click();
    await expect(
      page.getByText('Le statut de la demande a été mis à jour avec succès à "Approuvé"'),
    ).toBeVisible();

    // The contract waits for the client's signature; nothing to disburse yet, and the
    // repayment is the ledger's: no 'Marquer comme remboursé'.
    const contract = page.getByRole("region", { name: "Contrat" });
    await expect(contract).toContainText(formatFcfa(5_000));
    await expect(contract.getByRole("button", { name: "Retirer le contrat" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Décaissement" })).toContainText(
      servicingMessages.notSigned,
    );
    await expect(page.getByRole("button", { name: "Marquer comme remboursé" })).toHaveCount(0);
    await pageIsSound(page);

    // The client signs with the code read from the SMS outbox; the officer sees the evidence.
    await signContractThroughApi(clientPage, id, phone);
    await page.reload();
    await waitForApp(page);
    await expect(contract).toContainText("Signé le");
    const evidence = contract.getByRole("heading", { name: "Preuve de la signature" });
    await expect(evidence).toBeVisible();
    await expect(contract).toContainText("127.0.0.1");
    await expect(contract).toContainText(/[0-9a-f]{64}/);
    await expect(contract.getByRole("link", { name: /Contrat signé et scellé/ })).toHaveAttribute(
      "href",
      /^\/api\/documents\/[^/]+\/file$/,
    );
    await expect(contract.getByRole("button", { name: "Retirer le contrat" })).toHaveCount(0);
    await pageIsSound(page);
    await shot(page, `officier-contrat-signe-${viewport.width}`);

    // The disbursement, on screen: today, Orange Money, the approved amount by default.
    const disburse = page.getByRole("button", { name: "Enregistrer le décaissement" });
    await disburse.click();
    const disbursement = page.getByRole("dialog", { name: "Enregistrer le décaissement" });
    await expect(disbursement.getByLabel("Montant décaissé (FCFA)")).toHaveValue("300000");
    // Less than approved asks a reason; the field appears and is required.
    await disbursement.getByLabel("Montant décaissé (FCFA)").fill("250000");
    await disbursement.getByLabel("Moyen de décaissement").selectOption({ label: "Orange Money" });
    await disbursement.getByLabel("Référence de l'opération").fill(`DEC-${id}-${unique()}`);
    await disbursement.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(disbursement.getByLabel("Motif du montant inférieur")).toHaveAccessibleDescription(
      servicingMessages.reasonRequired,
    );
    await disbursement.getByLabel("Montant décaissé (FCFA)").fill("300 000");
    await expect(disbursement.getByLabel("Motif du montant inférieur")).toHaveCount(0);
    await disbursement.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(disbursement).toBeHidden();
    const schedule = page.getByRole("region", { name: "Échéancier" });
    await expect(schedule).toBeVisible();
    await expect(page.getByRole("region", { name: "Décaissement" })).toContainText("Décaissé");
    // A header row and three instalments.
    await expect(schedule.getByRole("row")).toHaveCount(4);
    await expect(schedule).toContainText("À venir");
    await pageIsSound(page);
    await shot(page, `officier-echeancier-${viewport.width}`);

    // First payment: the next instalment, suggested.
    const first = `WAVE-${id}-${unique()}`;
    let dialog = await recordPayment(page, { channel: "Wave", reference: first });
    await expect(dialog).toBeHidden();
    await expect(schedule).toContainText("Payée");

    // The same reference again on the same channel: the server's 409, on the field, in French.
    dialog = await recordPayment(page, { channel: "Wave", reference: first });
    const reference = dialog.getByLabel("Référence du paiement");
    await expect(reference).toHaveAccessibleDescription(
      new RegExp(servicingMessages.referenceTaken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    await expect(reference).toHaveAttribute("aria-invalid", "true");
    await pageIsSound(page);
    await shot(page, `officier-reference-deja-utilisee-${viewport.width}`);
    const second = `WAVE-${id}-${unique()}`;
    await reference.fill(second);
    await dialog.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(dialog).toBeHidden();

    // The second payment was a mistake: reversed with a reason, it stays listed.
    const payments = page.getByRole("region", { name: "Paiements", exact: true });
    await payments
      .getByRole("button", { name: new RegExp(`Annuler le paiement ${second}`) })
      .click();
    const reversal = page.getByRole("dialog", { name: "Annuler le paiement" });
    await reversal.getByRole("button", { name: "Annuler le paiement" }).click();
    await expect(reversal.getByLabel("Motif de l'annulation")).toHaveAccessibleDescription(
      servicingMessages.reversalReason,
    );
    await reversal.getByLabel("Motif de l'annulation").fill("Saisi sur la mauvaise demande");
    await reversal.getByRole("button", { name: "Annuler le paiement" }).click();
    await expect(reversal).toBeHidden();
    await expect(payments).toContainText("Annulé");
    await expect(payments).toContainText("Saisi sur la mauvaise demande");
    await expect(
      payments.getByRole("button", { name: new RegExp(`Annuler le paiement ${second}`) }),
    ).toHaveCount(0);
    await pageIsSound(page);

    // Recorded again (a new reference), then the rest: the loan is 'Soldé'.
    dialog = await recordPayment(page, { channel: "Wave", reference: `${second}-BIS` });
    await expect(dialog).toBeHidden();
    const { remainingBalance } = await accountOf(page, id);
    expect(remainingBalance).toBeGreaterThan(0);
    dialog = await recordPayment(page, {
      amount: remainingBalance,
      channel: "MTN MoMo",
      reference: `MOMO-${id}-${unique()}`,
    });
    await expect(dialog).toBeHidden();
    await expect(schedule.getByText("Soldé", { exact: true })).toBeVisible();
    await expect(schedule).toContainText(`Solde restant dû${formatFcfa(0)}`);
    await expect(page.getByRole("button", { name: "Enregistrer un paiement" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Résumé" })).toContainText("Complété");
    await pageIsSound(page);
    await shot(page, `officier-solde-${viewport.width}`);
    await close();
  });

  test("au-delà du seuil, le décaissement est confirmé par un second administrateur", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const {
      ids: [id = 0],
      clientPage,
      close,
    } = await clientWithLoans(page, [
      {
        loanType: "business",
        amount: 12_000_000,
        durationMonths: 12,
        purpose: "Camion de livraison",
        monthlyIncome: 3_000_000,
      },
    ]);
    const phone = await takeSms(clientPage);
    await signInAsOfficer(page);
    // Above the threshold the approval itself takes two officers (through the API here).
    const proposed = (await changeStatusThroughAdminApi(page, id, {
      from: "pending",
      to: "approved",
      approvedAmount: 12_000_000,
      interestRate: 14,
    })) as unknown as AdminLoanJson;
    const context = await page.context().browser()?.newContext();
    if (!context) throw new Error("The page's browser is not available");
    const secondPage = await context.newPage();
    await signInThroughApi(secondPage, e2eSecondAdmin);
    const confirmed = await secondPage.request.post(`/api/admin/loans/${id}/approval/confirm`, {
      data: { proposalId: proposed.approvalProposal?.id },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await signContractThroughApi(clientPage, id, phone);

    // The first officer records it: proposed, and he sees why he cannot confirm it.
    await page.goto(`/admin/prets/${id}`);
    await waitForApp(page);
    await page.getByRole("button", { name: "Enregistrer le décaissement" }).click();
    const dialog = page.getByRole("dialog", { name: "Enregistrer le décaissement" });
    await dialog.getByLabel("Moyen de décaissement").selectOption({ label: "Virement bancaire" });
    await dialog.getByLabel("Référence de l'opération").fill(`VIR-${id}-${unique()}`);
    await dialog.getByRole("button", { name: "Proposer le décaissement" }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole("region", { name: "Décaissement" });
    const confirm = card.getByRole("button", { name: "Confirmer le décaissement" });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAccessibleDescription(servicingMessages.ownDisbursement);
    await expect(page.getByRole("region", { name: "Échéancier" })).toHaveCount(0);
    await pageIsSound(page);
    await shot(page, `officier-decaissement-propose-${viewport.width}`);

    // The second officer confirms it: the schedule starts.
    await secondPage.goto(`/admin/prets/${id}`);
    await waitForApp(secondPage);
    const secondCard = secondPage.getByRole("region", { name: "Décaissement" });
    await secondCard.getByRole("button", { name: "Confirmer le décaissement" }).click();
    await secondPage
      .getByRole("dialog", { name: "Confirmer le décaissement" })
      .getByRole("button", { name: "Confirmer" })
      .click();
    await expect(secondPage.getByRole("region", { name: "Échéancier" })).toBeVisible();
    await expect(secondCard).toContainText("Confirmé par");
    await pageIsSound(secondPage);
    await context.close();
    await close();
  });
});

test.describe("Suivi du prêt par l'administrateur (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("chaque étape se lit sans défilement horizontal ; décaissement et paiement se saisissent", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { id, clientPage, phone, close } = await smallLoanTakingSms(page);
    await signInAsOfficer(page);
    await approveThroughAdminApi(page, id, { approvedAmount: 300_000, interestRate: 12 });

    // Approved: the contract waits for the client's signature.
    await page.goto(`/admin/prets/${id}`);
    await waitForApp(page);
    const contract = page.getByRole("region", { name: "Contrat" });
    await expect(contract.getByRole("button", { name: "Retirer le contrat" })).toBeVisible();
    await pageIsSound(page);

    // Signed: the evidence, whose digest must wrap rather than widen the page.
    await signContractThroughApi(clientPage, id, phone);
    await page.reload();
    await waitForApp(page);
    await expect(contract.getByRole("heading", { name: "Preuve de la signature" })).toBeVisible();
    await pageIsSound(page);
    await shot(page, "officier-contrat-signe-360");

    // The disbursement's dialog, checked open, then the schedule as a list of instalments.
    await page.getByRole("button", { name: "Enregistrer le décaissement" }).click();
    const disbursement = page.getByRole("dialog", { name: "Enregistrer le décaissement" });
    await disbursement.getByLabel("Moyen de décaissement").selectOption({ label: "Orange Money" });
    await disbursement.getByLabel("Référence de l'opération").fill(`DEC-${id}-${unique()}`);
    await pageIsSound(page);
    await disbursement.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(disbursement).toBeHidden();
    const schedule = page.getByRole("region", { name: "Échéancier" });
    await expect(schedule.getByRole("listitem")).toHaveCount(3);
    await pageIsSound(page);
    await shot(page, "officier-echeancier-360");

    // A payment through its dialog, the rest through the API: 'Soldé'.
    const dialog = await recordPayment(page, {
      channel: "Wave",
      reference: `WAVE-${id}-${unique()}`,
    });
    await expect(dialog).toBeHidden();
    await expect(schedule).toContainText("Payée");
    const { remainingBalance } = await accountOf(page, id);
    await payThroughAdminApi(page, id, { amount: remainingBalance });
    await page.reload();
    await waitForApp(page);
    await expect(schedule.getByText("Soldé", { exact: true })).toBeVisible();
    await pageIsSound(page);
    await shot(page, "officier-solde-360");
    await close();
  });
});
