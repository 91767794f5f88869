import { expect, test } from "@playwright/test";
import { gotoPublicPage } from "./fixtures";

// formatFcfa groups thousands with U+202F and puts U+00A0 before the unit.
const amount = (digits: string) => `${digits.replace(/ /g, "\u202f")}\u00a0FCFA`;

test.describe("Simulateur de prêt", () => {
  test("1 000 000 FCFA sur 12 mois à 12 % : 88 849 FCFA par mois", async ({ page }) => {
    await gotoPublicPage(page, "/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await simulator.getByLabel("Type de prêt").selectOption("business");
    await expect(simulator.getByLabel("Taux annuel indicatif (%)")).toHaveValue("10");

    await simulator.getByLabel("Montant souhaité (FCFA)").fill("1000000");
    await simulator.getByLabel("Durée (en mois)").fill("12");
    await simulator.getByLabel("Taux annuel indicatif (%)").fill("12");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("88 849"));
    await expect(simulator.getByTestId("simulator-total")).toHaveText(amount("1 066 185"));
    await expect(simulator.getByTestId("simulator-interest")).toHaveText(amount("66 185"));
    await expect(simulator.getByRole("link", { name: /Faire ma demande/ })).toHaveAttribute(
      "href",
      "/auth/register",
    );
  });

  test("à taux nul, la mensualité est le montant divisé par la durée", async ({ page }) => {
    await gotoPublicPage(page, "/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("1200000");
    await simulator.getByLabel("Durée (en mois)").fill("24");
    await simulator.getByLabel("Taux annuel indicatif (%)").fill("0");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("50 000"));
    await expect(simulator.getByTestId("simulator-interest")).toHaveText(amount("0"));
  });

  test("refuse un taux au-dessus du taux d'usure et des valeurs nulles, en français", async ({
    page,
  }) => {
    await gotoPublicPage(page, "/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    const rate = simulator.getByLabel("Taux annuel indicatif (%)");
    await rate.fill("25");
    await expect(
      simulator.getByText("Le taux ne peut pas dépasser le taux d'usure de 24 % par an"),
    ).toBeVisible();
    await expect(rate).toHaveAttribute("aria-invalid", "true");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveCount(0);

    await rate.fill("12");
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("0");
    await simulator.getByLabel("Durée (en mois)").fill("0");
    await expect(simulator.getByText("Veuillez entrer un montant valide")).toBeVisible();
    await expect(simulator.getByText("Veuillez entrer une durée valide")).toBeVisible();
  });

  test("la version courte de l'accueil suit le taux indicatif du type de prêt", async ({
    page,
  }) => {
    await gotoPublicPage(page, "/");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("88 849"));
    await simulator.getByLabel("Type de prêt").selectOption("mortgage");
    await expect(simulator).toContainText("8,5 %");
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("25000000");
    await simulator.getByLabel("Durée (en mois)").fill("240");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("216 956"));
  });

  test("le résultat est annoncé aux lecteurs d'écran", async ({ page }) => {
    await gotoPublicPage(page, "/services");
    const live = page.locator("[aria-live=polite]").filter({ hasText: "Mensualité estimée" });
    await expect(live).toHaveCount(1);
  });
});
