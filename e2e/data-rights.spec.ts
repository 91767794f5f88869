import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { dataRightsMessages } from "../src/domain/api/data-rights";
import { readZip } from "../src/server/modules/data-rights/zip-reader.test-helpers";
import {
  changeStatusThroughAdminApi,
  clientWithLoans,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  signInAsOfficer,
  signInThroughForm,
} from "./fixtures";

// Issue 18, the client's data rights: 'Télécharger mes données' (built in the background, with
// progress, then downloaded) and 'Fermer mon compte' (no sign-in afterwards), and the officer's
// view of the closed client.

test("un client télécharge ses données, ferme son compte, ne peut plus se connecter ; l'officier voit 'Compte fermé'", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { client, ids, clientPage, close } = await clientWithLoans(page);
  const loanId = ids[0] as number;
  // A decided request: closing is refused while one is under review.
  await signInAsOfficer(page);
  await changeStatusThroughAdminApi(page, loanId, {
    from: "pending",
    to: "rejected",
    rejectionReason: "Revenus insuffisants",
  });

  await clientPage.goto("/client/profil");
  const exportCard = clientPage.getByRole("region", { name: "Télécharger mes données" });
  await exportCard
    .getByRole("button", { name: "Télécharger mes données" })
    .click({ timeout: 20_000 });
  const archiveLink = exportCard.getByRole("link", { name: "Télécharger l'archive" });
  await expect(archiveLink).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([clientPage.waitForEvent("download"), archiveLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = await readZip(await readFile(await download.path()));
  const listing = [...entries.keys()];
  expect(listing.slice(0, 2)).toEqual(["LISEZMOI.txt", "donnees.json"]);
  expect(listing.filter((name) => name.startsWith("documents/"))).toHaveLength(3);
  const data = JSON.parse(entries.get("donnees.json")?.toString("utf8") ?? "{}");
  expect(data.profile.email).toBe(client.email);
  expect(data.requests[0].id).toBe(loanId);

  await expectNoSeriousViolations(clientPage);
  await clientPage.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(clientPage);

  // The danger zone: the dialog asks for the password again.
  const dangerZone = clientPage.getByRole("region", { name: "Fermer mon compte" });
  await dangerZone.getByRole("button", { name: "Fermer mon compte" }).click();
  const dialog = clientPage.getByRole("dialog", { name: "Fermer votre compte ?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Fermer définitivement mon compte" }).click();
  await expect(dialog.getByText(dataRightsMessages.passwordRequired)).toBeVisible();
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(client.password);
  await dialog.getByRole("button", { name: "Fermer définitivement mon compte" }).click();
  await expect(clientPage).toHaveURL(/\/$/);
  // The public home page shows the toast the profile page carried over.
  await expect(clientPage.getByText(dataRightsMessages.closed)).toBeVisible();
  const session = await clientPage.request.get("/api/session");
  expect((await session.json()).user).toBeNull();

  // No sign-in any more, with a French message.
  await signInThroughForm(clientPage, client);
  await expect(clientPage.getByText(dataRightsMessages.accountClosed)).toBeVisible();
  await expect(clientPage).toHaveURL(/\/auth\/login/);
  await close();

  // The officer sees 'Compte fermé' in the list, on the client's file and on the request.
  await page.goto(`/admin/clients?q=${encodeURIComponent(client.email)}`);
  await expect(page.getByText("Compte fermé").filter({ visible: true }).first()).toBeVisible();
  await page.goto(`/admin/prets/${loanId}`);
  const clientBlock = page.getByRole("region", { name: "Informations du client" });
  await expect(clientBlock.getByText("Compte fermé")).toBeVisible();
  await expect(page.getByText(dataRightsMessages.clientAccountClosed)).toBeVisible();
});
