import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { writeDemoData } from "../../../../scripts/seed/write";
import type { AdminLoanSummaryJson } from "../../../domain/api/admin-loans";
import type { Page } from "../../../domain/api/page";
import { emailReadOnlyMessage } from "../../../domain/schemas/profile";
import { type Db, migrateDatabase, openDatabase } from "../../db/client";
import { loanRequests, user } from "../../db/schema";
import { migrationsFolder } from "../../project-root";
import { createFilesystemStorage } from "../../storage/filesystem-storage";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, nextIp } from "../../test/test-app";
import { insertLoan, renameUser } from "./admin-loans.test-helpers";

// loan_requests.search_text is a copy of the client's name and e-mail kept by triggers
// (migration 0012). These tests change the source rows every way the platform does and compare,
// after each, every request's stored text with the one recomputed from its client's row (the
// same expression as the generated user.search_text, computed here independently of it).

/** The requests whose stored text differs from the one recomputed from the source rows. */
async function drifted(db: Db): Promise<{ id: number; stored: string; expected: string }[]> {
  const result = await db.execute(sql`
    select l.id, l.search_text as stored,
      f_unaccent(lower(u.first_name || ' ' || u.last_name || ' ' || u.email)) as expected
    from loan_requests l join "user" u on u.id = l.user_id
    where l.search_text is distinct from
      f_unaccent(lower(u.first_name || ' ' || u.last_name || ' ' || u.email))`);
  return (result as unknown as { rows: { id: number; stored: string; expected: string }[] }).rows;
}

async function requestCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loanRequests);
  return Number(row?.n ?? 0);
}

async function storedText(db: Db, loanId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ text: loanRequests.searchText })
    .from(loanRequests)
    .where(eq(loanRequests.id, loanId));
  return row?.text;
}

/** Each request's row version (xmin changes whenever the row is rewritten). */
async function rowVersions(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ version: sql<string>`${loanRequests}.xmin::text` })
    .from(loanRequests)
    .where(eq(loanRequests.userId, userId))
    .orderBy(loanRequests.id);
  return rows.map((row) => row.version);
}

const {
  t,
  officers: [officer],
  clients: [client, other],
} = apiFixture({ officers: 1, clients: 2 });

async function search(term: string): Promise<Page<AdminLoanSummaryJson>> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/loans?q=${encodeURIComponent(term)}`,
    headers: { cookie: officer.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The client's profile edit, through the API as 'Mon profil' sends it. */
function patchProfile(payload: Record<string, string>) {
  return t.app.inject({
    method: "PATCH",
    url: "/api/me",
    headers: { cookie: client.cookie },
    remoteAddress: nextIp(),
    payload,
  });
}

describe("the requests' search text never drifts from their clients' rows", () => {
  it("takes the client's name and e-mail, unaccented and in lower case, on insert", async () => {
    const db = t.app.deps.db;
    await renameUser(t.app, client.user.id, {
      firstName: "Élodie",
      lastName: "Kouassi-N'Guessan",
      email: "Elodie.KN@exemple.ci",
    });
    const first = await insertLoan(t.app, client.user.id);
    const second = await insertLoan(t.app, client.user.id, { status: "in_review" });
    expect(await storedText(db, first)).toBe("elodie kouassi-n'guessan elodie.kn@exemple.ci");
    expect(await storedText(db, second)).toBe("elodie kouassi-n'guessan elodie.kn@exemple.ci");
    const found = await search("ÉLODIE");
    expect(found.items.map((item) => item.id).sort()).toEqual([first, second].sort());
    expect(found.total).toBe(2);
    expect(await drifted(db)).toEqual([]);
  });

  it("follows a profile edit made through the API on every request of the client", async () => {
    const db = t.app.deps.db;
    const before = await rowVersions(db, client.user.id);
    const response = await patchProfile({ firstName: "Adjoa", lastName: "Yéboué", city: "" });
    expect(response.statusCode).toBe(200);
    expect(await drifted(db)).toEqual([]);
    expect((await search("yeboue")).total).toBe(2);
    expect((await search("kouassi")).total).toBe(0);
    expect(await rowVersions(db, client.user.id)).not.toEqual(before);
    // An edit that leaves the names as they are (the city) rewrites no request: their row
    // versions (xmin, the writing transaction) stay.
    const unchanged = await rowVersions(db, client.user.id);
    const phone = await patchProfile({ firstName: "Adjoa", lastName: "Yéboué", city: "Bouaké" });
    expect(phone.statusCode).toBe(200);
    expect(await rowVersions(db, client.user.id)).toEqual(unchanged);
  });

  it("follows an e-mail change, which only support makes (the API refuses it)", async () => {
    const db = t.app.deps.db;
    const refused = await patchProfile({ lastName: "Yéboué", email: "autre@exemple.ci" });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(emailReadOnlyMessage);
    // What support does instead: the row itself, in SQL.
    await db.execute(
      sql`update "user" set email = 'adjoa.y@exemple.ci' where id = ${client.user.id}`,
    );
    expect(await drifted(db)).toEqual([]);
    expect((await search("adjoa.y@")).total).toBe(2);
  });

  it("keeps the text of a closed account (its contact data erased, names and e-mail kept)", async () => {
    const db = t.app.deps.db;
    const loanId = await insertLoan(t.app, other.user.id, { status: "rejected" });
    const text = await storedText(db, loanId);
    // The account closing (issue 18) through its route: contact data and channels erased in the
    // user row, names and e-mail kept.
    const closed = await t.app.inject({
      method: "POST",
      url: "/api/me/close-account",
      headers: { cookie: other.cookie },
      remoteAddress: nextIp(),
      payload: { password: other.password },
    });
    expect(closed.statusCode).toBe(204);
    const [row] = await db
      .select({ closedAt: user.closedAt })
      .from(user)
      .where(eq(user.id, other.user.id));
    expect(row?.closedAt).not.toBeNull();
    expect(await storedText(db, loanId)).toBe(text);
    expect(await drifted(db)).toEqual([]);
  });

  it("follows a request moved to another client, and cannot be written to anything else", async () => {
    const db = t.app.deps.db;
    const loanId = await insertLoan(t.app, other.user.id);
    await db
      .update(loanRequests)
      .set({ userId: client.user.id })
      .where(eq(loanRequests.id, loanId));
    expect(await storedText(db, loanId)).toBe("adjoa yeboue adjoa.y@exemple.ci");
    await db
      .update(loanRequests)
      .set({ searchText: "n'importe quoi" })
      .where(eq(loanRequests.id, loanId));
    expect(await storedText(db, loanId)).toBe("adjoa yeboue adjoa.y@exemple.ci");
    expect(await drifted(db)).toEqual([]);
  });

  it("is right for every request of the bulk demo seed (multi-row inserts)", async () => {
    const db = t.app.deps.db;
    const scratch = mkdtempSync(join(tmpdir(), "pret-search-text-"));
    try {
      const before = await requestCount(db);
      await writeDemoData(db, createFilesystemStorage(scratch), {
        seed: 11,
        clients: 40,
        loans: 160,
        now: new Date(),
        password: "Baobab-Demo-2026",
        documents: false,
      });
      expect(await requestCount(db)).toBe(before + 160);
      expect(await drifted(db)).toEqual([]);
      // The seed's clients renamed at once, as a bulk correction would: one statement.
      await db.execute(
        sql`update "user" set last_name = last_name || ' Bis' where id in (select user_id from loan_requests)`,
      );
      expect(await drifted(db)).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("migration 0012", () => {
  const scratch: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of scratch) await close();
  });

  it("fills the text of the requests that existed before it", async () => {
    const database = await openDatabase({ kind: "pglite" });
    scratch.push(() => database.close());
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    const position = journal.entries.findIndex((entry) => entry.tag === "0012_loan_search_text");
    expect(position).toBeGreaterThan(0);
    const { db } = database;
    await migrateDatabase(db, { upTo: position });
    // Raw SQL: the schema of the code has the column these tables do not have yet.
    await db.execute(sql`
      insert into "user" (id, name, email, first_name, last_name)
      values ('u1', 'Zoé Brou', 'zoe@exemple.ci', 'Zoé', 'Brou'),
             ('u2', 'Kofi Mensah', 'KOFI@exemple.tg', 'Kofi', 'Mensah')`);
    await db.execute(sql`
      insert into loan_requests (user_id, loan_type, amount, duration_months, purpose)
      values ('u1', 'personal', 500000, 12, 'Achat'), ('u2', 'auto', 900000, 24, 'Voiture'),
             ('u1', 'business', 2000000, 36, 'Boutique')`);
    await migrateDatabase(db);
    const texts = await db
      .select({ userId: loanRequests.userId, text: loanRequests.searchText })
      .from(loanRequests)
      .orderBy(loanRequests.id);
    expect(texts).toEqual([
      { userId: "u1", text: "zoe brou zoe@exemple.ci" },
      { userId: "u2", text: "kofi mensah kofi@exemple.tg" },
      { userId: "u1", text: "zoe brou zoe@exemple.ci" },
    ]);
    expect(await drifted(db)).toEqual([]);
  });
});
