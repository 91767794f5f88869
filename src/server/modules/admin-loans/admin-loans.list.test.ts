import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminLoanSummaryJson } from "../../../domain/api/admin-loans";
import type { Page } from "../../../domain/api/page";
import {
  createTestApp,
  errorOf,
  registerClient,
  signedInAdmin,
  type TestApp,
} from "../../test/test-app";
import { adminLoanListQueries, preparedListStatements } from "./admin-loans.service";
import { insertLoan, renameUser } from "./admin-loans.test-helpers";

// A database of its own: the totals below are exact.
let t: TestApp;
let cookie: string;
const ids: Record<string, number> = {};
const clientIds: Record<string, string> = {};

const people = {
  aicha: { firstName: "Aïcha", lastName: "Koné", email: "aicha.kone@exemple.ci" },
  konan: { firstName: "Paul", lastName: "Konan", email: "p.konan@exemple.ci" },
  obrien: { firstName: "Jean", lastName: "O'Brien", email: "jean.ob@exemple.ci" },
  percent: { firstName: "Marc", lastName: "Cent%Sûr", email: "marc@exemple.ci" },
  underscore: { firstName: "Awa", lastName: "Ndiaye", email: "awa_nd@exemple.ci" },
  // Would match "a_n" if `_` were a wildcard; never matches the literal underscore.
  lookalike: { firstName: "Awaxnd", lastName: "Sow", email: "sow@exemple.ci" },
  backslash: { firstName: "Back\\slash", lastName: "Diallo", email: "diallo@exemple.ci" },
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInAdmin(t.app)).cookie;
  for (const [key, names] of Object.entries(people)) {
    const registered = await registerClient(t.app);
    await renameUser(t.app, registered.user.id, names);
    clientIds[key] = registered.user.id;
  }
  // Five a client, all at the same instant for the first two: id breaks the tie.
  const same = new Date("2026-03-01T10:00:00Z");
  ids.aichaPending = await insertLoan(t.app, clientIds.aicha as string, { createdAt: same });
  ids.aichaBusiness = await insertLoan(t.app, clientIds.aicha as string, {
    loanType: "business",
    status: "in_review",
    createdAt: same,
  });
  let day = 2;
  for (const key of Object.keys(people)) {
    for (const [status, loanType] of [
      ["pending", "personal"],
      ["approved", "auto"],
      ["rejected", "business"],
    ] as const) {
      await insertLoan(t.app, clientIds[key] as string, {
        status,
        loanType,
        createdAt: new Date(`2026-03-${String(day).padStart(2, "0")}T08:00:00Z`),
      });
      day += 1;
    }
  }
});

afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<Page<AdminLoanSummaryJson>> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/loans?${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const total = 2 + 3 * Object.keys(people).length;

describe("GET /api/admin/loans", () => {
  it("lists every request newest first, id breaking ties, ten a page with the exact total", async () => {
    const first = await list("");
    expect(first.total).toBe(total);
    expect(first.items).toHaveLength(10);
    expect(first.pageSize).toBe(10);
    const all = [first, await list("page=2"), await list("page=3")].flatMap((page) => page.items);
    expect(all).toHaveLength(total);
    const order = all.map((item) => `${item.createdAt}|${String(item.id).padStart(9, "0")}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(all.slice(-2).map((item) => item.id)).toEqual([ids.aichaBusiness, ids.aichaPending]);
    expect(all[all.length - 1]).toMatchObject({
      client: { id: clientIds.aicha, firstName: "Aïcha", lastName: "Koné" },
      assignee: null,
    });
  });

  it("answers a page past the end with no items and the real total", async () => {
    const page = await list("page=50");
    expect(page).toEqual({ items: [], total, page: 50, pageSize: 10 });
    const sized = await list("pageSize=100");
    expect(sized.items).toHaveLength(total);
  });

  it("filters by status and type, combined with the search", async () => {
    expect((await list("status=approved")).total).toBe(Object.keys(people).length);
    expect((await list("type=business")).total).toBe(Object.keys(people).length + 1);
    const combined = await list("status=in_review&type=business&q=kone");
    expect(combined.items.map((item) => item.id)).toEqual([ids.aichaBusiness]);
    expect((await list("status=rejected&type=auto")).total).toBe(0);
    // Blank filters are no filters.
    expect((await list("status=&type=&q=%20")).total).toBe(total);
  });

  it("searches names and e-mails ignoring case and accents", async () => {
    const clientsOf = async (q: string) => {
      const page = await list(`q=${encodeURIComponent(q)}&pageSize=100`);
      return [...new Set(page.items.map((item) => item.client.id))].sort();
    };
    const of = (...keys: Array<keyof typeof people>) =>
      keys.map((key) => clientIds[key] as string).sort();
    expect(await clientsOf("kone")).toEqual(of("aicha"));
    expect(await clientsOf("KONÉ")).toEqual(of("aicha"));
    expect(await clientsOf("KON")).toEqual(of("aicha", "konan"));
    expect(await clientsOf("aïcha koné")).toEqual(of("aicha"));
    expect(await clientsOf("P.KONAN@")).toEqual(of("konan"));
    expect((await list("q=kone")).total).toBe(5);
  });

  it("takes %, _, quotes and backslashes literally", async () => {
    const clientsOf = async (q: string) => {
      const page = await list(`q=${encodeURIComponent(q)}&pageSize=100`);
      return [...new Set(page.items.map((item) => item.client.id))].sort();
    };
    expect(await clientsOf("%")).toEqual([clientIds.percent]);
    expect(await clientsOf("cent%sur")).toEqual([clientIds.percent]);
    expect(await clientsOf("a_n")).toEqual([clientIds.underscore]);
    expect(await clientsOf("_")).toEqual([clientIds.underscore]);
    expect(await clientsOf("o'brien")).toEqual([clientIds.obrien]);
    expect(await clientsOf('"')).toEqual([]);
    expect(await clientsOf("\\")).toEqual([clientIds.backslash]);
    expect(await clientsOf("k\\s")).toEqual([clientIds.backslash]);
    expect(await clientsOf("\\%")).toEqual([]);
  });

  it("refuses an unknown status or type and a search over 100 characters (400, French)", async () => {
    for (const [query, message] of [
      ["status=lost", "Statut inconnu"],
      ["type=boat", "Type de prêt inconnu"],
      [`q=${"a".repeat(101)}`, "La recherche ne doit pas dépasser 100 caractères"],
    ] as const) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/loans?${query}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
  });

  it("exposes the SQL it runs, for the benchmark's bare run", () => {
    const queries = adminLoanListQueries({
      db: t.app.deps.db,
      filter: { q: "50%" },
      page: 2,
      pageSize: 10,
    });
    const items = queries.items.toSQL();
    expect(items.sql).toContain("f_unaccent(lower(");
    expect(items.params).toContain("50\\%");
    expect(queries.total.toSQL().sql).toContain("count(");
  });

  it("runs, prepared, the very SQL the benchmark runs bare, for every combination of filters", () => {
    const filters = [
      {},
      { status: "pending" },
      { q: "kon", agence: "dakar" },
      { status: "approved", type: "business", agence: "lome", retard: true, q: "a" },
    ] as const;
    for (const filter of filters) {
      const bare = adminLoanListQueries({ db: t.app.deps.db, filter, page: 3, pageSize: 10 });
      const prepared = preparedListStatements(t.app.deps.db, filter);
      expect(prepared.items.getQuery().sql).toBe(bare.items.toSQL().sql);
      expect(prepared.total.getQuery().sql).toBe(bare.total.toSQL().sql);
    }
  });
});
