import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { e2eAdmin, registerThroughApi, signInThroughApi, waitForApp } from "./fixtures";

// Runs against `npm run dev` (playwright.dev.config.ts), so that the dev loop cannot silently
// break: every kind of page is rendered as the build renders it (React Router on the server, the
// same routes and loaders, a CSP with a nonce and no 'unsafe-inline' for scripts), and an edit to
// a page's component reaches the open page through Vite's hot update, without a reload.

const source = (path: string) => join(import.meta.dirname, "..", "src/web/features", path);

/**
 * Edits `file`, replacing `from` by `to` in it, and checks that the open page shows `after` as
 * its heading without a reload, then `before` again once the file is put back.
 */
async function hotUpdate(
  page: Page,
  file: string,
  [from, to]: [string, string],
  [before, after]: [string, string],
) {
  // A reload of the page (Vite's fallback when a hot update cannot apply, or when the server
  // restarted and its socket came back) would drop this mark.
  await page.evaluate(() => {
    (window as { devLoopMark?: boolean }).devLoopMark = true;
  });
  const original = await readFile(file, "utf8");
  expect(original).toContain(from);
  try {
    await writeFile(file, original.replace(from, to));
    await expect(page.getByRole("heading", { level: 1, name: after, exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as { devLoopMark?: boolean }).devLoopMark)).toBe(true);
  } finally {
    await writeFile(file, original);
  }
  await expect(page.getByRole("heading", { level: 1, name: before, exact: true })).toBeVisible();
}

/** The page's CSP: scripts by nonce, never 'unsafe-inline' (as the build's pages). */
async function expectNonceCsp(page: Page, path: string) {
  const answer = await page.goto(path);
  const csp = answer?.headers()["content-security-policy"] ?? "";
  expect(csp, path).toMatch(/script-src [^;]*'nonce-/);
  expect(/script-src [^;]*/.exec(csp)?.[0], path).not.toContain("unsafe-inline");
  await waitForApp(page);
}

test("npm run dev renders every kind of page as the build does, and shows an edit to each without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const about = "Financer l'ambition de l'Afrique de l'Ouest, depuis 2012";
  await expectNonceCsp(page, "/a-propos");
  await hotUpdate(
    page,
    source("public/pages/about-page.tsx"),
    [`title="${about}"`, `title="${about} (modifié)"`],
    [about, `${about} (modifié)`],
  );

  await expectNonceCsp(page, "/auth/register");
  await hotUpdate(
    page,
    source("auth/components/register-card.tsx"),
    ['title="Créer un compte"', 'title="Créer un compte (modifié)"'],
    ["Créer un compte", "Créer un compte (modifié)"],
  );

  // An officer's page, drawn with its data by the server.
  const officer = await browser.newContext();
  try {
    const officerPage = await officer.newPage();
    await signInThroughApi(officerPage, e2eAdmin);
    await expectNonceCsp(officerPage, "/admin/prets");
    await hotUpdate(
      officerPage,
      source("admin/pages/loans-page.tsx"),
      [
        'title="Demandes de prêts"\n        description=',
        'title="Demandes de prêts (modifié)"\n        description=',
      ],
      ["Demandes de prêts", "Demandes de prêts (modifié)"],
    );
  } finally {
    await officer.close();
  }

  await registerThroughApi(page);
  await expectNonceCsp(page, "/client");
  await hotUpdate(
    page,
    source("client/pages/dashboard-page.tsx"),
    ['title="Tableau de bord"', 'title="Tableau de bord modifié"'],
    ["Tableau de bord", "Tableau de bord modifié"],
  );
});
