import { and, eq, like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { createAdmin } from "../admin-account";
import { session, user, verification } from "../db/schema";
import { apiFixture } from "../test/api-fixture";
import {
  cookiesFrom,
  createTestApp,
  enrolSecondFactor,
  errorOf,
  nextIp,
  registerClient,
  type TestApp,
} from "../test/test-app";
import { readCookie, signValue, verifySignedValue } from "./session-check";

// What sessions promise, through the session check (session-check.ts) and, on the embedded
// database, its cache (session-cache.ts): every request below that must be refused or see a
// change comes right after one that was let through, so that a cached answer would show.

const { t } = apiFixture();
const sessionCookie = "horizon.session_token";
const day = 24 * 60 * 60 * 1000;

function get(app: TestApp, url: string, cookie?: string) {
  return app.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

function post(url: string, payload: Record<string, unknown>, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
  });
}

/** The signed value of the session cookie in a Cookie header, decoded. */
function signedValueOf(cookie: string): string {
  const value = cookie
    .split("; ")
    .find((part) => part.startsWith(`${sessionCookie}=`))
    ?.slice(sessionCookie.length + 1);
  return decodeURIComponent(value ?? "");
}

/** The session token a Cookie header carries. */
function tokenOf(cookie: string): string {
  const signed = signedValueOf(cookie);
  return signed.slice(0, signed.lastIndexOf("."));
}

/** A Cookie header carrying `token` signed with `secret` (better-call's format). */
function cookieFor(token: string, secret: string): string {
  return `${sessionCookie}=${encodeURIComponent(signValue(token, secret))}`;
}

/** A second browser of the same account. */
async function signIn(email: string, password: string, rememberMe = true) {
  const response = await post("/api/session", { email, password, rememberMe });
  expect(response.statusCode).toBe(200);
  return cookiesFrom(response);
}

async function expectSignedIn(cookie: string, app = t) {
  const response = await get(app, "/api/me", cookie);
  expect(response.statusCode).toBe(200);
  return response.json().user as { email: string; firstName: string; role: string };
}

async function expectRefused(cookie: string, app = t) {
  const response = await get(app, "/api/me", cookie);
  expect(response.statusCode).toBe(401);
  expect(response.json().error.code).toBe("unauthenticated");
  expect((await get(app, "/api/session", cookie)).json()).toEqual({ user: null });
}

describe("signed cookies", () => {
  const secret = "un-secret-de-test-assez-long-pour-hmac";

  test("reads a cookie as better-call does: first occurrence, trimmed, quotes, percent-decoding", () => {
    const header = ' a=1; horizon.session_token = "abc%2Bd" ; horizon.session_token=second; b';
    expect(readCookie(header, "horizon.session_token")).toBe("abc+d");
    expect(readCookie("x=%E0%A4%A", "x")).toBe("%E0%A4%A");
    expect(readCookie("a=1; b=2", "c")).toBeUndefined();
  });

  test("verifies only the exact signature of the exact value", () => {
    const signed = signValue("jeton", secret);
    expect(signed).toMatch(/^jeton\.[A-Za-z0-9+/]{43}=$/);
    expect(verifySignedValue(signed, secret)).toBe("jeton");
    expect(verifySignedValue(signed, `${secret}!`)).toBeUndefined();
    expect(verifySignedValue(`autre${signed.slice(5)}`, secret)).toBeUndefined();
    expect(verifySignedValue(signed.replace(/=$/, ""), secret)).toBeUndefined();
    // Written with base64url letters, a lenient decoder finds the same bytes: refused all the same.
    const withSlash = Array.from({ length: 50 }, (_, i) => signValue(`jeton${i}`, secret)).find(
      (value) => /[+/]/.test(value.slice(value.lastIndexOf(".") + 1)),
    ) as string;
    const [value] = withSlash.split(".");
    expect(verifySignedValue(withSlash, secret)).toBe(value);
    expect(
      verifySignedValue(withSlash.replaceAll("+", "-").replaceAll("/", "_"), secret),
    ).toBeUndefined();
    expect(verifySignedValue("jeton", secret)).toBeUndefined();
    expect(verifySignedValue(undefined, secret)).toBeUndefined();
  });
});

describe("the session cookie", () => {
  test("is the token signed as better-auth signs it; our signature is accepted by better-auth", async () => {
    const client = await registerClient(t.app);
    const token = tokenOf(client.cookie);
    expect(signedValueOf(client.cookie)).toBe(signValue(token, t.authSecret));
    // better-auth's sign-out reads the cookie itself: it finds the session we signed.
    const signOut = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: cookieFor(token, t.authSecret) },
    });
    expect(signOut.statusCode).toBe(204);
    const rows = await t.database.db.select().from(session).where(eq(session.token, token));
    expect(rows).toHaveLength(0);
  });

  test("a tampered signature, another secret or another token under the signature: anonymous", async () => {
    const client = await registerClient(t.app);
    await expectSignedIn(client.cookie);
    const token = tokenOf(client.cookie);
    const signed = signValue(token, t.authSecret);
    const flipped = signed.at(-2) === "A" ? "B" : "A";
    const tampered = `${signed.slice(0, -2)}${flipped}=`;
    const other = await registerClient(t.app);
    for (const cookie of [
      `${sessionCookie}=${encodeURIComponent(tampered)}`,
      cookieFor(token, "un-autre-secret-de-trente-deux-caracteres"),
      // The other client's token under this client's signature.
      `${sessionCookie}=${encodeURIComponent(`${tokenOf(other.cookie)}.${signed.split(".").at(-1)}`)}`,
      `${sessionCookie}=${encodeURIComponent(token)}`,
      `${sessionCookie}=`,
    ]) {
      await expectRefused(cookie);
    }
    await expectSignedIn(client.cookie);
  });
});

describe("revocations end the session on the very next request", () => {
  test("sign-out", async () => {
    const client = await registerClient(t.app);
    await expectSignedIn(client.cookie);
    const response = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: client.cookie },
    });
    expect(response.statusCode).toBe(204);
    await expectRefused(client.cookie);
  });

  test("a password change ends the other sessions at once and keeps this browser signed in", async () => {
    const client = await registerClient(t.app);
    const elsewhere = await signIn(client.email, client.password);
    await expectSignedIn(client.cookie);
    await expectSignedIn(elsewhere);
    const response = await post(
      "/api/me/password",
      {
        currentPassword: client.password,
        newPassword: "Nouveau-Baobab-77",
        confirmPassword: "Nouveau-Baobab-77",
      },
      client.cookie,
    );
    expect(response.statusCode).toBe(204);
    await expectRefused(elsewhere);
    expect((await expectSignedIn(cookiesFrom(response, client.cookie))).email).toBe(client.email);
  });

  test("a password reset ends every session of the account", async () => {
    const client = await registerClient(t.app);
    const elsewhere = await signIn(client.email, client.password);
    await expectSignedIn(client.cookie);
    await expectSignedIn(elsewhere);
    expect((await post("/api/password-reset", { email: client.email })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(
        and(
          like(verification.identifier, "reset-password:%"),
          eq(verification.value, client.user.id),
        ),
      );
    const token = row?.identifier.slice("reset-password:".length);
    const confirm = await post("/api/password-reset/confirm", {
      token,
      password: "Nouveau-Baobab-77",
      confirmPassword: "Nouveau-Baobab-77",
    });
    expect(confirm.statusCode).toBe(200);
    await expectRefused(client.cookie);
    await expectRefused(elsewhere);
  });

  test("a session row deleted or expired by anyone (here plain SQL) is refused at once", async () => {
    const client = await registerClient(t.app);
    const other = await signIn(client.email, client.password);
    await expectSignedIn(client.cookie);
    await expectSignedIn(other);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.token, tokenOf(client.cookie)));
    const expired = await get(t, "/api/me", client.cookie);
    expect(expired.statusCode).toBe(401);
    // better-auth's own handling of an expired session: the row goes, the cookie is cleared.
    expect(expired.cookies.find((c) => c.name === sessionCookie)?.maxAge).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(session)
        .where(eq(session.token, tokenOf(client.cookie))),
    ).toHaveLength(0);

    await t.database.db.delete(session).where(eq(session.token, tokenOf(other)));
    await expectRefused(other);
  });
});

describe("changes to the account show at once", () => {
  test("a profile change made in one browser shows in the other's next request", async () => {
    const client = await registerClient(t.app);
    const elsewhere = await signIn(client.email, client.password);
    expect((await expectSignedIn(elsewhere)).firstName).toBe("Awa");
    const updated = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: client.cookie },
      payload: { firstName: "Aminata", lastName: "Traoré" },
    });
    expect(updated.statusCode).toBe(200);
    expect((await expectSignedIn(elsewhere)).firstName).toBe("Aminata");
    expect((await expectSignedIn(client.cookie)).firstName).toBe("Aminata");
  });

  test("a promotion opens the officers' routes at once; a demotion closes them at once", async () => {
    const client = await registerClient(t.app);
    let cookie = client.cookie;
    const administrators = () => get(t, "/api/admin/administrators", cookie);
    expect(errorOf(await administrators()).code).toBe("forbidden");
    expect(
      await createAdmin(
        t.app.deps,
        { email: client.email, password: client.password, firstName: "", lastName: "" },
        { promote: true },
      ),
    ).toBe("promoted");
    // An officer now, at once: the gate that answers is the second factor's, not the role's.
    expect(errorOf(await administrators()).code).toBe("second_factor_required");
    expect((await expectSignedIn(cookie)).role).toBe("admin");
    cookie = (await enrolSecondFactor(t.app, cookie, client.password)).cookie;
    expect((await administrators()).statusCode).toBe(200);
    await t.database.db.update(user).set({ role: "client" }).where(eq(user.id, client.user.id));
    expect(errorOf(await administrators()).code).toBe("forbidden");
  });

  test("a deleted account's sessions end with it", async () => {
    const client = await registerClient(t.app);
    await expectSignedIn(client.cookie);
    await t.database.db.delete(user).where(eq(user.id, client.user.id));
    await expectRefused(client.cookie);
  });
});

describe("expiry and extension, as better-auth does them", () => {
  const expiryOf = async (cookie: string) => {
    const [row] = await t.database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.token, tokenOf(cookie)));
    return row?.expiresAt.getTime() ?? Number.NaN;
  };

  test("a remembered session used a day after its last extension is extended and its cookie resent", async () => {
    const client = await registerClient(t.app);
    const fresh = await get(t, "/api/me", client.cookie);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.cookies.find((c) => c.name === sessionCookie)).toBeUndefined();

    // Last extended 25 hours ago: 30 days from then.
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 30 * day - 25 * 60 * 60 * 1000) })
      .where(eq(session.token, tokenOf(client.cookie)));
    const extended = await get(t, "/api/me", client.cookie);
    expect(extended.statusCode).toBe(200);
    const resent = extended.cookies.find((c) => c.name === sessionCookie);
    expect(resent?.maxAge).toBe(30 * 24 * 60 * 60);
    expect(Math.abs((await expiryOf(client.cookie)) - (Date.now() + 30 * day))).toBeLessThan(
      60_000,
    );
    const next = await get(t, "/api/me", cookiesFrom(extended, client.cookie));
    expect(next.statusCode).toBe(200);
    expect(next.cookies.find((c) => c.name === sessionCookie)).toBeUndefined();
  });

  test("a session without 'remember me' is never extended and ends at its expiry", async () => {
    const client = await registerClient(t.app);
    const cookie = await signIn(client.email, client.password, false);
    const before = await expiryOf(cookie);
    expect(before - Date.now()).toBeLessThanOrEqual(day);
    const response = await get(t, "/api/me", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toHaveLength(0);
    expect(await expiryOf(cookie)).toBe(before);

    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(cookie)));
    await expectRefused(cookie);
  });
});

describe("two instances of the platform on one database", () => {
  test("a session revoked through one is refused by the other at once", async () => {
    const second = await createTestApp({ sharedWith: t });
    try {
      const client = await registerClient(t.app);
      const elsewhere = await signIn(client.email, client.password);
      // Both browsers known to both instances.
      for (const app of [t, second]) {
        await expectSignedIn(client.cookie, app);
        await expectSignedIn(elsewhere, app);
      }
      const signOut = await second.app.inject({
        method: "DELETE",
        url: "/api/session",
        headers: { cookie: elsewhere },
      });
      expect(signOut.statusCode).toBe(204);
      await expectRefused(elsewhere, t);

      await t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { cookie: client.cookie },
        payload: { firstName: "Mariam", lastName: "Koné" },
      });
      expect((await expectSignedIn(client.cookie, second)).firstName).toBe("Mariam");

      const response = await t.app.inject({
        method: "POST",
        url: "/api/me/password",
        remoteAddress: nextIp(),
        headers: { cookie: client.cookie },
        payload: {
          currentPassword: client.password,
          newPassword: "Nouveau-Baobab-77",
          confirmPassword: "Nouveau-Baobab-77",
        },
      });
      expect(response.statusCode).toBe(204);
      await expectRefused(client.cookie, second);
      await expectSignedIn(cookiesFrom(response, client.cookie), second);
    } finally {
      await second.close();
    }
  });
});
