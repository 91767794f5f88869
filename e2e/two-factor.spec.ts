import { expect, type Page, test } from "@playwright/test";
import { securityEventLabels } from "../src/domain/api/security-events";
import { twoFactorMessages } from "../src/domain/api/two-factor";
import { totpCode } from "../src/server/test/totp";
import {
  e2eNewOfficer,
  e2eSecondAdmin,
  enterSignInCode,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  registerThroughApi,
  signInThroughForm,
  signOutThroughMenu,
} from "./fixtures";
import { nextCode } from "./officers";

// The second factor's journeys (issue 17). The officer here is made by `npm run admin:create`
// (playwright.config.ts) and never enrolled by the harness: its first sign-in enrols it.

/** Another code than the app's, for the wrong-code cases. */
function wrongCode(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
}

/** The password only: the form, without the harness's code step. */
async function passwordStep(page: Page, credentials: { email: string; password: string }) {
  await page.goto("/auth/login");
  await page.getByLabel("Adresse e-mail", { exact: true }).fill(credentials.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/**
 * The enrolment's three steps on the page (officer's page or client's profile): the password,
 * the key read from the page and the code an app would compute, the backup codes kept.
 */
async function enrolThroughScreens(page: Page, password: string, options: { axe?: boolean } = {}) {
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(
    page.getByRole("img", { name: "QR code à scanner avec votre application d'authentification" }),
  ).toBeVisible();
  const key = (await page.getByLabel("Clé secrète").inputValue()).replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  if (options.axe) await expectNoSeriousViolations(page);

  await page.getByLabel("Code à 6 chiffres").fill(wrongCode(totpCode(key)));
  await page.getByRole("button", { name: "Activer" }).click();
  await expect(page.getByText(twoFactorMessages.wrongCode).first()).toBeVisible();

  await page.getByLabel("Code à 6 chiffres").fill(await nextCode(key));
  await page.getByRole("button", { name: "Activer" }).click();
  const list = page.getByRole("list", { name: "Codes de secours" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const backupCodes = await list.getByRole("listitem").allInnerTexts();
  const go = page.getByRole("button", { name: "Continuer" });
  await expect(go).toBeDisabled();
  if (options.axe) await expectNoSeriousViolations(page);
  await page.getByLabel("J'ai conservé mes codes").check();
  await go.click();
  return { key, backupCodes: backupCodes.map((code) => code.trim()) };
}

test.describe
  .serial("double authentification des administrateurs", () => {
    let key = "";
    let backupCodes: string[] = [];

    test("la première connexion active la double authentification ; puis code, code de secours, code faux", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await passwordStep(page, e2eNewOfficer);
      await expect(page).toHaveURL(/\/admin\/double-authentification$/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Double authentification" }),
      ).toBeVisible();
      // No way around it: the sidebar is not there, and any /admin page comes back here.
      await expect(page.getByRole("navigation", { name: "Administration" })).toHaveCount(0);
      await page.goto("/admin/prets");
      await expect(page).toHaveURL(/\/admin\/double-authentification$/);
      await expectNoSeriousViolations(page);

      ({ key, backupCodes } = await enrolThroughScreens(page, e2eNewOfficer.password, {
        axe: true,
      }));
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("navigation", { name: "Administration" })).toBeVisible();
      expect(backupCodes).toHaveLength(10);

      // Signed out, the password is no longer enough: the code step, a wrong code, the right one.
      await signOutThroughMenu(page);
      await passwordStep(page, e2eNewOfficer);
      await expect(
        page.getByRole("heading", { level: 1, name: "Double authentification" }),
      ).toBeVisible();
      await expect(page.getByLabel("Code à 6 chiffres")).toBeFocused();
      await expectNoSeriousViolations(page);
      await enterSignInCode(page, wrongCode(totpCode(key)));
      await expect(page.getByText(twoFactorMessages.wrongCode).first()).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
      await enterSignInCode(page, await nextCode(key));
      await expect(page).toHaveURL(/\/admin$/);

      // A backup code instead of the app, once only.
      await signOutThroughMenu(page);
      await passwordStep(page, e2eNewOfficer);
      await page.getByRole("button", { name: "Utiliser un code de secours" }).click();
      await expect(page.getByLabel("Code de secours")).toBeFocused();
      await expectNoSeriousViolations(page);
      await page.getByLabel("Code de secours").fill(backupCodes[0] ?? "");
      await page.getByRole("button", { name: "Vérifier" }).click();
      await expect(page).toHaveURL(/\/admin$/);

      await signOutThroughMenu(page);
      await passwordStep(page, e2eNewOfficer);
      await page.getByRole("button", { name: "Utiliser un code de secours" }).click();
      await page.getByLabel("Code de secours").fill(backupCodes[0] ?? "");
      await page.getByRole("button", { name: "Vérifier" }).click();
      await expect(page.getByText(twoFactorMessages.wrongBackupCode).first()).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
    });

    test("un autre administrateur réinitialise sa double authentification ; il l'active de nouveau, le journal le montre", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      await signInThroughForm(page, e2eSecondAdmin);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto("/admin/parametres");
      const officers = page.getByRole("list", { name: "Administrateurs" });
      const row = officers.getByRole("listitem").filter({ hasText: e2eNewOfficer.email });
      await expect(row).toContainText("Activée");
      // One cannot reset one's own factor: no button on one's own row.
      await expect(
        officers
          .getByRole("listitem")
          .filter({ hasText: e2eSecondAdmin.email })
          .getByRole("button"),
      ).toHaveCount(0);

      await row.getByRole("button", { name: /Réinitialiser la double authentification/ }).click();
      const dialog = page.getByRole("dialog", { name: "Réinitialiser la double authentification" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(e2eNewOfficer.email);
      await expectNoSeriousViolations(page);
      await dialog.getByRole("button", { name: "Réinitialiser", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(twoFactorMessages.reset)).toBeVisible();
      await expect(row).toContainText("À activer");

      // The journal shows the officer's events, the reset with who did it.
      await page.goto("/admin/journal");
      await page.getByLabel("Compte").fill(e2eNewOfficer.email);
      await expect(page).toHaveURL(/compte=/);
      const events = page.getByRole("table", { name: "Événements de sécurité" });
      for (const type of [
        "two_factor_enabled",
        "two_factor_reset",
        "backup_code_used",
        "sign_in_failure",
      ] as const) {
        await expect(events).toContainText(securityEventLabels[type]);
      }

      // The officer, on a browser of their own: the code is not asked, the enrolment is.
      const context = await browser.newContext();
      const officerPage = await context.newPage();
      await passwordStep(officerPage, e2eNewOfficer);
      await expect(officerPage).toHaveURL(/\/admin\/double-authentification$/);
      const again = await enrolThroughScreens(officerPage, e2eNewOfficer.password);
      expect(again.key).not.toBe(key);
      await expect(officerPage).toHaveURL(/\/admin$/);
      await context.close();
    });
  });

test("un client active la double authentification dans « Mon profil », s'en sert, puis la désactive", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const client = await registerThroughApi(page);
  await page.goto("/client/profil");
  const card = page.getByRole("region", { name: "Double authentification" });
  await expect(card).toContainText("Désactivée");
  await card.getByRole("button", { name: "Activer la double authentification" }).click();
  const { key } = await enrolThroughScreens(page, client.password);
  await expect(card).toContainText("Activée");
  await expect(
    card.getByRole("button", { name: "Désactiver la double authentification" }),
  ).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await signOutThroughMenu(page);
  await passwordStep(page, client);
  await enterSignInCode(page, await nextCode(key));
  await expect(page).toHaveURL(/\/client$/);

  await page.goto("/client/profil");
  await card.getByRole("button", { name: "Désactiver la double authentification" }).click();
  await card.getByLabel("Mot de passe", { exact: true }).fill("Pas-le-bon-1");
  await card.getByRole("button", { name: "Confirmer la désactivation" }).click();
  await expect(card.getByText(twoFactorMessages.wrongPassword).first()).toBeVisible();
  await card.getByLabel("Mot de passe", { exact: true }).fill(client.password);
  await card.getByRole("button", { name: "Confirmer la désactivation" }).click();
  await expect(card).toContainText("Désactivée");

  // The password alone again.
  await signOutThroughMenu(page);
  await passwordStep(page, client);
  await expect(page).toHaveURL(/\/client$/);
});

test("des codes faux : après 5, le mot de passe est redemandé ; après 10 de suite, le compte est bloqué 15 minutes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A client with a factor, enrolled through the API: this journey is about the code step.
  const client = await registerThroughApi(page);
  const started = await page.request.post("/api/me/two-factor", {
    data: { password: client.password },
  });
  expect(started.status()).toBe(200);
  const { key } = (await started.json()) as { key: string };
  const confirmed = await page.request.post("/api/me/two-factor/confirm", {
    data: { code: await nextCode(key) },
  });
  expect(confirmed.status()).toBe(200);
  await page.context().clearCookies();

  const wrong = wrongCode(totpCode(key));
  await passwordStep(page, client);
  for (let attempt = 0; attempt < 5; attempt++) {
    await enterSignInCode(page, wrong);
    await expect(page.getByText(twoFactorMessages.wrongCode).first()).toBeVisible();
  }
  // The sixth code of one sign-in: back to the password, saying why.
  await enterSignInCode(page, wrong);
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expect(page.getByText(twoFactorMessages.expired)).toBeVisible();

  await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  for (let attempt = 0; attempt < 5; attempt++) {
    await enterSignInCode(page, wrong);
    await expect(page.getByText(twoFactorMessages.wrongCode).first()).toBeVisible();
  }
  // Ten wrong codes in a row: even the right one is refused now, with the lock's message.
  await enterSignInCode(page, await nextCode(key));
  await expect(
    page.getByRole("alert").filter({ hasText: twoFactorMessages.locked }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login(\?.*)?$/);
});
