import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { axeScan, expectAxeFindsNothingSerious, gotoPublicPage, signInAsOfficer } from "./fixtures";

test.describe("Messagerie de l'administration", () => {
  test("un message envoyé arrive non lu, devient lu à l'ouverture, puis est classé", async ({
    page,
    browser,
  }) => {
    const subject = `Question ${randomUUID().slice(0, 8)}`;

    // A visitor writes, in a context of their own.
    const visitor = await browser.newPage();
    await visitor.route("https://www.openstreetmap.org/**", (route) => route.abort());
    await gotoPublicPage(visitor, "/contact");
    await visitor.getByLabel("Nom complet").fill("Mariam Traoré");
    await visitor.getByLabel("Adresse e-mail").fill("mariam.traore@exemple.sn");
    await visitor.getByLabel("Sujet (facultatif)").fill(subject);
    await visitor.getByLabel("Votre message").fill("Bonjour,\nje voudrais financer mon atelier.");
    await visitor.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(visitor.getByText("Votre message a été envoyé avec succès")).toBeVisible();
    await visitor.close();

    // The officers' shared session (e2e/officers.ts): the form's own journeys are login's.
    await signInAsOfficer(page);
    const sidebarLink = page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: /^Messages/ });
    await expect(sidebarLink).toContainText(/\d+/);
    await sidebarLink.click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

    const row = page.getByRole("link").filter({ hasText: subject });
    await expect(row).toBeVisible();
    await expect(row.getByText("Non lu")).toBeVisible();
    await expect(row.getByText("Mariam Traoré")).toHaveClass(/font-bold/);

    // The scan includes the sign-in toast still on screen.
    await expectAxeFindsNothingSerious(axeScan(page));

    // Unread filter, shareable by URL.
    const filters = page.getByRole("navigation", { name: "Filtrer les messages" });
    await filters.getByRole("link", { name: "Non lus", exact: true }).click();
    await expect(page).toHaveURL(/\?statut=non-lus$/);
    await expect(row).toBeVisible();

    // Opening it shows it whole and marks it read.
    await row.click();
    await expect(page).toHaveURL(/message=\d+/);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
    await expect(detail).toContainText("je voudrais financer mon atelier.");
    await expect(detail.getByRole("link", { name: "mariam.traore@exemple.sn" })).toHaveAttribute(
      "href",
      "mailto:mariam.traore@exemple.sn",
    );
    await expect(detail).toContainText("Lu le");
    await filters.getByRole("link", { name: "Lus", exact: true }).click();
    await expect(page).toHaveURL(/\?statut=lus$/);
    const readRow = page.getByRole("link").filter({ hasText: subject });
    await expect(readRow).toBeVisible();
    await expect(readRow.getByText("Non lu")).toHaveCount(0);

    // Back to unread.
    await readRow.click();
    await page.getByRole("button", { name: "Marquer comme non lu" }).click();
    await expect(page.getByText("Message marqué comme non lu")).toBeVisible();
    await filters.getByRole("link", { name: "Non lus", exact: true }).click();
    await expect(page.getByRole("link").filter({ hasText: subject })).toBeVisible();

    // Archived: out of the inbox, in the archive.
    await page.getByRole("link").filter({ hasText: subject }).click();
    await page.getByRole("button", { name: "Archiver" }).click();
    await expect(page.getByText("Message archivé")).toBeVisible();
    await filters.getByRole("link", { name: "Boîte de réception", exact: true }).click();
    await expect(page.getByRole("link").filter({ hasText: subject })).toHaveCount(0);
    await filters.getByRole("link", { name: "Archivés", exact: true }).click();
    await expect(page.getByRole("link").filter({ hasText: subject })).toBeVisible();
  });

  test("un filtre sans message affiche l'état vide", async ({ page }) => {
    await signInAsOfficer(page);
    // A page far beyond the last one is always empty.
    await page.goto("/admin/messages?statut=archives&page=999");
    await expect(page.getByText("Aucun message.")).toBeVisible();
  });
});
