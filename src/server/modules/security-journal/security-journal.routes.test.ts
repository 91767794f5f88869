import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "../../../domain/api/page";
import type { SecurityEventJson } from "../../../domain/api/security-events";
import { createAdmin } from "../../admin-account";
import { securityEvents } from "../../db/schema";
import {
  cookiesFrom,
  createTestApp,
  errorOf,
  newIdentity,
  nextIp,
  registerClient,
  signedInAdmin,
  type TestApp,
} from "../../test/test-app";
import { pruneSecurityEvents } from "./security-journal.service";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const agent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36";

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
});

afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? nextIp(),
    headers: { "user-agent": agent, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

function get(url: string, cookie = admin.cookie) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}

async function journal(query: string): Promise<Page<SecurityEventJson>> {
  const response = await get(`/api/admin/security-events?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The events of one account, oldest first. */
async function eventsOf(email: string) {
  const page = await journal(`compte=${encodeURIComponent(email)}&pageSize=100`);
  return page.items.reverse();
}

describe("events recorded", () => {
  test("sign-in success and failure (reason code, never the password), sign-out", async () => {
    const client = await registerClient(t.app);
    const wrong = await post(
      "/api/session",
      { email: client.email, password: "Pas-Le-Bon-123" },
      { ip: "10.9.8.7" },
    );
    expect(wrong.statusCode).toBe(401);
    const ok = await post("/api/session", { email: client.email, password: client.password });
    expect(ok.statusCode).toBe(200);
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: cookiesFrom(ok), "user-agent": agent },
    });
    expect(out.statusCode).toBe(204);

    const events = await eventsOf(client.email);
    expect(events.map((event) => [event.type, event.reason])).toEqual([
      ["sign_in_failure", "invalid_credentials"],
      ["sign_in_success", null],
      ["sign_out", null],
    ]);
    expect(events[0]).toMatchObject({ userId: client.user.id, ip: "10.9.8.7", userAgent: agent });
    const everything = JSON.stringify(await eventsOf(client.email));
    expect(everything).not.toContain("Pas-Le-Bon-123");
    expect(everything).not.toContain(client.password);
  });

  test("a sign-in to an address without an account names the address typed", async () => {
    const email = newIdentity("inconnu").email;
    await post("/api/session", { email, password: "Quelconque-123" });
    const [event] = await eventsOf(email);
    expect(event).toMatchObject({
      type: "sign_in_failure",
      userId: null,
      email,
      reason: "unknown_account",
    });
  });

  test("password change and password reset", async () => {
    const client = await registerClient(t.app);
    const changed = await post(
      "/api/me/password",
      {
        currentPassword: client.password,
        newPassword: "Nouveau-Fromager-58",
        confirmPassword: "Nouveau-Fromager-58",
      },
      { cookie: client.cookie },
    );
    expect(changed.statusCode).toBe(204);

    await post("/api/password-reset", { email: client.email });
    const text = (await t.mailsTo(client.email)).at(-1)?.texts.join("\n") ?? "";
    const token = text.match(/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = await post("/api/password-reset/confirm", {
      token,
      password: "Encore-Fromager-59",
      confirmPassword: "Encore-Fromager-59",
    });
    expect(reset.statusCode).toBe(200);

    const types = (await eventsOf(client.email)).map((event) => event.type);
    expect(types).toContain("password_change");
    expect(types).toContain("password_reset");
    expect(JSON.stringify(await eventsOf(client.email))).not.toContain(token);
  });

  test("officers created (command line, start-up: not a change of role), a client promoted", async () => {
    const officer = newIdentity("officier");
    await createAdmin(t.app.deps, { ...officer, firstName: "Ama", lastName: "Owusu" });
    const atStart = newIdentity("officier");
    await createAdmin(
      t.app.deps,
      { ...atStart, firstName: "Kofi", lastName: "Mensah" },
      { from: "start_up" },
    );
    expect((await eventsOf(atStart.email)).map((event) => [event.type, event.reason])).toEqual([
      ["officer_created", "start_up"],
    ]);
    const client = await registerClient(t.app);
    await createAdmin(
      t.app.deps,
      { ...client, firstName: "Awa", lastName: "Koné" },
      { promote: true },
    );
    expect((await eventsOf(officer.email)).map((event) => [event.type, event.reason])).toEqual([
      ["officer_created", "command_line"],
    ]);
    const promoted = (await eventsOf(client.email)).find((event) => event.type === "role_change");
    expect(promoted?.reason).toBe("client_to_admin");
  });

  test("a rate-limit lockout is recorded once, when it starts", async () => {
    const client = await registerClient(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await post("/api/session", {
        email: client.email,
        password: "Mauvais-Passe-000",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const lockouts = (await eventsOf(client.email)).filter(
      (event) => event.type === "rate_limit_lockout",
    );
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]?.reason).toBe("sign-in-email");
  });
});

describe("GET /api/admin/security-events", () => {
  test("is the officers' alone", async () => {
    const client = await registerClient(t.app);
    expect((await get("/api/admin/security-events", "")).statusCode).toBe(401);
    const refused = await get("/api/admin/security-events", client.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await get("/api/admin/security-events/export.csv", client.cookie)).statusCode).toBe(
      403,
    );
  });

  test("filters by type and dates, pages of 50 newest first", async () => {
    const email = newIdentity("pages").email;
    for (let attempt = 0; attempt < 7; attempt++) {
      await post("/api/session", { email, password: "Quelconque-123" }, { ip: nextIp() });
    }
    const all = await journal(`compte=${encodeURIComponent(email)}&type=sign_in_failure`);
    expect(all.total).toBe(7);
    expect(all.pageSize).toBe(50);
    const ids = all.items.map((event) => event.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await journal(`compte=${encodeURIComponent(email)}&du=${today}&au=${today}`)).total,
    ).toBe(7);
    expect((await journal(`compte=${encodeURIComponent(email)}&au=2020-01-01`)).total).toBe(0);
    expect((await journal(`compte=${encodeURIComponent(email)}&type=sign_out`)).total).toBe(0);

    const second = await journal(`compte=${encodeURIComponent(email)}&pageSize=5&page=2`);
    expect(second.items.map((event) => event.id)).toEqual(ids.slice(5));

    const firstPage = await journal("");
    expect(firstPage.items.length).toBeLessThanOrEqual(50);
  });

  test("bad filters answer 400 in French", async () => {
    for (const [query, message] of [
      ["type=inconnu", "Type d'événement inconnu"],
      ["du=2026-13-45", "Date invalide (format attendu : AAAA-MM-JJ)"],
      ["du=2026-02-01&au=2026-01-01", "La date de début doit précéder la date de fin"],
      ["page=0", "Numéro de page invalide"],
      // Found by the fuzz test: zod's own English words came back for a repeated key.
      ["compte=a&compte=b", "Recherche invalide : un seul texte est attendu"],
      ["du=2026-01-01&du=2026-01-02", "Date invalide (format attendu : AAAA-MM-JJ)"],
    ] as const) {
      const response = await get(`/api/admin/security-events?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    const repeated = await get("/api/admin/security-events/export.csv?compte=a&compte=b");
    expect(repeated.statusCode).toBe(400);
    expect(errorOf(repeated).message).toBe("Recherche invalide : un seul texte est attendu");
    // A NUL is refused before any route (http/input-checks.ts), in French too.
    const nul = await get("/api/admin/security-events?compte=a%00b");
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul).message).toMatch(/[éè]|caract/);
  });

  test("the CSV export holds every matching event, cells made safe for a spreadsheet", async () => {
    const email = `=HYPERLINK("x")${newIdentity("csv").email}`;
    await post("/api/session", { email: newIdentity("csv").email, password: "Quelconque-123" });
    await t.app.deps.db.insert(securityEvents).values({
      type: "sign_in_failure",
      email,
      reason: "unknown_account",
      ip: "10.1.1.1",
      userAgent: agent,
    });
    const response = await get(
      `/api/admin/security-events/export.csv?compte=${encodeURIComponent(email)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="journal-securite-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date (UTC);Événement;Compte;Par;Motif;Adresse IP;Navigateur;Code événement;Code motif",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;Échec de connexion;"'=HYPERLINK(""x"")`);
    expect(lines[1]).toContain(";Aucun compte à cette adresse;10.1.1.1;");
  });
});

describe("append-only", () => {
  test("no event can be changed or deleted; the pruning removes only what is past 13 months", async () => {
    const { db } = t.app.deps;
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    const recent = new Date(Date.now() - 300 * 24 * 60 * 60 * 1000);
    const [oldRow] = await db
      .insert(securityEvents)
      .values({ type: "sign_out", email: "ancien@exemple.ci", createdAt: old })
      .returning();
    const [recentRow] = await db
      .insert(securityEvents)
      .values({ type: "sign_out", email: "recent@exemple.ci", createdAt: recent })
      .returning();
    if (!oldRow || !recentRow) throw new Error("insert failed");

    await expect(
      db.update(securityEvents).set({ reason: "x" }).where(eq(securityEvents.id, recentRow.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(securityEvents).where(eq(securityEvents.id, oldRow.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate security_events`)).rejects.toThrow();
    // Even the pruning's own setting cannot remove a row younger than 12 months.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`set local app.security_events_prune = 'on'`);
        await tx.delete(securityEvents).where(eq(securityEvents.id, recentRow.id));
      }),
    ).rejects.toThrow();

    expect(await pruneSecurityEvents({ db })).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(sql`${securityEvents.id} in (${oldRow.id}, ${recentRow.id})`);
    expect(left.map((row) => row.id)).toEqual([recentRow.id]);
  });
});

test("the officer's own sign-in is in the journal", async () => {
  const events = await eventsOf(admin.email);
  expect(events.map((event) => event.type)).toContain("sign_in_success");
});
