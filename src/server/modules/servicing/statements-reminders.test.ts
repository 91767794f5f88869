import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type {
  AdminLoanAccountJson,
  PortfolioStatsJson,
  StatementImportJson,
} from "../../../domain/api/servicing";
import { installments, payments, remindersSent, smsOutbox } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import { sendRepaymentReminders } from "./repayment-reminders";
import { disbursedLoan } from "./servicing.test-helpers";

// Statements imported twice, reminders at the firm's hour, the portfolio's figures (issue 28),
// on PGlite and on PostgreSQL (TEST_DATABASE_URL).

const {
  t,
  officers: [officer],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1 });

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The file's client's request, approved, signed and disbursed `days` ago; returns its id. */
function disbursedDaysAgo(days: number) {
  return disbursedLoan(t.app, t.database, {
    client: client.cookie,
    clientId: client.user.id,
    officer: officer.cookie,
    disbursedOn: daysAgo(days),
  });
}

async function account(id: number) {
  const response = await t.app.inject({
    url: `/api/admin/loans/${id}/servicing`,
    headers: { cookie: officer.cookie },
  });
  return response.json().account as AdminLoanAccountJson;
}

describe("a statement imported twice", () => {
  it("proposes the rows matched, lists the others, and records nothing twice", async () => {
    const id = await disbursedDaysAgo(35);
    const next = (await account(id)).installments[0]?.amount ?? 0;
    const mapping = await t.app.inject({
      method: "PUT",
      url: "/api/admin/statement-mappings/wave",
      headers: { cookie: officer.cookie },
      payload: {
        dateColumn: "Date",
        amountColumn: "Montant",
        referenceColumn: "Référence",
        phoneColumn: "Téléphone",
      },
    });
    expect(mapping.statusCode).toBe(200);
    const number = String(id).padStart(5, "0");
    const csv = [
      "Date;Montant;Référence;Téléphone",
      `${daysAgo(2).split("-").reverse().join("/")};${next};WV-A1 pret #${number};+225 07 08 09 10 11`,
      `${daysAgo(1)};${next};WV-B2;07 08 09 10 11`,
      `${daysAgo(1)};5 000;WV-C3;+225 01 02 03 04 05`,
      "pas une date;abc;WV-D4;",
    ].join("\r\n");
    const first = await t.app.inject({
      method: "POST",
      url: "/api/admin/statement-imports",
      headers: { cookie: officer.cookie },
      payload: { channel: "wave", fileName: "wave-releve.csv", csv },
    });
    expect(first.statusCode).toBe(201);
    const statement = first.json().import as StatementImportJson;
    expect(statement.rows.map((row) => [row.status, row.matchedBy])).toEqual([
      ["proposed", "reference"],
      ["proposed", "phone_amount"],
      ["unmatched", null],
      ["unmatched", null],
    ]);
    expect(statement.rows[2]?.problem).toBe(
      "Aucun prêt ne correspond à cette référence ni à ce numéro et ce montant.",
    );
    expect(statement.rows[3]?.problem).toBe("Date ou montant illisible.");

    const confirm = () =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/statement-imports/${statement.id}/confirm`,
        headers: { cookie: officer.cookie },
        payload: { rows: [1, 2] },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    expect(
      (confirmed.json().import as StatementImportJson).rows.slice(0, 2).map((r) => r.status),
    ).toEqual(["recorded", "recorded"]);
    // The same file again: the same import, nothing read or recorded again.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/admin/statement-imports",
      headers: { cookie: officer.cookie },
      payload: { channel: "wave", fileName: "wave-releve (1).csv", csv },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().import).toMatchObject({ id: statement.id, duplicate: true });
    await confirm();
    const recorded = await t.database.db.select().from(payments).where(eq(payments.loanId, id));
    expect(recorded).toHaveLength(2);
    expect(recorded.every((payment) => payment.importId === statement.id)).toBe(true);
    // The same rows in another file (another hash): already recorded, by their references.
    const copy = await t.app.inject({
      method: "POST",
      url: "/api/admin/statement-imports",
      headers: { cookie: officer.cookie },
      payload: { channel: "wave", fileName: "copie.csv", csv: `${csv}\r\n` },
    });
    expect(
      (copy.json().import as StatementImportJson).rows.slice(0, 2).map((r) => r.status),
    ).toEqual(["already_recorded", "already_recorded"]);
  });
});

describe("reminders at the firm's hour", () => {
  it("3 days before and on the first day of delay, from 08:00 UTC, once per instalment and event", async () => {
    const id = await disbursedDaysAgo(10);
    // Instalment 1 due in 3 days, instalment 2 due yesterday (dates moved by hand).
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const rows = await t.database.db
      .select({ id: installments.id, number: installments.number })
      .from(installments)
      .where(eq(installments.loanId, id));
    const byNumber = new Map(rows.map((row) => [row.number, row.id]));
    await t.database.db
      .update(installments)
      .set({ dueDate: inDays(-1) })
      .where(eq(installments.id, byNumber.get(1) as number));
    await t.database.db
      .update(installments)
      .set({ dueDate: inDays(3) })
      .where(eq(installments.id, byNumber.get(2) as number));
    const at = (hour: number) => new Date(`${today}T${String(hour).padStart(2, "0")}:05:00Z`);
    const db = t.database.db;
    const baseUrl = t.config.baseUrl;
    expect(await sendRepaymentReminders({ db, baseUrl, hour: 8, now: at(7) })).toBe(0);
    const sent = await sendRepaymentReminders({ db, baseUrl, hour: 8, now: at(8) });
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(await sendRepaymentReminders({ db, baseUrl, hour: 8, now: at(9) })).toBe(0);
    const marks = await db
      .select({ event: remindersSent.event, installmentId: remindersSent.installmentId })
      .from(remindersSent);
    expect(marks).toEqual(
      expect.arrayContaining([
        { event: "first_late_day", installmentId: byNumber.get(1) },
        { event: "due_soon", installmentId: byNumber.get(2) },
      ]),
    );
    const texts = (
      await db
        .select({ body: smsOutbox.body, kind: smsOutbox.kind })
        .from(smsOutbox)
        .where(eq(smsOutbox.loanId, id))
    ).filter((row) => row.kind.startsWith("payment_"));
    expect(texts.map((row) => row.kind).sort()).toEqual(["payment_due_soon", "payment_late"]);
  });
});

describe("the portfolio", () => {
  it("outstanding principal, PAR30 and arrears for the firm and per office", async () => {
    await disbursedDaysAgo(70);
    const response = await t.app.inject({
      url: "/api/admin/stats/portfolio",
      headers: { cookie: officer.cookie },
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json() as PortfolioStatsJson;
    expect(stats.firm.outstandingPrincipal).toBeGreaterThan(0);
    expect(stats.firm.atRiskPrincipal).toBeGreaterThanOrEqual(1_000_000);
    expect(stats.firm.par30).toBeGreaterThan(0);
    expect(stats.firm.par30).toBeLessThanOrEqual(1);
    expect(stats.firm.arrearsCount).toBeGreaterThanOrEqual(1);
    expect(stats.firm.collectedThisMonth).toBeGreaterThan(0);
    const abidjan = stats.offices.find((office) => office.office === "abidjan");
    expect(abidjan?.figures.outstandingPrincipal).toBe(stats.firm.outstandingPrincipal);
  });
});
