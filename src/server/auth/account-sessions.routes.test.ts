import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { AccountSessionJson } from "../../domain/api/account-sessions";
import type { SecurityEventJson } from "../../domain/api/security-events";
import { session as sessionTable } from "../db/schema";
import { apiFixture } from "../test/api-fixture";
import { errorOf, registerClient, signInAgain, type TestClient } from "../test/test-app";

// The account's sessions, seen and ended by their owner (issue 17). On PGlite the session check
// keeps a cache: each test first uses the browser it will end, so a stale entry would show.

const {
  t,
  officers: [officer],
} = apiFixture({ officers: 1 });

const androidChrome =
  "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const iphoneSafari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

function request(method: "GET" | "DELETE", url: string, cookie: string) {
  return t.app.inject({ method, url, headers: { cookie } });
}

async function sessionsOf(cookie: string): Promise<AccountSessionJson[]> {
  const response = await request("GET", "/api/me/sessions", cookie);
  expect(response.statusCode).toBe(200);
  return response.json().sessions;
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const response = await request("GET", "/api/me", cookie);
  expect([200, 401]).toContain(response.statusCode);
  return response.statusCode === 200;
}

async function revocations(email: string): Promise<SecurityEventJson[]> {
  const response = await request(
    "GET",
    `/api/admin/security-events?type=session_revoked&compte=${encodeURIComponent(email)}`,
    officer.cookie,
  );
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

/** A client signed in on three browsers: the registration's, an Android phone and an iPhone. */
async function clientOnThreeBrowsers() {
  const client: TestClient = await registerClient(t.app);
  const phone = await signInAgain(t.app, client, androidChrome);
  const iphone = await signInAgain(t.app, client, iphoneSafari);
  return { client, phone, iphone };
}

describe("GET /api/me/sessions", () => {
  test("lists the account's live sessions, the current one first and marked, with no token", async () => {
    const { client, phone } = await clientOnThreeBrowsers();
    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: "Chrome sur Android", current: true });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.device)).toContain("Safari sur iPhone");
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(
        ["createdAt", "current", "device", "id", "ip", "lastActiveAt"].sort(),
      );
      expect(new Date(session.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(session.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    }
    // Only this account's: another client's browsers are not there.
    const other = await registerClient(t.app);
    expect(await sessionsOf(other.cookie)).toHaveLength(1);
    // An expired session is not listed.
    const expiredId = sessions[1]?.id as string;
    await t.database.db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTable.id, expiredId));
    expect((await sessionsOf(client.cookie)).map((session) => session.id)).not.toContain(expiredId);
  });

  test("is refused to an anonymous caller", async () => {
    const response = await t.app.inject({ url: "/api/me/sessions" });
    expect(response.statusCode).toBe(401);
  });
});

describe("DELETE /api/me/sessions/:id", () => {
  test("ends another session at once, which is then signed out, and journals it", async () => {
    const { client, phone, iphone } = await clientOnThreeBrowsers();
    expect(await isSignedIn(phone)).toBe(true);
    const phoneSession = (await sessionsOf(phone)).find((session) => session.current);
    const ended = await request("DELETE", `/api/me/sessions/${phoneSession?.id}`, client.cookie);
    expect(ended.statusCode).toBe(204);

    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(iphone)).toBe(true);
    expect(await isSignedIn(client.cookie)).toBe(true);
    expect((await sessionsOf(client.cookie)).map((session) => session.id)).not.toContain(
      phoneSession?.id,
    );
    const [event] = await revocations(client.email);
    expect(event).toMatchObject({
      type: "session_revoked",
      email: client.email,
      actorEmail: client.email,
      reason: "other_session",
    });
  });

  test("refuses the current session, with a French message", async () => {
    const { client } = await clientOnThreeBrowsers();
    const current = (await sessionsOf(client.cookie)).find((session) => session.current);
    const response = await request("DELETE", `/api/me/sessions/${current?.id}`, client.cookie);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toMatch(/Se déconnecter/);
    expect(await isSignedIn(client.cookie)).toBe(true);
  });

  test("answers another account's session exactly as a missing one, and ends nothing", async () => {
    const { client, phone } = await clientOnThreeBrowsers();
    const phoneSession = (await sessionsOf(phone)).find((session) => session.current);
    const stranger = await registerClient(t.app);
    const foreign = await request(
      "DELETE",
      `/api/me/sessions/${phoneSession?.id}`,
      stranger.cookie,
    );
    const missing = await request("DELETE", "/api/me/sessions/session-absente", stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(errorOf(foreign).message).toBe("Session introuvable");
    // Officers neither: a client's sessions are the client's.
    const byOfficer = await request(
      "DELETE",
      `/api/me/sessions/${phoneSession?.id}`,
      officer.cookie,
    );
    expect(byOfficer.statusCode).toBe(404);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await revocations(client.email)).toEqual([]);
  });
});

describe("DELETE /api/me/sessions", () => {
  test("ends every other session and keeps the current one", async () => {
    const { client, phone, iphone } = await clientOnThreeBrowsers();
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(iphone)).toBe(true);
    const response = await request("DELETE", "/api/me/sessions", client.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });

    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(iphone)).toBe(false);
    expect(await isSignedIn(client.cookie)).toBe(true);
    const left = await sessionsOf(client.cookie);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
    const events = await revocations(client.email);
    expect(events).toHaveLength(1);
    expect(events[0]?.reason).toBe("all_other_sessions");

    // Nothing left to end: answered, not journaled again.
    const again = await request("DELETE", "/api/me/sessions", client.cookie);
    expect(again.json()).toEqual({ ended: 0 });
    expect(await revocations(client.email)).toHaveLength(1);
  });

  test("lets an officer end its own other sessions", async () => {
    const second = await signInAgain(t.app, officer, iphoneSafari);
    expect((await sessionsOf(officer.cookie)).length).toBeGreaterThanOrEqual(2);
    const response = await request("DELETE", "/api/me/sessions", officer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().ended).toBeGreaterThanOrEqual(1);
    expect(await isSignedIn(second)).toBe(false);
    expect(await sessionsOf(officer.cookie)).toHaveLength(1);
  });
});
