import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesFrom,
  createTestApp,
  enrolSecondFactor,
  registerClient,
  type TestApp,
} from "../../src/server/test/test-app";
import { countDemoData, removeDemoData, type WriteSummary, writeDemoData } from "./write";

// Writes a small demo set into the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
// and reads it back through the real routes.

let platform: TestApp;
let summary: WriteSummary;
const password = "Baobab-Demo-2026";
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await platform.database.db.execute(query)) as unknown as { rows: T[] }).rows;

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  platform = await createTestApp();
  summary = await writeDemoData(platform.app.deps.db, platform.app.deps.storage, {
    seed: 11,
    clients: 30,
    loans: 60,
    now: new Date(),
    password,
    documents: true,
    batchSize: 25,
  });
});
afterAll(async () => {
  await platform?.close();
});

async function signIn(email: string) {
  const response = await platform.app.inject({
    method: "POST",
    url: "/api/session",
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return cookiesFrom(response);
}

describe("writeDemoData", () => {
  it("writes every request with its three documents, history and notes", async () => {
    expect(summary.loans).toBe(60);
    expect(summary.documents).toBe(180);
    const [counts] = await rows<{
      loans: number;
      documents: number;
      activities: number;
      notes: number;
    }>(
      sql`select (select count(*)::int from loan_requests) as loans,
        (select count(*)::int from documents) as documents,
        (select count(*)::int from loan_activities) as activities,
        (select count(*)::int from loan_notes) as notes`,
    );
    expect(counts).toEqual({
      loans: 60,
      documents: 180,
      activities: summary.activities,
      notes: summary.notes,
    });
    expect(await countDemoData(platform.app.deps.db)).toEqual({ accounts: 33, loans: 60 });
  });

  it("lets officers sign in with the demo password, list requests and open their files", async () => {
    const officer = summary.officers[0];
    // Demo officers enrol their second factor at their first sign-in, as every officer does.
    const { cookie } = await enrolSecondFactor(
      platform.app,
      await signIn(officer?.email ?? ""),
      password,
    );
    const list = await platform.app.inject({ url: "/api/admin/loans?page=1", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(60);
    const documents = await rows<{ id: string; file_type: string; file_size: number }>(
      sql`select id, file_type, file_size from documents`,
    );
    for (const document of documents.slice(0, 6)) {
      const file = await platform.app.inject({
        url: `/api/documents/${document.id}/file`,
        headers: { cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toContain(document.file_type);
      expect(file.rawPayload.length).toBe(document.file_size);
    }
  });

  it("writes the offices, the decision times and the open requests for a complement", async () => {
    const officers = await rows<{ office: string | null }>(
      sql`select office from "user" where role = 'admin' order by office`,
    );
    expect(officers.map((row) => row.office)).toEqual(["abidjan", "dakar", "lome"]);
    // Every request in the office of its client's country (as migration 0005 and the wizard).
    const [misplaced] = await rows<{ count: number }>(
      sql`select count(*)::int as count from loan_requests l join "user" u on u.id = l.user_id
        where l.office <> case
          when lower(f_unaccent(coalesce(u.country, ''))) = 'senegal' then 'dakar'
          when lower(f_unaccent(coalesce(u.country, ''))) in ('togo', 'benin') then 'lome'
          else 'abidjan' end`,
    );
    expect(misplaced?.count).toBe(0);
    const [decisions] = await rows<{ wrong: number; decided: number }>(
      sql`select count(*) filter (where (decided_at is not null) <> (status in ('approved', 'rejected', 'completed')))::int as wrong,
        count(decided_at)::int as decided from loan_requests`,
    );
    expect(decisions?.wrong).toBe(0);
    expect(decisions?.decided).toBeGreaterThan(0);
    // Each request waiting for a complement: one open request, its identity card to replace.
    const waiting = await rows<{ question: string | null; reason: string; verdict: string }>(
      sql`select r.question, i.reason, d.review_verdict as verdict
        from loan_requests l
        join info_requests r on r.loan_id = l.id and r.answered_at is null
        join info_request_items i on i.info_request_id = r.id and i.kind = 'replace'
        join documents d on d.id = i.document_id and d.loan_id = l.id and d.category = 'identite'
        where l.status = 'info_requested'`,
    );
    const [{ count: infoRequested } = { count: -1 }] = await rows<{ count: number }>(
      sql`select count(*)::int as count from loan_requests where status = 'info_requested'`,
    );
    expect(infoRequested).toBeGreaterThan(0);
    expect(waiting).toHaveLength(infoRequested);
    for (const row of waiting) {
      expect(row).toMatchObject({ reason: "illisible", verdict: "a_remplacer" });
      expect(row.question).toBeTruthy();
    }
  });

  it("lets clients sign in and see their own requests", async () => {
    const [client] = await rows<{ email: string; loans: number }>(
      sql`select u.email, count(*)::int as loans from "user" u join loan_requests l on l.user_id = u.id
        group by u.email order by u.email limit 1`,
    );
    const cookie = await signIn(client?.email ?? "");
    const list = await platform.app.inject({ url: "/api/loans", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(client?.loans);
  });
});

describe("removeDemoData", () => {
  it("removes the demo accounts, their requests and files, and nothing else", async () => {
    const real = await registerClient(platform.app);
    const uploads = join(platform.dataDir, "uploads", "demo");
    expect(filesUnder(uploads)).toHaveLength(180);
    const removed = await removeDemoData(platform.app.deps.db, platform.app.deps.storage);
    expect(removed).toEqual({ accounts: 33, files: 180 });
    expect(filesUnder(uploads)).toHaveLength(0);
    expect(await countDemoData(platform.app.deps.db)).toEqual({ accounts: 0, loans: 0 });
    const left = await rows<{ email: string }>(sql`select email from "user"`);
    expect(left.map((row) => row.email)).toEqual([real.email]);
  });
});
