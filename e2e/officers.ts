import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type BrowserContext, expect, type Page, request, test } from "@playwright/test";
import lockfile from "proper-lockfile";
import { enrolSecondFactor } from "../src/server/test/fixtures";
import { nextTotpCode, type StepLedger } from "../src/server/test/totp";
import { e2eDataDir, e2ePort } from "./e2e-env";
import { sendThroughContext } from "./send-through-context";

// The journeys' loan officers and their second factor (issue 17). Officers reach /admin only
// with a second factor: the harness enrols the two shared officers through the real API the first
// time one of them signs in, keeps each key in E2E_DATA_DIR (the server's data lives there too,
// so both start afresh together), and signs them in with the code an authenticator app would show.

/** The administrator created at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const e2eAdmin = {
  email: "admin.e2e@horizoncredit.test",
  password: "Officier-2026!",
};

/**
 * A second loan officer, created before the server starts by `npm run admin:create` (see the
 * webServer command in playwright.config.ts): reassigning a request needs two administrators.
 */
export const e2eSecondAdmin = {
  email: "fatou.diop.e2e@horizoncredit.test",
  password: "Officier-Second-2026!",
  firstName: "Fatou",
  lastName: "Diop",
};

/**
 * A third officer, made by `npm run admin:create` too, that the harness never enrols: the
 * second factor's own journey (two-factor.spec.ts) enrols it through the screens.
 */
export const e2eNewOfficer = {
  email: "koffi.mensah.e2e@horizoncredit.test",
  password: "Officier-Trois-2026!",
  firstName: "Koffi",
  lastName: "Mensah",
};

type Credentials = { email: string; password: string };

/** The officers the harness signs in with a code; others sign in as they are. */
function isHarnessOfficer(credentials: Credentials): boolean {
  return [e2eAdmin, e2eSecondAdmin].some(
    (officer) => officer.email === credentials.email && officer.password === credentials.password,
  );
}

const keysFile = () => join(e2eDataDir(), "e2e-officer-keys.json");
const stepsFile = () => join(e2eDataDir(), "e2e-totp-steps.json");

/**
 * The last step whose code was given for each key, in a file of E2E_DATA_DIR: a journey's process
 * ends after a failure and the next one starts afresh, and journeys run side by side, yet a code
 * once accepted is refused (RFC 6238 section 5.2). Read and written under a lock.
 */
const fileLedger: StepLedger = {
  async withLastStep(key, claim) {
    await writeFile(stepsFile(), "", { flag: "a" });
    const release = await lockfile.lock(stepsFile(), {
      retries: { retries: 50, minTimeout: 20, maxTimeout: 200 },
    });
    try {
      const text = await readFile(stepsFile(), "utf8");
      const steps = (text ? JSON.parse(text) : {}) as Record<string, number>;
      const step = claim(steps[key]);
      if (step !== undefined) {
        await writeFile(`${stepsFile()}.next`, JSON.stringify({ ...steps, [key]: step }));
        await rename(`${stepsFile()}.next`, stepsFile());
      }
      return step;
    } finally {
      await release();
    }
  },
};

/** The code an officer's app shows, for a sign-in not made yet (see fileLedger). */
export const nextCode = (key: string) => nextTotpCode(key, fileLedger);

async function readKeys(): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(keysFile(), "utf8")) as Record<string, string>;
  } catch {
    return {};
  }
}

/** An officer's authenticator key: read from E2E_DATA_DIR, or enrolled now through the API. */
async function officerKey(credentials: Credentials): Promise<string> {
  const known = (await readKeys())[credentials.email];
  if (known) return known;
  // Journeys side by side may meet an officer not enrolled yet at once: one enrols, under a
  // lock, and the others read the key it wrote.
  await writeFile(`${keysFile()}.lock-target`, "", { flag: "a" });
  const release = await lockfile.lock(`${keysFile()}.lock-target`, {
    retries: { retries: 600, minTimeout: 50, maxTimeout: 200 },
  });
  try {
    return (await readKeys())[credentials.email] ?? (await enrol(credentials));
  } finally {
    await release();
  }
}

/**
 * Enrols an officer's authenticator through the real API, as the API tests do (the fixtures'
 * enrolSecondFactor); keeps the key in E2E_DATA_DIR.
 */
async function enrol(credentials: Credentials): Promise<string> {
  // A request context of its own (the page's cookies stay untouched), on the server the journey
  // runs against (the built one, or `npm run dev` for the dev loop's journey).
  const baseURL = test.info().project.use.baseURL ?? `http://127.0.0.1:${e2ePort}`;
  const api = await request.newContext({ baseURL });
  try {
    const signedIn = await api.post("/api/session", {
      data: { email: credentials.email, password: credentials.password, rememberMe: false },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const answer = (await signedIn.json()) as { twoFactorRequired?: boolean };
    if (answer.twoFactorRequired) {
      throw new Error(`${credentials.email} has a second factor whose key is not in ${keysFile()}`);
    }
    // The context carries the session: no cookie to pass.
    const { key } = await enrolSecondFactor(
      sendThroughContext(api),
      { cookie: "", password: credentials.password },
      nextCode,
    );
    await api.delete("/api/session");
    // Written whole, then renamed: a reader never sees half a file.
    const next = `${keysFile()}.${process.pid}`;
    await writeFile(next, JSON.stringify({ ...(await readKeys()), [credentials.email]: key }));
    await rename(next, keysFile());
    return key;
  } finally {
    await api.dispose();
  }
}

/** The sign-in's second step, on the page: the 6-digit code, then 'Vérifier'. */
export async function enterSignInCode(page: Page, code: string) {
  await page.getByLabel("Code à 6 chiffres").fill(code);
  await page.getByRole("button", { name: "Vérifier" }).click();
}

/**
 * An officer of the harness's authenticator key, enrolled first if need be (before the sign-in
 * form: an officer without a second factor is taken to enrol instead of asked a code); undefined
 * for anyone else.
 */
export async function harnessKey(credentials: Credentials): Promise<string | undefined> {
  return isHarnessOfficer(credentials) ? officerKey(credentials) : undefined;
}

/**
 * The sign-in form's second step with the code of `key`: the code is claimed and given under the
 * sign-in lock, and the lock is kept until the server has taken it. A code claimed outside the
 * lock could reach the server after a later one claimed by a journey alongside, and the server,
 * which keeps only the last step accepted, would refuse it.
 */
export async function giveSignInCode(page: Page, key: string) {
  const codeField = page.getByLabel("Code à 6 chiffres");
  await expect(codeField).toBeVisible();
  await underSignInLock(async () => {
    await enterSignInCode(page, await nextCode(key));
    await expect(codeField).toBeHidden({ timeout: 30_000 });
  });
}

const sessionsFile = () => join(e2eDataDir(), "e2e-officer-sessions.json");

type SessionCookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/**
 * Signs in through the API (the page's context keeps the session): the password, then, for an
 * officer, the code. A harness officer signs in once for all the journeys: the platform accepts
 * each code once and at most two per 30 s step, so the journeys, side by side, share each
 * officer's session (kept in E2E_DATA_DIR, under the same lock as the steps) and sign in again
 * only when it has ended. A journey that signs an officer out uses signInThroughForm.
 */
export async function signInThroughApi(page: Page, credentials: Credentials) {
  if (!isHarnessOfficer(credentials)) {
    await signInWithPassword(page, credentials);
    return;
  }
  await underSignInLock(async () => {
    const text = await readFile(sessionsFile(), "utf8");
    const sessions = (text ? JSON.parse(text) : {}) as Record<string, SessionCookies>;
    const kept = sessions[credentials.email];
    if (kept) {
      await page.context().addCookies(kept);
      const me = await page.request.get("/api/session");
      const body = me.ok() ? ((await me.json()) as { user: { email?: string } | null }) : null;
      if (body?.user?.email === credentials.email) return;
      await page.context().clearCookies();
    }
    const key = await officerKey(credentials);
    await signInWithPassword(page, credentials, await nextCode(key));
    sessions[credentials.email] = await page.context().cookies();
    await writeFile(`${sessionsFile()}.next`, JSON.stringify(sessions));
    await rename(`${sessionsFile()}.next`, sessionsFile());
  });
}

/**
 * Runs `work` alone among the journeys' processes: an officer's code is claimed and taken by the
 * server inside it, and the shared sessions file is read and written inside it too.
 */
async function underSignInLock(work: () => Promise<void>) {
  await writeFile(sessionsFile(), "", { flag: "a" });
  const release = await lockfile.lock(sessionsFile(), {
    retries: { retries: 600, minTimeout: 50, maxTimeout: 200 },
  });
  try {
    await work();
  } finally {
    await release();
  }
}

async function signInWithPassword(page: Page, credentials: Credentials, code?: string) {
  const response = await page.request.post("/api/session", {
    data: { email: credentials.email, password: credentials.password, rememberMe: false },
  });
  expect(response.status(), await response.text()).toBe(200);
  if (!code) return;
  expect(await response.json()).toEqual({ user: null, twoFactorRequired: true });
  const verified = await page.request.post("/api/session/two-factor", {
    data: { code, trustDevice: false },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}
