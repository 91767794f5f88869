import { desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminLoanSummaryJson } from "../../../domain/api/admin-loans";
import type { AdminLoanFilter } from "../../../domain/api/admin-loans.schema";
import type { Page } from "../../../domain/api/page";
import { overdueBefore } from "../../../domain/decision-promise";
import { approvalProposals, loanRequests } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, registerClient } from "../../test/test-app";
import {
  adminLoanSummaryColumns,
  assigneeUser,
  clientUser,
  toAdminLoanSummaryJson,
} from "./admin-loan-json";
import {
  adminLoanConditions,
  adminLoanListQuery,
  listAdminLoans,
  preparedListStatement,
} from "./admin-loans.list";
import { insertLoan, renameUser } from "./admin-loans.test-helpers";

// A database of its own: the totals below are exact.
let cookie: string;
let adminId: string;
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

const {
  t,
  officers: [admin],
} = apiFixture({ officers: 1 });

beforeAll(async () => {
  cookie = admin.cookie;
  adminId = admin.user.id;
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

  it("refuses an unknown status or type, a search over 100 characters and a repeated search (400, French)", async () => {
    for (const [query, message] of [
      ["status=lost", "Statut inconnu"],
      ["type=boat", "Type de prêt inconnu"],
      [`q=${"a".repeat(101)}`, "La recherche ne doit pas dépasser 100 caractères"],
      // Found by the fuzz test: zod's own English words came back for a repeated key.
      ["q=awa&q=kone", "Recherche invalide : un seul texte est attendu"],
    ] as const) {
      for (const path of ["/api/admin/loans", "/api/admin/loans/export.csv"]) {
        const response = await t.app.inject({
          method: "GET",
          url: `${path}?${query}`,
          headers: { cookie },
        });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(message);
      }
    }
  });

  it("exposes the SQL it runs, for the benchmark's bare run", () => {
    const query = adminLoanListQuery({
      db: t.app.deps.db,
      filter: { q: "50%" },
      page: 2,
      pageSize: 10,
    }).toSQL();
    expect(query.sql).toContain("f_unaccent(lower(");
    expect(query.sql).toContain("count(");
    expect(query.params).toContain("50\\%");
  });

  it("runs, prepared, the very SQL the benchmark runs bare, for every combination of filters", () => {
    const filters = [
      {},
      { status: "pending" },
      { q: "kon", agence: "dakar" },
      { status: "approved", type: "business", agence: "lome", retard: true, q: "a" },
    ] as const;
    for (const filter of filters) {
      const bare = adminLoanListQuery({ db: t.app.deps.db, filter, page: 3, pageSize: 10 });
      expect(preparedListStatement(t.app.deps.db, filter).sql).toBe(bare.toSQL().sql);
    }
  });

  it("answers the lines toAdminLoanSummaryJson builds from the rows, for every filter", async () => {
    const now = new Date();
    // Assigned, awaiting a second officer, overdue or not, at the limit of the 48 h promise.
    await t.app.deps.db
      .update(loanRequests)
      .set({ assignedTo: adminId })
      .where(eq(loanRequests.id, ids.aichaBusiness as number));
    const limit = await insertLoan(t.app, clientIds.konan as string, {
      createdAt: overdueBefore(now),
    });
    const justAfter = await insertLoan(t.app, clientIds.konan as string, {
      createdAt: new Date(overdueBefore(now).getTime() + 1),
      status: "in_review",
    });
    const recent = await insertLoan(t.app, clientIds.obrien as string, { assignedTo: adminId });
    await t.app.deps.db.insert(approvalProposals).values({
      loanId: recent,
      approvedAmount: 900_000,
      interestRate: "9.50",
      monthlyPayment: 80_000,
      proposedBy: adminId,
    });
    // Microseconds, which the answer's createdAt truncates to milliseconds as toISOString does.
    const micro = await insertLoan(t.app, clientIds.aicha as string);
    await t.app.deps.db
      .update(loanRequests)
      .set({ createdAt: sql`'2026-03-25 10:00:00.123999+00'::timestamptz` })
      .where(eq(loanRequests.id, micro));
    try {
      const filters: AdminLoanFilter[] = [
        {},
        { status: "pending" },
        { type: "business" },
        { agence: "abidjan" },
        { retard: true },
        { q: "kon" },
        { status: "in_review", q: "a" },
      ];
      // Twice over: after five executions of a statement the database may switch to its kept plan.
      for (const filter of [...filters, ...filters]) {
        for (const pageSize of [3, 100]) {
          for (const page of [1, 2, 40]) {
            const answer = await listAdminLoans({ db: t.app.deps.db, filter, page, pageSize, now });
            const expected = await expectedPage(filter, page, pageSize, now);
            // The same bytes once serialised: keys, their order, values and types.
            expect(JSON.stringify(answer), JSON.stringify({ filter, page, pageSize })).toBe(
              JSON.stringify(expected),
            );
          }
        }
      }
      const all = await listAdminLoans({
        db: t.app.deps.db,
        filter: {},
        page: 1,
        pageSize: 100,
        now,
      });
      const line = (id: number) => all.items.find((item) => item.id === id);
      expect(line(limit)?.overdue).toBe(false);
      expect(line(justAfter)?.overdue).toBe(false);
      expect(line(ids.aichaPending as number)?.overdue).toBe(true);
      expect(line(recent)).toMatchObject({ awaitingConfirmation: true, assignee: { id: adminId } });
      expect(line(ids.aichaBusiness as number)?.assignee?.id).toBe(adminId);
      expect(line(micro)?.createdAt).toBe("2026-03-25T10:00:00.123Z");
    } finally {
      await t.app.deps.db.delete(approvalProposals).where(eq(approvalProposals.loanId, recent));
      await t.app.deps.db
        .delete(loanRequests)
        .where(inArray(loanRequests.id, [limit, justAfter, recent, micro]));
      await t.app.deps.db
        .update(loanRequests)
        .set({ assignedTo: null })
        .where(eq(loanRequests.id, ids.aichaBusiness as number));
    }
  });
});

/** The page as the rows of the export's query (same WHERE and order) and toAdminLoanSummaryJson give it. */
async function expectedPage(
  filter: AdminLoanFilter,
  page: number,
  pageSize: number,
  now: Date,
): Promise<Page<AdminLoanSummaryJson>> {
  const rows = await t.app.deps.db
    .select(adminLoanSummaryColumns)
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
    .where(adminLoanConditions(filter, now))
    .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id));
  const items = rows
    .slice((page - 1) * pageSize, page * pageSize)
    .map((row) => toAdminLoanSummaryJson(row, now));
  return { items, total: rows.length, page, pageSize };
}
