import { expect, test } from "@playwright/test";
import {
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  registerThroughApi,
  signInAsOfficer,
  signInThroughForm,
} from "./fixtures";

const androidPhone =
  "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

test("a client sees its sessions, ends the phone's, which is signed out, then every other one", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const client = await registerThroughApi(page);

  // The same account on a phone: a browser of its own.
  const phone = await browser.newContext({
    userAgent: androidPhone,
    viewport: { width: 360, height: 740 },
  });
  const phonePage = await phone.newPage();
  await signInThroughForm(phonePage, client);
  await expect(phonePage).toHaveURL(/\/client$/);

  await page.goto("/client/profil");
  const card = page.getByRole("region", { name: "Sessions actives" });
  const items = card.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Cette session");
  const phoneItem = items.filter({ hasText: "Chrome sur Android" });
  await expect(phoneItem).toContainText("Dernière activité : aujourd’hui");
  await expect(phoneItem.getByRole("button", { name: "Fermer cette session" })).toBeVisible();
  await expect(items.first().getByRole("button")).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await phoneItem.getByRole("button", { name: "Fermer cette session" }).click();
  await expect(page.getByText("La session a été fermée")).toBeVisible();
  await expect(items).toHaveCount(1);

  // The phone is signed out at its next request.
  await phonePage.goto("/client/prets");
  await expect(phonePage).toHaveURL(/\/auth\/login/);

  // Two more browsers, then all others at once, by the keyboard.
  const others = [await browser.newContext(), await browser.newContext()];
  for (const context of others) {
    const otherPage = await context.newPage();
    await signInThroughForm(otherPage, client);
    await expect(otherPage).toHaveURL(/\/client$/);
  }
  await page.reload();
  await expect(items).toHaveCount(3);
  const endAll = card.getByRole("button", { name: "Fermer toutes les autres sessions" });
  await endAll.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Les 2 autres sessions ont été fermées")).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(endAll).toHaveCount(0);
  for (const context of others) {
    const response = await context.request.get("/api/me");
    expect(response.status()).toBe(401);
    await context.close();
  }

  // On a 360 px phone, the card fits.
  await phonePage.close();
  const small = await phone.newPage();
  await signInThroughForm(small, client);
  await expect(small).toHaveURL(/\/client$/);
  await small.goto("/client/profil");
  await expect(small.getByRole("region", { name: "Sessions actives" })).toBeVisible();
  await expectNoHorizontalScroll(small);
  await phone.close();

  // The security journal shows both revocations.
  const officerContext = await browser.newContext();
  const officerPage = await officerContext.newPage();
  await signInAsOfficer(officerPage);
  await officerPage.goto(
    `/admin/journal?compte=${encodeURIComponent(client.email)}&type=session_revoked`,
  );
  const events = officerPage.getByRole("table", { name: "Événements de sécurité" });
  await expect(events).toContainText("Une autre session");
  await expect(events).toContainText("Toutes les autres sessions");
  await officerContext.close();
});

test("an officer's 'Paramètres' list its sessions", async ({ page }) => {
  await signInAsOfficer(page);
  await page.goto("/admin/parametres");
  const card = page.getByRole("region", { name: "Sessions actives" });
  await expect(card.getByRole("listitem").first()).toContainText("Cette session");
});
