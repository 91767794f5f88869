import { stat } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

import {
  createLoan,
  type LoanOverrides,
  mailsTo,
  newIdentity,
  type Send,
  smsTo,
  uploadDocument,
  waitFor,
} from "../src/server/test/fixtures";
import { jpegFile, pdfFile, pngFile } from "../src/server/test/test-files";
import { e2eDataDir, e2ePort } from "./e2e-env";
import { e2eAdmin, giveSignInCode, harnessKey, signInThroughApi } from "./officers";
import { sendThroughContext } from "./send-through-context";

/** Reading the outbox's mails, written once for tests, journeys and seeds. */
export { decodeQuotedPrintable, readEmailTexts } from "../src/server/test/fixtures";
/** Real small files for journeys: a PDF, a PNG and a JPEG that open in the browser. */
export { jpegFile, pdfFile, pngFile } from "../src/server/test/test-files";
export { e2eDataDir, e2ePort } from "./e2e-env";
export {
  e2eAdmin,
  e2eNewOfficer,
  e2eSecondAdmin,
  enterSignInCode,
  signInThroughApi,
} from "./officers";

/** The port of `npm run dev` under playwright.dev.config.ts (the dev loop's journey). */
export const devLoopPort = Number(process.env.E2E_DEV_PORT ?? e2ePort + 1);

/** A fresh, unique client for one journey (the fixtures' identity: src/server/test/fixtures.ts). */
export function newClient() {
  return newIdentity("awa");
}

export type TestClient = ReturnType<typeof newClient>;

/** Creates a client account through the API; the page's context keeps its session cookie. */
export async function registerThroughApi(page: Page, client: TestClient = newClient()) {
  const response = await page.request.post("/api/register", {
    data: { fullName: client.fullName, email: client.email, password: client.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return client;
}

/** Signs in through the login form; an officer of the harness then gives the app's code. */
export async function signInThroughForm(
  page: Page,
  credentials: { email: string; password: string },
  options: { rememberMe?: boolean } = {},
) {
  const key = await harnessKey(credentials);
  await page.goto("/auth/login");
  await page.getByLabel("Adresse e-mail", { exact: true }).fill(credentials.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(credentials.password);
  if (options.rememberMe) await page.getByLabel("Se souvenir de moi").check();
  await page.getByRole("button", { name: "Se connecter" }).click();
  if (key) await giveSignInCode(page, key);
}

/** Signs out through the header's account menu. */
export async function signOutThroughMenu(page: Page) {
  await page.getByRole("button", { name: /menu du compte/ }).click();
  await page.getByRole("menuitem", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Waits for a mail to `to` in the server's outbox (DATA_DIR/outbox) written after `since`, and
 * returns its subject and readable texts. Only that recipient's mails are read (each journey has its own
 * users): journeys running side by side never take each other's.
 */
export async function waitForEmail(
  to: string,
  since: number,
  options: { matching?: string; timeoutMs?: number } = {},
): Promise<string[]> {
  const outbox = join(e2eDataDir(), "outbox");
  const mail = await waitFor(
    async () => {
      const mails = await mailsTo(outbox, to);
      const recent = await Promise.all(
        mails.map(async (mail) =>
          (await stat(join(outbox, mail.file))).mtimeMs >= since - 1000 ? [mail] : [],
        ),
      );
      // One kind of mail among those a step sends (an approval also sends the contract's), or
      // one journey's among those the shared officers receive from journeys run side by side.
      const { matching } = options;
      return recent
        .flat()
        .filter((mail) => !matching || [mail.subject, ...mail.texts].join("\n").includes(matching));
    },
    `No e-mail to ${to}${options.matching ? ` with « ${options.matching} »` : ""} in ${outbox}`,
    options.timeoutMs,
  );
  // The decoded subject first: in the raw header it is an encoded word ("=?UTF-8?Q?…?=").
  return [mail.subject, ...mail.texts];
}

/** The SMS sent to `to` (E.164) in the server's outbox, oldest first. */
export function smsToRecipient(to: string) {
  return smsTo(join(e2eDataDir(), "outbox"), to);
}

/** The path and query of the password-reset link in a mail: /reset-password?token=… */
export function extractResetPath(texts: string[]): string {
  for (const text of texts) {
    const match = text.replace(/&amp;/g, "&").match(/\/reset-password\?token=([A-Za-z0-9._~%-]+)/);
    if (match?.[1]) return `/reset-password?token=${match[1]}`;
  }
  throw new Error("No /reset-password?token=… link in the e-mail");
}

/**
 * A page is drawn by the server (or prerendered) and painted before its scripts run; React then
 * hydrates it. A tap on a button before that does nothing (a submit button is disabled until
 * then), so a journey that acts on the page waits for it, as a reader waits for the page to be
 * ready. The root marks the page once hydrated (`<html data-hydrated>`, src/web/root.tsx).
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Holds the app's modules back until the returned function is called: what a page shows, and
 * what a user does, before its JavaScript arrives.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * The public header's menu button on a small screen: a disclosure (`<summary>`) the browser opens
 * itself, announced as a button by screen readers ("Menu, réduit").
 */
export function publicMenuToggle(page: Page) {
  return page.locator("header summary", { hasText: "Menu" });
}

/** Opens one of the four public pages: its HTML alone, ready to use once loaded. */
export async function gotoPublicPage(page: Page, path: string) {
  await page.goto(path);
}

/**
 * The fixtures' way of sending a request (src/server/test/fixtures.ts) through the page's own
 * request context: its cookies are the signed-in user's.
 */
export function sendThroughPage(page: Page): Send {
  return sendThroughContext(page.request);
}

/** Uploads a file through the tus endpoint as the signed-in page's user; returns the upload id. */
export function uploadThroughApi(page: Page, bytes: Buffer, fileName = "document.pdf") {
  return uploadDocument(sendThroughPage(page), "", bytes, fileName);
}

/** Creates a loan request with its three documents through the API; returns its id. */
export async function createLoanThroughApi(page: Page, overrides: LoanOverrides = {}) {
  const loan = await createLoan(sendThroughPage(page), "", {
    loanType: "personal",
    amount: 2_500_000,
    durationMonths: 24,
    purpose: "Achat d'une moto pour mon commerce",
    description: "",
    monthlyIncome: 450_000,
    files: {
      identite: [pdfFile("Carte d'identite"), "cni.pdf"],
      revenu: [pngFile(40, 30), "bulletin-de-salaire.png"],
      banque: [jpegFile(), "releve-bancaire.jpg"],
    },
    ...overrides,
  });
  return loan.id;
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousViolations(page: Page) {
  // Colours are judged as drawn: a toast still fading in (a sign-in's "Connexion réussie !") is
  // half transparent and fails the contrast rule for a moment (seen in CI). Wait for the page to
  // be live and its toasts' code to have come (network idle), then for every toast to be opaque
  // and the transitions and finite animations under way to end (spinners turn forever and are
  // left out).
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll("[data-sonner-toast]")].every(
          (toast) => getComputedStyle(toast).opacity === "1",
        ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await expectAxeFindsNothingSerious(axeScan(page));
}

/**
 * axe on the page as it is. Legacy mode runs axe's rules in the page itself: the default mode
 * also opens a blank page to merge the frames' results, which here doubled each scan's time (the
 * pages have no frame to merge; the contact page's map is a third-party one, left out by its test).
 */
export function axeScan(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** No serious or critical violation in a scan, each one named with where it is. */
export async function expectAxeFindsNothingSerious(scan: AxeBuilder) {
  const results = await scan.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** The page is no wider than the window (nothing to scroll sideways at 360 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** What an officer sends to change a request's status (src/domain/api/admin-loans.ts). */
export type StatusChange =
  | { from: string; to: "approved"; approvedAmount: number; interestRate: number }
  | { from: string; to: "rejected"; rejectionReason?: string }
  | { from: string; to: "in_review" | "completed" };

/** Changes a request's status as the officer signed in on `page`, through the real admin API. */
export async function changeStatusThroughAdminApi(
  page: Page,
  loanId: number,
  change: StatusChange,
) {
  const response = await page.request.post(`/api/admin/loans/${loanId}/status`, { data: change });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).loan as { status: string };
}

/** "#00042" */
export function loanNumber(id: number) {
  return `#${String(id).padStart(5, "0")}`;
}

/**
 * The first officer on /admin, with the session the journeys share (signInThroughApi): a code is
 * accepted once, so each sign-in through the form takes a 30 s step of its own, and journeys that
 * all signed in that way would queue for them. The form's own journeys use signInThroughForm.
 */
export async function signInAsOfficer(page: Page) {
  await signInThroughApi(page, e2eAdmin);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await waitForApp(page);
}

/** Signs in as the first officer through the form (a sign-in of its own); lands on /admin. */
export async function signInAsOfficerThroughForm(page: Page) {
  await signInThroughForm(page, e2eAdmin);
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * A new client with loan requests, in a browser context of its own: the test's page stays the
 * officer's. `close` ends the client's context.
 */
export async function clientWithLoans(
  page: Page,
  loans: Array<Parameters<typeof createLoanThroughApi>[1]> = [{}],
) {
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error("The page's browser is not available");
  const clientPage = await context.newPage();
  const client = await registerThroughApi(clientPage);
  const ids: number[] = [];
  for (const loan of loans) ids.push(await createLoanThroughApi(clientPage, loan));
  return { client, ids, clientPage, close: () => context.close() };
}
