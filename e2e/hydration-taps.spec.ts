import { expect, type Locator, type Page, test } from "@playwright/test";
import { areasRootId } from "../src/domain/web-boot";
import {
  clientWithLoans,
  createLoanThroughApi,
  holdScripts,
  loanNumber,
  registerThroughApi,
  signInAsOfficer,
} from "./fixtures";

// A page the server drew with its data is hydrated in slices (src/web/areas/main.tsx): between
// two, the phone answers a tap. Such a tap must do what it would do once the app runs, though
// React does not run the page yet (src/web/shell/boot-script.ts). The CPU is slowed down as on
// a phone so that the hydration lasts long enough to tap in the middle of it, where the reader
// saw the link or the button on the drawn page.

type TapMoment = { started: boolean; hydrating: boolean };

/**
 * Gives the page `__tapMoment()` (whether the app has started, whether React has begun hydrating)
 * and records it for the first press in the tab (in the tab's session storage: a link's tap
 * leaves the page).
 */
async function recordFirstPress(page: Page) {
  await page.addInitScript((rootId) => {
    const probe = window as { __appStarted?: boolean; __tapMoment?: () => TapMoment };
    probe.__tapMoment = () => {
      const root = document.getElementById(rootId);
      return {
        started: probe.__appStarted === true,
        hydrating: !!root && Object.keys(root).some((key) => key.startsWith("__reactContainer$")),
      };
    };
    window.addEventListener(
      "pointerdown",
      () => {
        if (sessionStorage.getItem("first-press")) return;
        sessionStorage.setItem("first-press", JSON.stringify(probe.__tapMoment?.()));
      },
      true,
    );
  }, areasRootId);
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

  test("le bouton d'une liste qui devient un tableau ouvre son dialogue", async ({ page }) => {
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
    // The list is the table by now: the button tapped on a card was the one drawn in its place,
    // and the dialog gives the focus back to it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const documents = page.getByRole("region", { name: "Documents associés" });
    await expect(documents.locator("tbody tr")).toHaveCount(3);
    await expect(button).toBeFocused();
    expect(await firstPress(page)).toEqual({ started: false, hydrating: true });
    await close();
  });
});
