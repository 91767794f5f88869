import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatDate } from "../src/domain/format-date";
import { formatFcfa } from "../src/domain/format-fcfa";
import {
  changeStatusThroughAdminApi,
  clientWithLoans,
  e2eAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  loanNumber,
  signInAsOfficer,
  signInThroughApi,
} from "./fixtures";

/** A request's line in the list: its table row at 1280 px, its card on a phone. */
function loanEntry(page: Page, id: number): Locator {
  return page.locator("tbody tr, ul > li").filter({ hasText: loanNumber(id), visible: true });
}

test.describe("Demandes de prêts (officiers)", () => {
  test("la liste : colonnes, recherche par nom, page du détail, accessibilité", async ({
    page,
  }) => {
    const { client, ids, close } = await clientWithLoans(page, [
      { loanType: "auto", amount: 3_750_000, durationMonths: 36 },
    ]);
    const id = ids[0] ?? 0;
    await signInAsOfficer(page);
    await page.goto("/admin/prets");
    await expect(page.getByRole("heading", { level: 1, name: "Demandes de prêts" })).toBeVisible();

    await page.getByLabel("Rechercher un client").fill(client.lastName.toLocaleUpperCase("fr"));
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText("1 demande", { exact: true })).toBeVisible();
    const row = loanEntry(page, id);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(client.fullName);
    await expect(row).toContainText(client.email);
    await expect(row).toContainText("Prêt automobile");
    await expect(row).toContainText(formatFcfa(3_750_000));
    await expect(row).toContainText("36 mois");
    await expect(row).toContainText(formatDate(new Date()));
    await expect(row).toContainText("En attente");
    await expect(row).toContainText("Non assignée");
    await expect(row.getByRole("button", { name: /^Approuver/ })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Rejeter/ })).toBeVisible();
    await expectNoSeriousViolations(page);

    await row.getByRole("link", { name: `Détails de la demande ${loanNumber(id)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/prets/${id}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(id)}` }),
    ).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel("Rechercher un client")).toHaveValue(
      client.lastName.toLocaleUpperCase("fr"),
    );

    await page.getByLabel("Rechercher un client").fill(`${client.lastName} personne`);
    await expect(page.getByText("Aucune demande de prêt trouvée.")).toBeVisible();
    await close();
  });

  test("rejet depuis la liste avec un motif, vu par le client", async ({ page }) => {
    const { client, ids, clientPage, close } = await clientWithLoans(page, [{}]);
    const id = ids[0] ?? 0;
    await signInAsOfficer(page);
    await page.goto(`/admin/prets?q=${encodeURIComponent(client.email)}`);
    const row = loanEntry(page, id);
    const reject = row.getByRole("button", { name: `Rejeter la demande ${loanNumber(id)}` });
    await reject.click();
    const dialog = page.getByRole("dialog", { name: "Changer le statut" });
    await expect(dialog).toContainText(
      "Vous êtes sur le point de changer le statut de la demande à : Rejeté",
    );
    await expect(dialog).toContainText(
      "Cette action sera enregistrée et le client en sera informé.",
    );
    await expectNoSeriousViolations(page);
    // Cancelling changes nothing and gives the focus back to the button that opened it.
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await expect(reject).toBeFocused();

    await reject.click();
    await dialog.getByLabel("Motif du rejet (facultatif)").fill("Taux d'endettement trop élevé.");
    const confirm = dialog.getByRole("button", { name: "Confirmer" });
    // A double click sends one change: the button is disabled as soon as the first one goes.
    await confirm.dblclick();
    await expect(page.getByText("Statut mis à jour avec succès: Rejeté")).toBeVisible();
    await expect(row).toContainText("Rejeté");
    await expect(row.getByRole("button", { name: /^Rejeter/ })).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);

    await clientPage.goto(`/client/prets/${id}`);
    const banner = clientPage.getByRole("region", { name: /Statut de votre demande/ });
    await expect(banner).toContainText("Statut de votre demande : Rejeté");
    await expect(banner).toContainText("Motif : Taux d'endettement trop élevé.");
    await close();
  });

  test("approbation depuis la liste : la demande changée par un autre officier entre-temps (409)", async ({
    page,
  }) => {
    const { client, ids, close } = await clientWithLoans(page, [{ amount: 1_200_000 }]);
    const id = ids[0] ?? 0;
    await signInAsOfficer(page);
    await page.goto(`/admin/prets?q=${encodeURIComponent(client.email)}`);
    const row = loanEntry(page, id);
    await row.getByRole("button", { name: `Approuver la demande ${loanNumber(id)}` }).click();
    const dialog = page.getByRole("dialog", { name: "Changer le statut" });
    await expect(dialog.getByLabel("Montant approuvé (FCFA)")).toHaveValue("1200000");
    await dialog.getByLabel(/Taux d'intérêt annuel/).fill("10");
    await expect(dialog).toContainText("Mensualité sur 24 mois");

    // Meanwhile another officer (here the same account, from elsewhere) puts it in review.
    const other = await page.context().browser()?.newContext();
    const otherPage = await other?.newPage();
    if (!otherPage) throw new Error("No browser");
    await signInThroughApi(otherPage, e2eAdmin);
    await changeStatusThroughAdminApi(otherPage, id, { from: "pending", to: "in_review" });

    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByRole("alert")).toContainText("modifiée par un autre administrateur");
    // The list is refreshed: the request shows where it now stands.
    await expect(row).toContainText("En cours");
    await expect(row.getByRole("button", { name: /^Approuver/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Fermer le message" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await other?.close();
    await close();
  });

  test("filtres dans l'URL : statut, type, recherche et page survivent au rechargement et au retour", async ({
    page,
  }) => {
    // Twelve requests with three documents each are made first.
    test.setTimeout(60_000);
    const loans = [
      ...Array.from({ length: 11 }, (_, index) => ({
        loanType: "personal",
        amount: 1_000_000 + index * 10_000,
      })),
      { loanType: "education", amount: 900_000 },
    ];
    const { client, ids, close } = await clientWithLoans(page, loans);
    await signInAsOfficer(page);
    await page.goto("/admin/prets");

    await page.getByLabel("Statut").selectOption({ label: "En attente" });
    await expect(page).toHaveURL(/status=pending/);
    await page.getByLabel("Type de prêt").selectOption({ label: "Prêt personnel" });
    await expect(page).toHaveURL(/type=personal/);
    await page.getByLabel("Rechercher un client").fill(client.lastName);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByText("11 demandes · page 1 sur 2")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(10);

    const exportLink = page.getByRole("link", { name: "Exporter en CSV" });
    const href = await exportLink.getAttribute("href");
    const exportUrl = new URL(href ?? "", "http://x");
    expect(exportUrl.pathname).toBe("/api/admin/loans/export.csv");
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
      status: "pending",
      type: "personal",
      q: client.lastName,
    });
    await expect(exportLink).toHaveAttribute("download", "");

    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("11 demandes · page 2 sur 2")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    // The oldest request is the last one.
    await expect(loanEntry(page, ids[0] ?? 0)).toHaveCount(1);

    await page.reload();
    await expect(page.getByText("11 demandes · page 2 sur 2")).toBeVisible();
    await expect(page.getByLabel("Statut")).toHaveValue("pending");
    await expect(page.getByLabel("Type de prêt")).toHaveValue("personal");
    await expect(page.getByLabel("Rechercher un client")).toHaveValue(client.lastName);

    await page.goBack();
    await expect(page.getByText("11 demandes · page 1 sur 2")).toBeVisible();
    await page.goForward();
    await expect(page.getByText("11 demandes · page 2 sur 2")).toBeVisible();

    // A new filter starts again from the first page.
    await page.getByLabel("Type de prêt").selectOption({ label: "Prêt études" });
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText("1 demande", { exact: true })).toBeVisible();
    await expect(loanEntry(page, ids[11] ?? 0)).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/type=personal/);
    await expect(page.getByLabel("Type de prêt")).toHaveValue("personal");

    // A choice made while a search is still settling: both are kept, whichever lands last.
    await page.getByLabel("Rechercher un client").fill("Zz");
    await page.getByLabel("Statut").selectOption({ label: "Approuvé" });
    await expect(page).toHaveURL(/q=Zz/);
    await expect(page).toHaveURL(/status=approved/);
    await expect(page.getByLabel("Statut")).toHaveValue("approved");
    await close();
  });

  test("à 360 px : des cartes, sans défilement horizontal", async ({ page }) => {
    const { client, ids, close } = await clientWithLoans(page, [{}]);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsOfficer(page);
    await page.goto(`/admin/prets?q=${encodeURIComponent(client.lastName)}`);
    const card = loanEntry(page, ids[0] ?? 0);
    await expect(card).toContainText(client.email);
    await expect(card.getByRole("button", { name: /^Approuver/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-loans-360.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/prets");
    await page.screenshot({ path: "test-results/admin-loans-1280.png", fullPage: true });
    await close();
  });
});
