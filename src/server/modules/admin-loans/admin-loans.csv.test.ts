import { beforeAll, describe, expect, it } from "vitest";
import { loanRequests } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import { registerClient, type TestClient } from "../../test/test-app";
import { csvHeaders, exportBatchSize } from "./admin-loans.csv";
import { insertLoan, renameUser } from "./admin-loans.test-helpers";

let bulk: TestClient;

const {
  t,
  officers: [officer],
  clients: [tricky],
} = apiFixture({ officers: 1, clients: 1 });

beforeAll(async () => {
  await renameUser(t.app, tricky.user.id, {
    firstName: '=HYPERLINK("http://x")',
    lastName: 'Koné; "Junior"',
    email: "tricky@exemple.ci",
  });
  bulk = await registerClient(t.app);
  await renameUser(t.app, bulk.user.id, {
    firstName: "Moussa",
    lastName: "Traoré",
    email: "moussa.traore@exemple.ci",
  });
});

function exportCsv(query = "") {
  return t.app.inject({
    method: "GET",
    url: `/api/admin/loans/export.csv${query}`,
    headers: { cookie: officer.cookie },
  });
}

/** A minimal reader of the export's CSV (`;`, quoted cells with doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ";") {
      row.push(cell);
      cell = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index += 1;
    } else cell += character;
  }
  if (cell !== "" || row.length > 0) throw new Error("the CSV does not end with CRLF");
  return rows;
}

describe("GET /api/admin/loans/export.csv", () => {
  it("sends UTF-8 with a BOM, French headers, whole amounts, escaped and neutralised cells", async () => {
    const id = await insertLoan(t.app, tricky.user.id, {
      amount: 2_500_000,
      durationMonths: 24,
      purpose: 'Stock, boutique; "Marché"\nligne 2',
      monthlyIncome: 650_000,
      status: "in_review",
      createdAt: new Date("2026-11-20T23:30:00Z"),
    });
    const approve = await t.app.inject({
      method: "POST",
      url: `/api/admin/loans/${id}/status`,
      headers: { cookie: officer.cookie },
      payload: { from: "in_review", to: "approved", approvedAmount: 2_000_000, interestRate: 12.5 },
    });
    expect(approve.statusCode).toBe(200);
    const monthly = approve.json().loan.monthlyPayment as number;
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/loans/${id}/assignee`,
      headers: { cookie: officer.cookie },
      payload: { assigneeId: officer.user.id },
    });
    await insertLoan(t.app, tricky.user.id, { purpose: "-10 % de remise", monthlyIncome: null });
    await insertLoan(t.app, tricky.user.id, { purpose: "+ @ fin" });

    const response = await exportCsv("?q=tricky");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="demandes-de-pret-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.rawPayload.toString("utf8");
    expect(body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual([...csvHeaders]);
    expect(rows).toHaveLength(4);
    const approved = rows.find((row) => row[0] === `#${String(id).padStart(5, "0")}`);
    expect(approved).toEqual([
      `#${String(id).padStart(5, "0")}`,
      "20/11/2026",
      '\'=HYPERLINK("http://x") Koné; "Junior"',
      "tricky@exemple.ci",
      "Prêt personnel",
      "2500000",
      "24",
      'Stock, boutique; "Marché"\nligne 2',
      "Approuvé",
      "Fatou Diop",
      "650000",
      "2000000",
      "12,5",
      String(monthly),
      "Abidjan",
      // Issue 28: the default fees (1 %), the contract to sign, nothing disbursed yet.
      "20000",
      "Contrat à signer",
      "",
      "",
      "",
    ]);
    // The raw text: quotes doubled inside quoted cells.
    expect(body).toContain('"\'=HYPERLINK(""http://x"") Koné; ""Junior"""');
    const purposes = rows.slice(1).map((row) => row[7]);
    expect(purposes).toContain("'-10 % de remise");
    expect(purposes).toContain("'+ @ fin");
    const withoutIncome = rows.find((row) => row[7] === "'-10 % de remise");
    expect(withoutIncome?.slice(10, 14)).toEqual(["", "", "", ""]);
  });

  it("applies the list's filters", async () => {
    const rows = parseCsv((await exportCsv("?status=approved&q=TRICKY")).body.slice(1));
    expect(rows.slice(1).map((row) => row[8])).toEqual(["Approuvé"]);
    const none = parseCsv((await exportCsv("?type=mortgage")).body.slice(1));
    expect(none).toEqual([[...csvHeaders]]);
    expect((await exportCsv("?status=lost")).statusCode).toBe(400);
  });

  it("exports more than one batch completely and in the list's order", async () => {
    const count = exportBatchSize * 2 + 500;
    // Many share a created_at (to the microsecond), so the keyset must also order by id.
    const values = Array.from({ length: count }, (_, index) => ({
      userId: bulk.user.id,
      loanType: "auto" as const,
      amount: 100_000 + index,
      durationMonths: 12,
      purpose: `Lot ${index}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, Math.floor(index / 7))),
    }));
    for (let start = 0; start < count; start += 500) {
      await t.app.deps.db.insert(loanRequests).values(values.slice(start, start + 500));
    }
    const response = await exportCsv("?q=moussa");
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body.slice(1)).slice(1);
    expect(rows).toHaveLength(count);
    // Newest first, id breaking ties: inserted in order, so the amounts run backwards.
    const amounts = rows.map((row) => Number(row[5]));
    const expected = values
      .map((value, index) => ({ index, time: value.createdAt.getTime() }))
      .sort((a, b) => b.time - a.time || b.index - a.index)
      .map(({ index }) => 100_000 + index);
    expect(amounts).toEqual(expected);
    expect(new Set(rows.map((row) => row[0])).size).toBe(count);
  });

  it("survives a database failure in the middle of the download", async () => {
    const db = t.app.deps.db;
    const select = db.select.bind(db);
    let calls = 0;
    // The second batch's query fails, after the first batch has gone out.
    db.select = ((...args: Parameters<typeof select>) => {
      const columns = args[0] as Record<string, unknown> | undefined;
      if (columns && "cursor" in columns) {
        calls += 1;
        if (calls === 2) throw new Error("connexion perdue");
      }
      return select(...args);
    }) as typeof db.select;
    try {
      const response = await exportCsv("?q=moussa").catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      expect(calls).toBe(2);
      if (!(response instanceof Error)) {
        expect(response.statusCode).toBe(200);
        // Cut short: never the whole export presented as complete.
        expect(parseCsv(response.body.slice(1)).length).toBeLessThan(exportBatchSize * 2);
      }
    } finally {
      db.select = select;
    }
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect((await exportCsv("?q=moussa")).statusCode).toBe(200);
  });
});
