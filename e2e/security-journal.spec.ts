import { expect, test } from "@playwright/test";
import {
  e2eAdmin,
  expectNoSeriousViolations,
  newClient,
  registerThroughApi,
  signInAsOfficerThroughForm,
} from "./fixtures";

test("an officer reads the security journal, filters it and exports it", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // A client's failed sign-in, from a browser of its own.
  const context = await browser.newContext();
  const clientPage = await context.newPage();
  const client = await registerThroughApi(clientPage, newClient());
  const failed = await clientPage.request.post("/api/session", {
    data: { email: client.email, password: "Pas-Le-Bon-123" },
  });
  expect(failed.status()).toBe(401);
  await context.close();

  await signInAsOfficerThroughForm(page);
  await page.getByRole("link", { name: "Journal de sécurité" }).click();
  await expect(page).toHaveURL(/\/admin\/journal$/);
  await expect(page.getByRole("heading", { name: "Journal de sécurité" })).toBeVisible();
  const events = page.getByRole("table", { name: "Événements de sécurité" });
  await expect(events.getByRole("row").filter({ hasText: e2eAdmin.email }).first()).toContainText(
    "Connexion réussie",
  );

  await page.getByLabel("Compte").fill(client.email);
  await page.getByLabel("Type d'événement").selectOption({ label: "Échec de connexion" });
  await expect(page).toHaveURL(/type=sign_in_failure/);
  await expect(page).toHaveURL(/compte=/);
  await expect(events.getByRole("row")).toHaveCount(2);
  await expect(events).toContainText("Adresse e-mail ou mot de passe incorrect");
  await expectNoSeriousViolations(page);

  // The export link carries the filters; its file holds the same event.
  const href = await page.getByRole("link", { name: "Exporter en CSV" }).getAttribute("href");
  const exportUrl = new URL(href ?? "", "http://x");
  expect(exportUrl.pathname).toBe("/api/admin/security-events/export.csv");
  expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
    compte: client.email,
    type: "sign_in_failure",
  });
  const csv = await page.request.get(href ?? "");
  expect(csv.headers()["content-disposition"]).toMatch(/journal-securite-\d{4}-\d{2}-\d{2}\.csv/);
  expect(await csv.text()).toContain(`;Échec de connexion;${client.email};`);
});
