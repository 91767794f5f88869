import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { e2eAdmin, registerThroughApi, signInThroughApi } from "./fixtures";

// Runs against `npm run dev` (playwright.dev.config.ts), so that the dev loop cannot silently
// break: a page of each kind is served from the sources, and an edit to an area's component
// reaches the open page through Vite's hot update.

const dashboardPage = join(
  import.meta.dirname,
  "..",
  "src/web/features/client/pages/dashboard-page.tsx",
);

test("npm run dev serves every kind of page and shows an edit to a component without a reload", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Connexion" }).first()).toBeVisible();

  await page.goto("/auth/login");
  await expect(page.getByLabel("Adresse e-mail", { exact: true })).toBeVisible();

  const officer = await browser.newContext();
  try {
    const officerPage = await officer.newPage();
    await signInThroughApi(officerPage, e2eAdmin);
    await officerPage.goto("/admin/prets");
    await expect(
      officerPage.getByRole("heading", { level: 1, name: "Demandes de prêts" }),
    ).toBeVisible();
  } finally {
    await officer.close();
  }

  await registerThroughApi(page);
  await page.goto("/client");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // A reload of the page (Vite's fallback when a hot update cannot apply, or when the server
  // restarted and its socket came back) would drop this mark.
  await page.evaluate(() => {
    (window as { devLoopMark?: boolean }).devLoopMark = true;
  });
  const source = await readFile(dashboardPage, "utf8");
  expect(source).toContain('title="Tableau de bord"');
  try {
    await writeFile(
      dashboardPage,
      source.replace('title="Tableau de bord"', 'title="Tableau de bord modifié"'),
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "Tableau de bord modifié" }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as { devLoopMark?: boolean }).devLoopMark)).toBe(true);
  } finally {
    await writeFile(dashboardPage, source);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
});
