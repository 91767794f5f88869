import { expect, test } from "@playwright/test";
import {
  clientWithLoans,
  expectNoSeriousViolations,
  loanNumber,
  registerThroughApi,
  signInAsOfficer,
} from "./fixtures";

// Issue 18: the client's channels in 'Mon profil', and the SMS in the officers' history. The
// server under test has no SMPP_URL: SMS go to DATA_DIR/outbox, as they do on a developer's
// machine, and count as sent.

test.describe("Notifications par SMS", () => {
  test("profil : les choix de canaux sont enregistrés et affichés, un numéro fixe est refusé", async ({
    page,
  }) => {
    await registerThroughApi(page);
    await page.goto("/client/profil");
    const card = page.getByRole("region", { name: "Notifications", exact: true });
    const email = card.getByRole("checkbox", { name: "E-mail" });
    const sms = card.getByRole("checkbox", { name: "SMS" });
    const number = card.getByLabel("Numéro de mobile pour les SMS");
    const save = card.getByRole("button", { name: "Enregistrer mes préférences" });
    // No phone in the profile yet: e-mail only. (The card asks for the choices after the page's
    // first paint: a cold server on a loaded machine can take longer than the default wait.)
    await expect(email).toBeChecked({ timeout: 20_000 });
    await expect(sms).not.toBeChecked();

    await sms.check();
    await number.fill("+225 27 22 40 50 60");
    await save.click();
    await expect(card.getByText("Ce numéro n'est pas un numéro de mobile")).toBeVisible();
    await expect(number).toBeFocused();

    await number.fill("07 08 09 10 11");
    await email.uncheck();
    await save.click();
    await expect(
      page.getByText("Vos préférences de notification ont été enregistrées"),
    ).toBeVisible();
    await expect(number).toHaveValue("+2250708091011");

    await page.reload();
    await expect(sms).toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(number).toHaveValue("+2250708091011");
    await expectNoSeriousViolations(page);
  });

  test("historique : l'officier voit le SMS envoyé au client et son canal", async ({ page }) => {
    const { ids, clientPage, close } = await clientWithLoans(page, []);
    const saved = await clientPage.request.put("/api/me/notifications", {
      data: { email: true, sms: true, smsPhone: "+221 77 123 45 67" },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { createLoanThroughApi } = await import("./fixtures");
    ids.push(await createLoanThroughApi(clientPage));
    await close();
    const loanId = ids[0] as number;

    await signInAsOfficer(page);
    await page.goto(`/admin/prets/${loanId}`);
    await expect(
      page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(loanId)}` }),
    ).toBeVisible();
    await expect(page.getByText("SMS au client : « Demande reçue » — envoyé")).toBeVisible();

    await page.request.post(`/api/admin/loans/${loanId}/status`, {
      data: { from: "pending", to: "in_review" },
    });
    // Both leave through their outboxes after the change's commit, each in its own time: the page
    // read again until both are sent.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("SMS au client : « En cours » — envoyé")).toBeVisible({
        timeout: 1_000,
      });
      await expect(page.getByText("E-mail au client : « En cours » — envoyé")).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
  });
});
