import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import type { AdminMonthlyStatsJson, AdminStatsJson } from "../src/domain/api/admin-stats";
import { formatFcfa, formatNumber } from "../src/domain/format-fcfa";
import { loanStatuses } from "../src/domain/loan-status";
import {
  changeStatusThroughAdminApi,
  createLoanThroughApi,
  e2eAdmin,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  signInThroughApi,
} from "./fixtures";

async function statsOf(page: Page) {
  const response = await page.request.get("/api/admin/stats");
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminStatsJson;
}

async function monthlyOf(page: Page) {
  const response = await page.request.get("/api/admin/stats/monthly");
  expect(response.status()).toBe(200);
  return (await response.json()) as AdminMonthlyStatsJson;
}

/** "novembre 2026": how the data tables name the current month. */
const currentMonthLabel = new Intl.DateTimeFormat("fr-FR", {
  month: "long",
  year: "numeric",
  timeZone: "Africa/Abidjan",
}).format(new Date());

/** The names of the scripts a page fetched. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

test.describe("Tableau de bord de l'administration", () => {
  test("les cartes montrent les chiffres réels, les graphiques et leurs données s'affichent", async ({
    page,
    browser,
  }) => {
    await signInThroughApi(page, e2eAdmin);
    const before = await statsOf(page);
    const monthlyBefore = await monthlyOf(page);

    // A new client makes two requests; the officer approves the first, for less.
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    const lastName = `Bamba${randomUUID().slice(0, 6).replace(/\d/g, "q")}`;
    const email = `${lastName.toLowerCase()}@exemple.ci`;
    const registered = await clientPage.request.post("/api/register", {
      data: { fullName: `Fanta ${lastName}`, email, password: "Baobab-Lagune-42" },
    });
    expect(registered.status()).toBe(201);
    const clientId = (await registered.json()).user.id as string;
    const first = await createLoanThroughApi(clientPage, { amount: 1_234_000 });
    const second = await createLoanThroughApi(clientPage, { amount: 2_000_000 });
    await clientContext.close();
    await changeStatusThroughAdminApi(page, first, {
      from: "pending",
      to: "approved",
      approvedAmount: 1_000_000,
      interestRate: 12,
    });

    const after = await statsOf(page);
    expect(after.cards).toEqual({
      totalLoans: before.cards.totalLoans + 2,
      clients: before.cards.clients + 1,
      pendingLoans: before.cards.pendingLoans + 1,
      approvedLoans: before.cards.approvedLoans + 1,
      approvedAmount: before.cards.approvedAmount + 1_000_000,
      // Two fresh requests: nothing more overdue; the median moves with the new decision.
      overdueLoans: before.cards.overdueLoans,
      medianDecisionHours: expect.any(Number),
    });
    const monthly = await monthlyOf(page);
    const now = monthly.months.at(-1);
    const nowBefore = monthlyBefore.months.at(-1);
    expect(now?.approvedAmount).toBe((nowBefore?.approvedAmount ?? 0) + 1_000_000);

    const scripts = watchScripts(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

    const cards = page.getByRole("list", { name: "Statistiques" }).getByRole("listitem");
    const card = (label: string) => cards.filter({ hasText: label });
    await expect(card("Demandes de prêt")).toContainText(formatNumber(after.cards.totalLoans));
    await expect(card("Clients")).toContainText(formatNumber(after.cards.clients));
    await expect(card("Demandes en attente")).toContainText(formatNumber(after.cards.pendingLoans));
    await expect(card("Demandes approuvées")).toContainText(
      formatNumber(after.cards.approvedLoans),
    );
    await expect(card("Demandes approuvées")).toContainText(
      `${formatFcfa(after.cards.approvedAmount)} accordés`,
    );
    await expect(card("Demandes en attente").getByRole("link")).toHaveAttribute(
      "href",
      "/admin/prets?status=pending",
    );

    const latestLoans = page.getByRole("region", { name: "Demandes récentes" });
    const newest = latestLoans.getByRole("row").nth(1);
    const padded = `#${String(second).padStart(5, "0")}`;
    await expect(newest).toContainText(padded);
    await expect(newest).toContainText(`Fanta ${lastName}`);
    await expect(newest).toContainText(formatFcfa(2_000_000));
    await expect(newest).toContainText("En attente");
    await expect(latestLoans.getByRole("link", { name: `Demande ${padded}` })).toHaveAttribute(
      "href",
      `/admin/prets/${second}`,
    );
    await expect(latestLoans.getByRole("row").nth(2)).toContainText("Approuvé");

    const latestClients = page.getByRole("region", { name: "Nouveaux clients" });
    await expect(latestClients.getByRole("link", { name: new RegExp(lastName) })).toHaveAttribute(
      "href",
      `/admin/clients/${clientId}`,
    );

    const actions = page.getByRole("region", { name: "Actions rapides" });
    for (const [name, href] of [
      ["Demandes en attente", "/admin/prets?status=pending"],
      ["Clients", "/admin/clients"],
      ["Messages", "/admin/messages"],
    ] as const) {
      await expect(actions.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }

    // Both charts are drawn, from the chart chunk that only this page loads, once their boxes
    // near the screen.
    await page.getByRole("region", { name: "Montant approuvé par mois" }).scrollIntoViewIfNeeded();
    const canvases = page.locator("canvas[role=img]");
    await expect(canvases).toHaveCount(2);
    await expect
      .poll(() => canvases.evaluateAll((list) => list.map((c) => (c as HTMLCanvasElement).width)))
      .toEqual([expect.any(Number), expect.any(Number)]);
    for (const width of await canvases.evaluateAll((list) =>
      list.map((c) => (c as HTMLCanvasElement).width),
    )) {
      expect(width).toBeGreaterThan(100);
    }
    expect(scripts.filter((url) => url.includes("dashboard-bar-chart"))).toHaveLength(1);

    // Their text alternatives hold the same figures.
    const requestsChart = page.getByRole("region", { name: "Demandes par mois" });
    await requestsChart.getByText("Voir les données").click();
    const requestsRow = requestsChart.getByRole("row", { name: new RegExp(currentMonthLabel) });
    const expectedCells = [
      ...loanStatuses.map((status) => formatNumber(now?.loansByStatus[status] ?? 0)),
      formatNumber(
        loanStatuses.reduce((sum, status) => sum + (now?.loansByStatus[status] ?? 0), 0),
      ),
    ];
    await expect(requestsRow.getByRole("cell")).toHaveText(expectedCells);
    await expect(requestsChart.getByRole("row")).toHaveCount(13);

    const amountChart = page.getByRole("region", { name: "Montant approuvé par mois" });
    await amountChart.getByText("Voir les données").click();
    await expect(
      amountChart.getByRole("row", { name: new RegExp(currentMonthLabel) }).getByRole("cell"),
    ).toHaveText([formatFcfa(now?.approvedAmount ?? 0)]);
    await expect(amountChart.getByRole("row")).toHaveCount(13);

    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dashboard-1280.png", fullPage: true });
  });

  test("à 360 px, sans défilement horizontal ; le graphique n'est chargé que sur cette page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInThroughApi(page, e2eAdmin);
    const scripts = watchScripts(page);
    await page.goto("/admin/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => url.includes("dashboard-bar-chart"))).toEqual([]);

    await page.getByRole("button", { name: "Menu de navigation" }).click();
    await page.getByRole("link", { name: "Tableau de bord" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    // On a phone the charts are below the figures: their code comes when they near the screen.
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => url.includes("dashboard-bar-chart"))).toEqual([]);
    await expect(page.locator("canvas[role=img]")).toHaveCount(0);
    await page.getByRole("region", { name: "Demandes par mois" }).scrollIntoViewIfNeeded();
    await page.getByRole("region", { name: "Montant approuvé par mois" }).scrollIntoViewIfNeeded();
    await expect(page.locator("canvas[role=img]")).toHaveCount(2);
    for (const region of ["Demandes par mois", "Montant approuvé par mois"]) {
      await page.getByRole("region", { name: region }).getByText("Voir les données").click();
    }
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "test-results/admin-dashboard-360.png", fullPage: true });
  });
});
