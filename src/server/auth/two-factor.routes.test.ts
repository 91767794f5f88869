import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SecurityEventJson } from "../../domain/api/security-events";
import { createAdmin } from "../admin-account";
import { loggerOptions } from "../logger";
import {
  cookiesFrom,
  createTestApp,
  enrolSecondFactor,
  errorOf,
  newIdentity,
  nextIp,
  registerClient,
  signedInAdmin,
  type TestApp,
} from "../test/test-app";
import { nextTotpCode, totpCode } from "../test/totp";

let t: TestApp;
let logs = "";
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  // Everything the server logs, at its most talkative: no code, key or backup code may be in it.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logger: pino(loggerOptions("debug"), sink) });
  admin = await signedInAdmin(t.app);
});

afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, cookie = "") {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
  });
}

function get(url: string, cookie: string) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}

async function journalOf(email: string): Promise<SecurityEventJson[]> {
  const response = await get(
    `/api/admin/security-events?pageSize=100&compte=${encodeURIComponent(email)}`,
    admin.cookie,
  );
  expect(response.statusCode).toBe(200);
  return (response.json().items as SecurityEventJson[]).reverse();
}

/** A new officer, signed in with the password only (no factor yet). */
async function newOfficer() {
  const identity = newIdentity("officier");
  await createAdmin(t.app.deps, { ...identity, firstName: "Kofi", lastName: "Mensah" });
  const response = await post("/api/session", {
    email: identity.email,
    password: identity.password,
    rememberMe: true,
  });
  expect(response.statusCode).toBe(200);
  return { ...identity, cookie: cookiesFrom(response), user: response.json().user };
}

/** The first step of a sign-in for an account with a second factor: the `two_factor` cookie. */
async function passwordStep(identity: { email: string; password: string }, cookie = "") {
  const response = await post(
    "/api/session",
    { email: identity.email, password: identity.password },
    cookie,
  );
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ user: null, twoFactorRequired: true });
  return cookiesFrom(response, cookie);
}

describe("enrolment", () => {
  test("an officer created by the command line enrols through the API; journaled", async () => {
    const officer = await newOfficer();
    expect(officer.user.twoFactorEnabled).toBe(false);
    // Before enrolling: every officers' route answers a French 403 naming the missing factor,
    // while the officer's own account and the enrolment routes stay open.
    for (const url of ["/api/admin/loans", "/api/admin/administrators", "/api/admin/stats"]) {
      const refused = await get(url, officer.cookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({
        code: "second_factor_required",
        message: "Activez la double authentification pour accéder à l'espace administrateur.",
      });
    }
    expect((await get("/api/me", officer.cookie)).statusCode).toBe(200);
    const enrolled = await enrolSecondFactor(t.app, officer.cookie, officer.password);
    expect(enrolled.user.twoFactorEnabled).toBe(true);
    expect((await get("/api/admin/loans", enrolled.cookie)).statusCode).toBe(200);
    const types = (await journalOf(officer.email)).map((event) => event.type);
    expect(types).toEqual(["officer_created", "sign_in_success", "two_factor_enabled"]);
  });

  test("the enrolment shows a QR code, the key as text and 10 backup codes; wrong inputs in French", async () => {
    const officer = await newOfficer();
    const wrongPassword = await post(
      "/api/me/two-factor",
      { password: "Pas-Le-Bon-1" },
      officer.cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(errorOf(wrongPassword).fields).toEqual({ password: "Mot de passe incorrect" });

    const started = await post(
      "/api/me/two-factor",
      { password: officer.password },
      officer.cookie,
    );
    expect(started.statusCode).toBe(200);
    const enrolment = started.json();
    expect(enrolment.key).toMatch(/^[A-Z2-7]{32,}$/);
    expect(enrolment.totpUri).toBe(
      `otpauth://totp/Horizon%20Cr%C3%A9dit%20Afrique:${encodeURIComponent(officer.email)}?secret=${enrolment.key}&issuer=Horizon+Cr%C3%A9dit+Afrique&digits=6&period=30`,
    );
    expect(enrolment.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(enrolment.backupCodes).toHaveLength(10);
    for (const code of enrolment.backupCodes)
      expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    for (const [code, message] of [
      ["12345", "Saisissez les 6 chiffres affichés par votre application"],
      [
        totpCode(enrolment.key, Date.now() - 10 * 60_000),
        "Code incorrect. Vérifiez l'heure de votre téléphone et réessayez.",
      ],
    ]) {
      const refused = await post("/api/me/two-factor/confirm", { code }, officer.cookie);
      expect(refused.statusCode, code).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    // Not active until confirmed.
    expect((await get("/api/me", officer.cookie)).json().user.twoFactorEnabled).toBe(false);
    const spaced = (await nextTotpCode(enrolment.key)).replace(/^(\d{3})/, "$1 ");
    const confirmed = await post("/api/me/two-factor/confirm", { code: spaced }, officer.cookie);
    expect(confirmed.statusCode).toBe(200);
    const again = await post(
      "/api/me/two-factor",
      { password: officer.password },
      cookiesFrom(confirmed, officer.cookie),
    );
    expect(again.statusCode).toBe(409);
  });
});

describe("sign-in with a second factor", () => {
  test("password, then the code: no session before the code, a wrong code refused", async () => {
    const pending = await passwordStep(admin);
    expect((await get("/api/session", pending)).json()).toEqual({ user: null });
    const wrong = await post("/api/session/two-factor", { code: "000000" }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toMatchObject({
      code: "invalid_two_factor_code",
      message: "Code incorrect. Vérifiez l'heure de votre téléphone et réessayez.",
    });
    const ok = await post(
      "/api/session/two-factor",
      { code: await nextTotpCode(admin.totpKey) },
      pending,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(admin.email);
    const cookie = cookiesFrom(ok, pending);
    expect((await get("/api/admin/loans", cookie)).statusCode).toBe(200);

    const events = (await journalOf(admin.email)).slice(-2);
    expect(events.map((event) => [event.type, event.reason])).toEqual([
      ["sign_in_failure", "invalid_code"],
      ["sign_in_success", "totp"],
    ]);
  });

  test("a backup code works once, and is journaled", async () => {
    const officer = await signedInAdmin(t.app);
    const code = officer.backupCodes[0] ?? "";
    const first = await post(
      "/api/session/two-factor",
      { backupCode: code },
      await passwordStep(officer),
    );
    expect(first.statusCode).toBe(200);
    const second = await post(
      "/api/session/two-factor",
      { backupCode: code.replace("-", "") },
      await passwordStep(officer),
    );
    expect(second.statusCode).toBe(401);
    expect(errorOf(second).message).toBe("Code de secours incorrect ou déjà utilisé");
    const types = (await journalOf(officer.email)).map((event) => event.type);
    expect(types).toContain("backup_code_used");
    expect(types.at(-1)).toBe("sign_in_failure");
  });

  test("'Se souvenir de cet appareil' skips the code on this browser for 30 days", async () => {
    const officer = await signedInAdmin(t.app);
    const pending = await passwordStep(officer);
    const ok = await post(
      "/api/session/two-factor",
      { code: await nextTotpCode(officer.totpKey), trustDevice: true },
      pending,
    );
    expect(ok.statusCode).toBe(200);
    const trust = (ok.cookies as Array<{ name: string; maxAge?: number }>).find((cookie) =>
      cookie.name.endsWith("trust_device"),
    );
    expect(trust?.maxAge).toBe(30 * 24 * 60 * 60);
    const browser = cookiesFrom(ok, pending);
    const next = await post(
      "/api/session",
      { email: officer.email, password: officer.password },
      browser,
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().user.email).toBe(officer.email);
    // Another browser still needs the code.
    await passwordStep(officer);
  });

  test("wrong codes are limited per account: 10 in a row lock it 15 minutes, journaled once", async () => {
    const officer = await signedInAdmin(t.app);
    const statuses: number[] = [];
    for (let challenge = 0; challenge < 2; challenge++) {
      const pending = await passwordStep(officer);
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push(
          (await post("/api/session/two-factor", { code: "000000" }, pending)).statusCode,
        );
      }
      if (challenge === 1) {
        const locked = await post(
          "/api/session/two-factor",
          { code: await nextTotpCode(officer.totpKey) },
          pending,
        );
        expect(locked.statusCode).toBe(429);
        expect(errorOf(locked).message).toBe(
          "Trop de codes incorrects : ce compte est bloqué pendant 15 minutes. Réessayez plus tard.",
        );
      }
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const lockouts = (await journalOf(officer.email)).filter(
      (event) => event.type === "rate_limit_lockout",
    );
    expect(lockouts.map((event) => event.reason)).toEqual(["two_factor_locked"]);
  });

  test("without the password step, or after it expired, the code step answers 401", async () => {
    const response = await post("/api/session/two-factor", { code: "123456" });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("two_factor_expired");
  });
});

describe("a code is accepted once (RFC 6238 section 5.2)", () => {
  const usedMessage =
    "Ce code a déjà été utilisé. Attendez le code suivant de votre application et saisissez-le.";
  const stepMs = 30_000;
  /** The code of the step `offset` steps from now, as the officer's app shows it. */
  const codeAt = (key: string, offset: number) =>
    totpCode(key, (Math.floor(Date.now() / stepMs) + offset) * stepMs);
  /** Waits for the next step when this one ends within 3 s: the codes stay in the server's window. */
  const clearOfStepEnd = async () => {
    const left = stepMs - (Date.now() % stepMs);
    if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  };

  test("the same code opens one sign-in: a replay is refused and journaled", async () => {
    const officer = await signedInAdmin(t.app);
    await clearOfStepEnd();
    // The step after the enrolment's: its code was never shown before.
    const code = codeAt(officer.totpKey, 1);
    const first = await post("/api/session/two-factor", { code }, await passwordStep(officer));
    expect(first.statusCode).toBe(200);

    for (let replay = 0; replay < 2; replay++) {
      const pending = await passwordStep(officer);
      const again = await post("/api/session/two-factor", { code }, pending);
      expect(again.statusCode).toBe(401);
      expect(errorOf(again)).toMatchObject({
        code: "two_factor_code_used",
        message: usedMessage,
        fields: { code: usedMessage },
      });
      expect((await get("/api/session", pending)).json()).toEqual({ user: null });
    }
    const reasons = (await journalOf(officer.email))
      .filter((event) => event.type === "sign_in_failure")
      .map((event) => event.reason);
    expect(reasons).toEqual(["replayed_code", "replayed_code"]);
  });

  test("a code older than one accepted is refused too, though never used", async () => {
    const officer = await newOfficer();
    const started = await post(
      "/api/me/two-factor",
      { password: officer.password },
      officer.cookie,
    );
    const { key } = started.json() as { key: string };
    await clearOfStepEnd();
    const [previous, now, next] = [codeAt(key, -1), codeAt(key, 0), codeAt(key, 1)];
    // Two steps' codes may be equal by chance (one in a million): this test needs three codes.
    if (new Set([now, next, previous]).size < 3) return;
    expect(
      (await post("/api/me/two-factor/confirm", { code: previous }, officer.cookie)).statusCode,
    ).toBe(200);
    const later = await post(
      "/api/session/two-factor",
      { code: next },
      await passwordStep(officer),
    );
    expect(later.statusCode).toBe(200);
    const older = await post("/api/session/two-factor", { code: now }, await passwordStep(officer));
    expect(errorOf(older).code).toBe("two_factor_code_used");
  });

  test("the code that confirmed the enrolment cannot open a sign-in", async () => {
    const officer = await newOfficer();
    const started = await post(
      "/api/me/two-factor",
      { password: officer.password },
      officer.cookie,
    );
    const { key } = started.json() as { key: string };
    await clearOfStepEnd();
    const code = codeAt(key, 0);
    const confirmed = await post("/api/me/two-factor/confirm", { code }, officer.cookie);
    expect(confirmed.statusCode).toBe(200);
    const replay = await post("/api/session/two-factor", { code }, await passwordStep(officer));
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe("two_factor_code_used");
  });
});

describe("reset by another officer", () => {
  test("ends the officer's sessions and factor; they enrol again at the next sign-in", async () => {
    const lost = await signedInAdmin(t.app);
    const other = await signedInAdmin(t.app);
    const self = await post(
      `/api/admin/administrators/${other.user.id}/two-factor/reset`,
      {},
      other.cookie,
    );
    expect(self.statusCode).toBe(409);
    const client = await registerClient(t.app);
    expect(
      (await post(`/api/admin/administrators/${client.user.id}/two-factor/reset`, {}, other.cookie))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/admin/administrators/${lost.user.id}/two-factor/reset`, {}, client.cookie))
        .statusCode,
    ).toBe(403);

    const reset = await post(
      `/api/admin/administrators/${lost.user.id}/two-factor/reset`,
      {},
      other.cookie,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.twoFactorEnabled).toBe(false);
    expect((await get("/api/session", lost.cookie)).json()).toEqual({ user: null });

    // Password only now: the officer enrols again.
    const again = await post("/api/session", { email: lost.email, password: lost.password });
    expect(again.json().user.twoFactorEnabled).toBe(false);

    const [event] = (await journalOf(lost.email)).filter(
      (entry) => entry.type === "two_factor_reset",
    );
    expect(event).toMatchObject({ actorId: other.user.id, actorEmail: other.email });
  });
});

describe("clients", () => {
  test("turn it on in their profile and off again with their password; officers cannot", async () => {
    const client = await registerClient(t.app);
    expect((await get("/api/me", client.cookie)).json().user.twoFactorEnabled).toBe(false);
    const enrolled = await enrolSecondFactor(t.app, client.cookie, client.password);
    expect(enrolled.user.twoFactorEnabled).toBe(true);
    await passwordStep(client);

    const wrong = t.app.inject({
      method: "DELETE",
      url: "/api/me/two-factor",
      headers: { cookie: enrolled.cookie },
      payload: { password: "Pas-Le-Bon-1" },
    });
    expect((await wrong).statusCode).toBe(400);
    const off = await t.app.inject({
      method: "DELETE",
      url: "/api/me/two-factor",
      headers: { cookie: enrolled.cookie },
      payload: { password: client.password },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.twoFactorEnabled).toBe(false);
    const plain = await post("/api/session", { email: client.email, password: client.password });
    expect(plain.json().user.email).toBe(client.email);

    const officerOff = await t.app.inject({
      method: "DELETE",
      url: "/api/me/two-factor",
      headers: { cookie: admin.cookie },
      payload: { password: admin.password },
    });
    expect(officerOff.statusCode).toBe(403);
    const types = (await journalOf(client.email)).map((event) => event.type);
    expect(types).toContain("two_factor_enabled");
    expect(types).toContain("two_factor_disabled");
  });
});

test("nothing logged holds a key, a code or a backup code", () => {
  expect(logs.length).toBeGreaterThan(0);
  expect(logs).not.toContain(admin.totpKey);
  for (const code of admin.backupCodes) expect(logs).not.toContain(code);
  expect(logs).not.toMatch(/otpauth:/);
});
