import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondFactorRequiredCode } from "../../../domain/api/two-factor";
import {
  createSessionCheck,
  type OfficerRead,
  sessionCookieSettings,
} from "../../auth/session-check";
import { user } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import { createTestApp, errorOf, signInAgain, type TestApp } from "../../test/test-app";
import { adminLoanListRead, listAdminLoans } from "./admin-loans.list";
import { insertLoan } from "./admin-loans.test-helpers";

// GET /api/admin/loans runs its statement in the session lookup's own (auth's OfficerRead,
// docs/decisions/2026-11-22-session-check.md): one round trip to the database per request. What
// must hold: the same answer as the list alone, nothing run for anyone but an officer with a
// second factor, and a revoked session or a reset second factor refused at the next request,
// through this instance or another one on the same database.

const {
  t,
  officers: [officer],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1 });

let second: TestApp;
beforeAll(async () => {
  second = await createTestApp({ sharedWith: t });
  for (const status of ["pending", "pending", "in_review", "approved"] as const) {
    await insertLoan(t.app, client.user.id, { status });
  }
});
afterAll(async () => {
  await second?.close();
});

function list(app: TestApp, cookie: string, query = "") {
  return app.app.inject({ method: "GET", url: `/api/admin/loans${query}`, headers: { cookie } });
}

/** A session check without the embedded database's cache: PostgreSQL's, on either database. */
function uncachedCheck() {
  return createSessionCheck({
    db: t.app.deps.db,
    settings: () => sessionCookieSettings(t.app.deps.auth),
  });
}

/** The statements the database receives while `run` runs (every driver call counted). */
async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (t.app.deps.db as unknown as { $client: Record<string, unknown> }).$client;
  let count = 0;
  const restore: Array<() => void> = [];
  for (const method of ["query", "exec"]) {
    const original = client[method];
    if (typeof original !== "function") continue;
    client[method] = (...args: unknown[]) => {
      count += 1;
      return original.apply(client, args);
    };
    restore.push(() => {
      client[method] = original;
    });
  }
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return count;
}

describe("GET /api/admin/loans, its statement in the session lookup's", () => {
  it("answers what the list alone answers, for each filter and page", async () => {
    const check = uncachedCheck();
    const queries = [
      { filter: {}, page: 1, pageSize: 10 },
      { filter: { status: "pending" as const }, page: 1, pageSize: 1 },
      { filter: { status: "pending" as const }, page: 2, pageSize: 1 },
      { filter: { q: client.email.slice(0, 4) }, page: 1, pageSize: 10 },
      { filter: { status: "approved" as const }, page: 9, pageSize: 10 },
    ];
    for (const query of queries) {
      const now = new Date();
      const checked = await check(officer.cookie, adminLoanListRead({ ...query, now }));
      expect(checked.kind).toBe("signed-in");
      const alone = await listAdminLoans({ db: t.app.deps.db, ...query, now });
      expect(checked.kind === "signed-in" && JSON.stringify(checked.read)).toBe(
        JSON.stringify(alone),
      );
    }
    const answered = await list(t, officer.cookie, "?status=pending&pageSize=1&page=2");
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(
      await listAdminLoans({
        db: t.app.deps.db,
        filter: { status: "pending" },
        page: 2,
        pageSize: 1,
      }),
    );
  });

  it("is one statement per request", async () => {
    await list(t, officer.cookie);
    for (const query of ["", "?status=pending", "?q=ko&page=2"]) {
      expect(await statementsDuring(() => list(t, officer.cookie, query))).toBe(1);
    }
  });

  it("runs the read for an officer with a second factor only", async () => {
    // A read that fails if the database ever runs it (no constant folding: an aggregate).
    const failing: OfficerRead<unknown> = {
      key: "failing_read",
      build: () => sql`select 1 / (count(*) * 0)::int as boom from "session"`,
      keepPlan: false,
      values: {},
      answer: (row) => row,
    };
    const check = uncachedCheck();
    expect(await check(client.cookie, failing)).toMatchObject({
      kind: "signed-in",
      read: undefined,
    });
    await expect(check(officer.cookie, failing)).rejects.toThrow();

    await t.app.deps.db
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.id, officer.user.id));
    try {
      expect(await check(officer.cookie, failing)).toMatchObject({
        kind: "signed-in",
        read: undefined,
      });
    } finally {
      await t.app.deps.db
        .update(user)
        .set({ twoFactorEnabled: true })
        .where(eq(user.id, officer.user.id));
    }
  });

  it("answers 401 anonymous, 403 to a client, 400 to an officer's malformed query only", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/loans?page=0" });
    expect(anonymous.statusCode).toBe(401);
    expect((await list(t, client.cookie, "?page=0")).statusCode).toBe(403);
    expect((await list(t, client.cookie)).statusCode).toBe(403);
    expect((await list(t, officer.cookie, "?page=0")).statusCode).toBe(400);
  });

  it("refuses at the next request, on either instance, a revoked session, a reset second factor, a demoted officer", async () => {
    const elsewhere = await signInAgain(t.app, officer);
    for (const app of [t, second]) expect((await list(app, elsewhere)).statusCode).toBe(200);
    const signOut = await second.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie: elsewhere },
    });
    expect(signOut.statusCode).toBe(204);
    for (const app of [t, second]) expect((await list(app, elsewhere)).statusCode).toBe(401);

    for (const app of [t, second]) expect((await list(app, officer.cookie)).statusCode).toBe(200);
    await second.database.db
      .update(user)
      .set({ twoFactorEnabled: false })
      .where(eq(user.id, officer.user.id));
    try {
      for (const app of [t, second]) {
        const refused = await list(app, officer.cookie);
        expect(refused.statusCode).toBe(403);
        expect(errorOf(refused).code).toBe(secondFactorRequiredCode);
      }
    } finally {
      await t.app.deps.db
        .update(user)
        .set({ twoFactorEnabled: true })
        .where(eq(user.id, officer.user.id));
    }

    for (const app of [t, second]) expect((await list(app, officer.cookie)).statusCode).toBe(200);
    await second.database.db
      .update(user)
      .set({ role: "client" })
      .where(eq(user.id, officer.user.id));
    try {
      for (const app of [t, second]) expect((await list(app, officer.cookie)).statusCode).toBe(403);
    } finally {
      await t.app.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, officer.user.id));
    }
  });
});
