import { expect, type Locator, type Page, test } from "@playwright/test";
import type { AdminLoanAccountJson } from "../src/domain/api/servicing";
import {
  clientWithLoans,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  loanNumber,
  signInAsOfficer,
  waitForApp,
} from "./fixtures";
import {
  approveThroughAdminApi,
  disburseThroughAdminApi,
  signContractThroughApi,
  takeSms,
} from "./servicing-steps";

// The officers' side of the repayments (issue 28): the portfolio on the dashboard, the 'Suivi'
// filter of the loans list, and a statement imported on screen (columns mapped, a row matched by
// the request's reference confirmed, the same file again recording nothing twice).

const shots = process.env.E2E_SCREENSHOTS_DIR;

/** Saves a full-page screenshot when E2E_SCREENSHOTS_DIR is set (to look at them). */
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Letters only: a digit in a reference could name another request to the matcher. */
function letters(count: number): string {
  return Array.from({ length: count }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join("");
}

/** A request's line in the list: its table row at 1280 px, its card on a phone. */
function loanEntry(page: Page, id: number): Locator {
  return page.locator("tbody tr, ul > li").filter({ hasText: loanNumber(id), visible: true });
}

async function paymentsOf(page: Page, id: number) {
  const response = await page.request.get(`/api/admin/loans/${id}/servicing`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { account: AdminLoanAccountJson }).account.payments;
}

/** Chooses Free Money and the file on /admin/releves, and waits for the page to have read it. */
async function chooseStatement(page: Page, file: { name: string; buffer: Buffer }) {
  await page.getByLabel("Moyen de paiement").selectOption({ label: "Free Money" });
  await page
    .getByLabel("Fichier du relevé (CSV)")
    .setInputFiles({ name: file.name, mimeType: "text/csv", buffer: file.buffer });
  await expect(page.getByText(`« ${file.name} » : 4 colonnes`)).toBeVisible();
}

/**
 * The mapping screen, filled with this file's columns. The channel's mapping is shared by every
 * officer (and journey): the file's reference column has a name of its own, so the screen comes
 * up whatever another journey saved for Free Money.
 */
async function mapColumns(page: Page, referenceColumn: string) {
  const mapping = page.getByRole("region", { name: "Colonnes des relevés Free Money" });
  await expect(mapping).toBeVisible();
  await expect(
    mapping.getByRole("heading", { name: "Colonnes des relevés Free Money" }),
  ).toBeFocused();
  await mapping.getByLabel("Date du paiement").selectOption("Date opération");
  await mapping.getByLabel("Montant", { exact: true }).selectOption("Montant");
  await mapping.getByLabel("Référence de l'opération").selectOption(referenceColumn);
  await mapping.getByLabel("Téléphone du payeur (facultatif)").selectOption("Numéro");
  await expectNoSeriousViolations(page);
  await mapping.getByRole("button", { name: "Enregistrer les colonnes et importer" }).click();
}

test.describe("Portefeuille, suivi des prêts et relevés (officiers)", () => {
  test("un relevé importé à l'écran enregistre le paiement reconnu une seule fois", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsOfficer(page);

    // A disbursed loan: approved, its contract signed with the code of the SMS, paid out.
    const { client, ids, clientPage, close } = await clientWithLoans(page, [{ amount: 1_500_000 }]);
    const id = ids[0] ?? 0;
    const phone = await takeSms(clientPage);
    await approveThroughAdminApi(page, id);
    await signContractThroughApi(clientPage, id, phone);
    await close();
    await disburseThroughAdminApi(page, id, 1_200_000);
    expect(await paymentsOf(page, id)).toHaveLength(0);

    // The list's 'Suivi' filter: kept in the address, through a reload and in the export.
    await page.goto("/admin/prets");
    await waitForApp(page);
    await page.getByLabel("Rechercher un client").fill(client.lastName);
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByLabel("Suivi").selectOption({ label: "En remboursement" });
    await expect(page).toHaveURL(/[?&]suivi=en_remboursement/);
    await expect(loanEntry(page, id)).toHaveCount(1);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel("Suivi")).toHaveValue("en_remboursement");
    await expect(loanEntry(page, id)).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Exporter en CSV" })).toHaveAttribute(
      "href",
      /suivi=en_remboursement/,
    );
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-list-1280");
    await page.getByLabel("Suivi").selectOption({ label: "Soldé" });
    await expect(page).toHaveURL(/[?&]suivi=solde/);
    await expect(page.getByText("Aucune demande de prêt trouvée.")).toBeVisible();

    // A Free Money statement: one row names the request, one matches nothing.
    const run = letters(6);
    const referenceColumn = `Réf ${run}`;
    const today = new Date().toISOString().slice(0, 10);
    const [year, month, day] = today.split("-");
    const csv = [
      `Date opération;Montant;${referenceColumn};Numéro`,
      `${day}/${month}/${year};"50 000";FM${run} ${loanNumber(id)};${phone.display}`,
      `${day}/${month}/${year};12 345;FM${run}-inconnu;+225 01 00 00 00 00`,
      "",
    ].join("\r\n");
    const file = { name: `releve-free-money-${run}.csv`, buffer: Buffer.from(csv, "utf8") };

    await page.getByRole("link", { name: "Relevés", exact: true }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Relevés de paiement" }),
    ).toBeVisible();
    await waitForApp(page);
    await expectNoSeriousViolations(page);
    // Nothing chosen: each field says what it lacks.
    await page.getByRole("button", { name: "Importer le relevé" }).click();
    await expect(page.getByLabel("Moyen de paiement")).toBeFocused();
    await expect(page.getByLabel("Moyen de paiement")).toHaveAccessibleDescription(
      "Veuillez choisir le moyen de paiement",
    );
    await chooseStatement(page, file);
    await page.getByRole("button", { name: "Importer le relevé" }).click();
    await mapColumns(page, referenceColumn);

    // The import's page: the row proposed (ticked), the other listed with its problem.
    await expect(page).toHaveURL(/\/admin\/releves\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Relevé importé" })).toBeVisible();
    await waitForApp(page);
    const proposed = page.getByRole("region", { name: "Paiements proposés (1)" });
    const box = proposed.getByRole("checkbox", { name: /^Ligne 1 :/ });
    await expect(box).toBeChecked();
    // The accessible name has its spaces made plain: the amount's narrow ones included.
    await expect(box).toHaveAccessibleName(new RegExp(`50\\s000\\sFCFA.*${loanNumber(id)}`));
    await expect(proposed).toContainText("Rapprochement par référence");
    const unmatched = page.getByRole("region", { name: "Lignes non reconnues (1)" });
    await expect(unmatched).toContainText("Ligne 2");
    await expect(unmatched).toContainText(
      "Aucun prêt ne correspond à cette référence ni à ce numéro et ce montant.",
    );
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-import-proposed-1280");

    await proposed.getByRole("button", { name: "Enregistrer les paiements sélectionnés" }).click();
    const recorded = page.getByRole("region", { name: "Paiements enregistrés (1)" });
    await expect(recorded).toContainText("Ligne 1");
    await expect(recorded.getByRole("link", { name: `Demande ${loanNumber(id)}` })).toHaveAttribute(
      "href",
      `/admin/prets/${id}`,
    );
    await expect(page.getByRole("region", { name: /^Paiements proposés/ })).toHaveCount(0);
    const importUrl = page.url();
    const payments = await paymentsOf(page, id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 50_000,
      channel: "free_money",
      importId: expect.any(Number),
    });
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-import-recorded-1280");

    // The same file again: that earlier import, said plainly; nothing recorded twice.
    await page.getByRole("link", { name: "Importer un autre relevé" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Relevés de paiement" }),
    ).toBeVisible();
    await chooseStatement(page, file);
    await page.getByRole("button", { name: "Importer le relevé" }).click();
    if (await page.getByRole("region", { name: "Colonnes des relevés Free Money" }).isVisible()) {
      // Another journey saved other columns for Free Money meanwhile.
      await mapColumns(page, referenceColumn);
    }
    await expect(page).toHaveURL(importUrl);
    await expect(page.getByText("Ce relevé a déjà été importé")).toBeVisible();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "rien n'a été lu ni enregistré une seconde fois" }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Paiements enregistrés (1)" })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Paiements proposés/ })).toHaveCount(0);
    await shot(page, "portfolio-import-duplicate-1280");

    // The same rows in another file (one more line at its end): the row is 'already recorded'.
    await page.getByRole("link", { name: "Importer un autre relevé" }).click();
    await chooseStatement(page, { name: file.name, buffer: Buffer.from(`${csv}\r\n`, "utf8") });
    await page.getByRole("button", { name: "Importer le relevé" }).click();
    if (await page.getByRole("region", { name: "Colonnes des relevés Free Money" }).isVisible()) {
      await mapColumns(page, referenceColumn);
    }
    await expect(page).not.toHaveURL(importUrl);
    await expect(page).toHaveURL(/\/admin\/releves\/\d+$/);
    await expect(page.getByRole("region", { name: "Déjà enregistrées (1)" })).toContainText(
      `FM${run} ${loanNumber(id)}`,
    );
    await expect(page.getByRole("region", { name: /^Paiements proposés/ })).toHaveCount(0);
    expect(await paymentsOf(page, id)).toHaveLength(1);

    // The dashboard's portfolio: its figures formatted (their values move with other journeys).
    await page.getByRole("link", { name: "Tableau de bord", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    const figures = page
      .getByRole("list", { name: "Chiffres du portefeuille" })
      .getByRole("listitem");
    // By the start of its text: "encours" is also in PAR30's meaning.
    const figure = (label: string) => figures.filter({ hasText: new RegExp(`^${label}`) });
    await expect(figure("Encours")).toContainText(/\d[\d\u202f]*\u00a0FCFA/);
    await expect(figure("PAR30")).toContainText(/\d+(,\d)?\u202f%/);
    await expect(figure("PAR30")).toContainText(
      "Part de l'encours dont une échéance a plus de 30 jours de retard",
    );
    await expect(figure("Prêts en retard")).toContainText(/\d/);
    await expect(figure("Encaissé ce mois-ci")).toContainText(/\d[\d\u202f]*\u00a0FCFA/);
    await expect(figure("Prêts actifs").getByRole("link")).toHaveAttribute(
      "href",
      "/admin/prets?suivi=en_remboursement",
    );
    const offices = page.getByRole("table", { name: "Portefeuille par agence" });
    for (const city of ["Abidjan", "Dakar", "Lomé"]) {
      await expect(offices.getByRole("row", { name: new RegExp(city) })).toContainText("FCFA");
    }
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-dashboard-1280");

    // On a phone: the same pages, without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole("list", { name: "Portefeuille par agence" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-dashboard-360");
    await page.goto(importUrl);
    await expect(page.getByRole("region", { name: "Paiements enregistrés (1)" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-import-360");
    await page.goto("/admin/releves");
    await waitForApp(page);
    await chooseStatement(page, file);
    await page.getByRole("button", { name: "Modifier les colonnes" }).click();
    await expect(
      page.getByRole("region", { name: "Colonnes des relevés Free Money" }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, "portfolio-mapping-360");
    await page.goto(`/admin/prets?suivi=en_remboursement&q=${encodeURIComponent(client.lastName)}`);
    await expect(loanEntry(page, id)).toHaveCount(1);
    await expectNoHorizontalScroll(page);
  });
});
