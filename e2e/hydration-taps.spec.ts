import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  clientWithLoans,
  createLoanThroughApi,
  holdScripts,
  loanNumber,
  registerThroughApi,
  signInAsOfficer,
} from "./fixtures";

// A page the server drew with its data is hydrated by React Router as a transition, the area's
// page in a Suspense boundary of its own (shell/area-shell.tsx): a tap on it while React hydrates
// is replayed by React once that part is hydrated. Such a tap must do what it would do once the
// app runs. The CPU is slowed down as on a phone so that the hydration lasts long enough to tap
// in the middle of it, where the reader saw the link or the button on the drawn page.

type TapMoment = { started: boolean; hydrating: boolean };

/**
 * Gives the page `__tapMoment()` (whether the page is live, whether React has begun hydrating the
 * document) and records it for the first press in the tab (in the tab's session storage: a
 * link's tap leaves the page).
 */
async function recordFirstPress(page: Page) {
  await page.addInitScript(() => {
    const probe = window as { __tapMoment?: () => TapMoment };
    probe.__tapMoment = () => ({
      started: document.documentElement.hasAttribute("data-hydrated"),
      hydrating: Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
    });
    window.addEventListener(
      "pointerdown",
      () => {
        if (sessionStorage.getItem("first-press")) return;
        sessionStorage.setItem("first-press", JSON.stringify(probe.__tapMoment?.()));
      },
      true,
    );
  });
}

/** Opens a drawn page on a slow phone's CPU and taps `target` while React hydrates it. */
async function tapWhileHydrating(page: Page, path: string, target: Locator) {
  await recordFirstPress(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("The target is not on the drawn page");
  release();
  await page.waitForFunction(() => {
    const moment = (window as { __tapMoment?: () => TapMoment }).__tapMoment?.();
    return moment?.hydrating === true && !moment.started;
  });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
}

/** When the first press of the tab came (recordFirstPress). */
async function firstPress(page: Page): Promise<TapMoment | undefined> {
  const moment = await page.evaluate(() => sessionStorage.getItem("first-press"));
  return moment ? (JSON.parse(moment) as TapMoment) : undefined;
}

test.describe("Une page touchée pendant qu'elle s'hydrate", () => {
  test("un lien mène à sa page", async ({ page }) => {
    await registerThroughApi(page);
    const id = await createLoanThroughApi(page);
    const link = page.getByRole("link", { name: /Voir les détails/ });
    await tapWhileHydrating(page, "/client", link);
    await expect(page).toHaveURL(new RegExp(`/client/prets/${id}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Demande de prêt ${loanNumber(id)}` }),
    ).toBeVisible();
    // Otherwise the journey would not have tested what it says (a tap before or after).
    expect(await firstPress(page)).toEqual({ started: false, hydrating: true });
  });

  test("le bouton d'une liste ouvre son dialogue et lui rend le focus", async ({ page }) => {
    test.setTimeout(60_000);
    const {
      ids: [id = 0],
      close,
    } = await clientWithLoans(page, [{}]);
    await signInAsOfficer(page);
    const button = page.getByRole("button", { name: "Donner un avis sur cni.pdf" });
    await tapWhileHydrating(page, `/admin/prets/${id}`, button);
    const dialog = page.getByRole("dialog", { name: "Avis sur le document" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("cni.pdf");
    // The dialog gives the focus back to the button tapped.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const documents = page.getByRole("region", { name: "Documents associés" });
    await expect(documents.locator("tbody tr")).toHaveCount(3);
    await expect(button).toBeFocused();
    expect(await firstPress(page)).toEqual({ started: false, hydrating: true });
    await close();
  });
});
