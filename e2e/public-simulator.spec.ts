import { expect, test } from "@playwright/test";

// The simulator of the public pages is a form the browser sends as a query string: the server
// draws the page with the simulation, back at the simulator (src/web/features/public/components/
// loan-simulator.tsx). The arithmetic is the domain's, the loan screens' own.

// formatFcfa groups thousands with U+202F and puts U+00A0 before the unit.
const amount = (digits: string) => `${digits.replace(/ /g, "\u202f")}\u00a0FCFA`;

test.describe("Simulateur de prêt", () => {
  test("1 000 000 FCFA sur 12 mois à 12 % : 88 849 FCFA par mois, dans une adresse qui se partage", async ({
    page,
  }) => {
    await page.goto("/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await simulator.getByLabel("Type de prêt").selectOption("business");
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("1000000");
    await simulator.getByLabel("Durée (en mois)").fill("12");
    await simulator.getByLabel("Taux annuel (%)").fill("12");
    await simulator.getByRole("button", { name: "Calculer ma mensualité" }).click();
    await expect(page).toHaveURL(
      /\/services\?type=business&montant=1000000&duree=12&taux=12#simulateur$/,
    );
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("88 849"));
    await expect(simulator.getByTestId("simulator-total")).toHaveText(amount("1 066 185"));
    await expect(simulator.getByTestId("simulator-interest")).toHaveText(amount("66 185"));
    // The form keeps what was asked.
    await expect(simulator.getByLabel("Type de prêt")).toHaveValue("business");
    await expect(simulator.getByLabel("Taux annuel (%)")).toHaveValue("12");
    await expect(simulator.getByRole("link", { name: /Faire ma demande/ })).toHaveAttribute(
      "href",
      "/auth/register",
    );
    // The same address gives the same simulation.
    await page.reload();
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("88 849"));
  });

  test("sans taux saisi, le taux indicatif du type de prêt ; à taux nul, le montant divisé par la durée", async ({
    page,
  }) => {
    await page.goto("/services?type=business&montant=1000000&duree=12");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await expect(simulator.getByTestId("simulator-rate")).toHaveText("10 %");
    await page.goto("/services?type=personal&montant=1200000&duree=24&taux=0");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("50 000"));
    await expect(simulator.getByTestId("simulator-interest")).toHaveText(amount("0"));
  });

  test("refuse un taux au-dessus du taux d'usure et des valeurs nulles, en français", async ({
    page,
  }) => {
    await page.goto("/services");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    const rate = simulator.getByLabel("Taux annuel (%)");
    await rate.fill("25");
    await simulator.getByRole("button", { name: "Calculer ma mensualité" }).click();
    await expect(
      simulator.getByText("Le taux ne peut pas dépasser le taux d'usure de 24 % par an"),
    ).toBeVisible();
    await expect(rate).toHaveAttribute("aria-invalid", "true");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveCount(0);

    await rate.fill("12");
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("0");
    await simulator.getByLabel("Durée (en mois)").fill("0");
    await simulator.getByRole("button", { name: "Calculer ma mensualité" }).click();
    await expect(simulator.getByText("Veuillez entrer un montant valide")).toBeVisible();
    await expect(simulator.getByText("Veuillez entrer une durée valide")).toBeVisible();
  });

  test("la version courte de l'accueil suit le taux indicatif du type de prêt", async ({
    page,
  }) => {
    await page.goto("/");
    const simulator = page.getByRole("region", { name: "Simulez votre prêt" });
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("88 849"));
    await simulator.getByLabel("Type de prêt").selectOption("mortgage");
    await simulator.getByLabel("Montant souhaité (FCFA)").fill("25000000");
    await simulator.getByLabel("Durée (en mois)").fill("240");
    await simulator.getByRole("button", { name: "Calculer ma mensualité" }).click();
    await expect(page).toHaveURL(/\/\?type=mortgage&montant=25000000&duree=240#simulateur$/);
    await expect(simulator.getByTestId("simulator-rate")).toHaveText("8,5 %");
    await expect(simulator.getByTestId("simulator-monthly")).toHaveText(amount("216 956"));
  });
});
