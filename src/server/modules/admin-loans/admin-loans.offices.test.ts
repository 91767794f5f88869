import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type AdminLoanSummaryJson, adminFilterMessages } from "../../../domain/api/admin-loans";
import type { Page } from "../../../domain/api/page";
import { officeOnlyForOfficersMessage } from "../../../domain/schemas/profile";
import { loanRequests } from "../../db/schema";
import { createLoan, setProfile } from "../../test/admin-test-data";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, registerClient } from "../../test/test-app";
import { csvHeaders } from "./admin-loans.csv";
import { insertLoan } from "./admin-loans.test-helpers";

// Offices and the 48 h promise on the officers' list, its CSV export, the profile and the
// administrators list (issue 8). A database of its own: the totals below are exact.
const ids = {} as Record<
  "dakarFresh" | "dakarLate" | "dakarDecided" | "lomeInfo" | "abidjanRejected" | "abidjanFresh",
  number
>;

/** Dates a request `minutes` before the database's now(), in SQL (no clock of the test's own). */
async function ageRequest(id: number, minutes: number) {
  await t.database.db.execute(
    sql`update ${loanRequests} set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`,
  );
}

function get(url: string, cookie = admin.cookie) {
  return t.app.inject({ url, headers: { cookie } });
}

async function list(query: string) {
  const response = await get(`/api/admin/loans${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<AdminLoanSummaryJson>;
}

const idsOf = (page: Page<AdminLoanSummaryJson>) => page.items.map((loan) => loan.id).sort();
const sorted = (...values: number[]) => [...values].sort();

const {
  t,
  officers: [admin],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1 });

beforeAll(async () => {
  const userId = client.user.id;
  // Dakar: one just inside the promise, one just past it, one decided long ago.
  ids.dakarFresh = await insertLoan(t.app, userId, { office: "dakar" });
  ids.dakarLate = await insertLoan(t.app, userId, { office: "dakar", status: "in_review" });
  ids.dakarDecided = await insertLoan(t.app, userId, {
    office: "dakar",
    status: "approved",
    decidedAt: new Date(),
  });
  // Lomé: waiting for a complement for three days (the client's clock does not stop).
  ids.lomeInfo = await insertLoan(t.app, userId, { office: "lome", status: "info_requested" });
  // Abidjan: rejected long ago, and a fresh pending one.
  ids.abidjanRejected = await insertLoan(t.app, userId, {
    status: "rejected",
    decidedAt: new Date(),
  });
  ids.abidjanFresh = await insertLoan(t.app, userId);
  await ageRequest(ids.dakarFresh, 47 * 60 + 59);
  await ageRequest(ids.dakarLate, 48 * 60 + 1);
  await ageRequest(ids.dakarDecided, 10 * 24 * 60);
  await ageRequest(ids.lomeInfo, 3 * 24 * 60);
  await ageRequest(ids.abidjanRejected, 5 * 24 * 60);
});

describe("the office filter", () => {
  it("lists the requests of one office, each carrying its office", async () => {
    const dakar = await list("?agence=dakar");
    expect(dakar.total).toBe(3);
    expect(idsOf(dakar)).toEqual(sorted(ids.dakarFresh, ids.dakarLate, ids.dakarDecided));
    expect(dakar.items.every((loan) => loan.office === "dakar")).toBe(true);
    expect((await list("?agence=lome")).total).toBe(1);
    expect((await list("?agence=abidjan")).total).toBe(2);
    expect((await list("?agence=")).total).toBe(6);
  });

  it("combines with the status filter", async () => {
    expect(idsOf(await list("?agence=dakar&status=in_review"))).toEqual([ids.dakarLate]);
  });
});

describe("the 48 h promise", () => {
  it("flags an undecided request past 48 h, not one at 47 h 59, nor a decided one", async () => {
    const all = await list("?pageSize=50");
    const flag = (id: number) => all.items.find((loan) => loan.id === id)?.overdue;
    expect(flag(ids.dakarFresh)).toBe(false);
    expect(flag(ids.dakarLate)).toBe(true);
    expect(flag(ids.lomeInfo)).toBe(true);
    expect(flag(ids.dakarDecided)).toBe(false);
    expect(flag(ids.abidjanRejected)).toBe(false);
    expect(flag(ids.abidjanFresh)).toBe(false);
  });

  it("?retard=1 lists exactly the overdue requests, in every office or one", async () => {
    expect(idsOf(await list("?retard=1"))).toEqual(sorted(ids.dakarLate, ids.lomeInfo));
    expect(idsOf(await list("?retard=1&agence=dakar"))).toEqual([ids.dakarLate]);
    expect((await list("?retard=1&agence=abidjan")).total).toBe(0);
    expect((await list("?retard=1&status=pending")).total).toBe(0);
  });

  it("the detail carries the flag too", async () => {
    const response = await get(`/api/admin/loans/${ids.dakarLate}`);
    expect(response.json().loan).toMatchObject({ office: "dakar", overdue: true });
  });
});

describe("invalid filters", () => {
  it.each([
    ["?agence=paris", "agence", adminFilterMessages.office],
    ["?agence=DAKAR", "agence", adminFilterMessages.office],
    ["?retard=oui", "retard", adminFilterMessages.overdue],
    ["?retard=0", "retard", adminFilterMessages.overdue],
    ["?retard=1&retard=1", "retard", adminFilterMessages.overdue],
  ])("%s answers 400 in French", async (query, field, message) => {
    for (const path of ["/api/admin/loans", "/api/admin/loans/export.csv"]) {
      const response = await get(`${path}${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.[field]).toBe(message);
    }
  });

  it("stays the officers' alone", async () => {
    expect((await t.app.inject({ url: "/api/admin/loans?agence=dakar" })).statusCode).toBe(401);
    expect((await get("/api/admin/loans?retard=1", client.cookie)).statusCode).toBe(403);
  });
});

describe("the CSV export", () => {
  function rows(body: string) {
    return body
      .slice(1)
      .trim()
      .split("\r\n")
      .map((line) => line.split(";"));
  }

  it("honours the office and overdue filters and names the office", async () => {
    const response = await get("/api/admin/loans/export.csv?agence=dakar&retard=1");
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = rows(response.body);
    expect(header).toEqual([...csvHeaders]);
    expect(lines.map((line) => line[0])).toEqual([`#${String(ids.dakarLate).padStart(5, "0")}`]);
    // The office's column (issue 28 added columns after it).
    const office = csvHeaders.indexOf("Agence");
    expect(lines[0]?.[office]).toBe("Dakar");
    const lome = rows((await get("/api/admin/loans/export.csv?agence=lome")).body);
    expect(lome.slice(1).map((line) => line[office])).toEqual(["Lomé"]);
    const overdue = rows((await get("/api/admin/loans/export.csv?retard=1")).body);
    expect(overdue).toHaveLength(3);
  });
});

describe("the officer's office", () => {
  const profile = { firstName: "Fatou", lastName: "Diop", phone: "" };

  it("is set by the officer in his profile, and carried by the administrators list", async () => {
    const saved = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: admin.cookie },
      payload: { ...profile, office: "dakar" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.office).toBe("dakar");
    const administrators = (await get("/api/admin/administrators")).json().administrators as {
      id: string;
      office: string | null;
    }[];
    expect(administrators.find((one) => one.id === admin.user.id)?.office).toBe("dakar");
    // A profile saved without the field keeps it; a blank one clears it.
    const kept = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: admin.cookie },
      payload: profile,
    });
    expect(kept.json().user.office).toBe("dakar");
    const cleared = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: admin.cookie },
      payload: { ...profile, office: "" },
    });
    expect(cleared.json().user.office).toBeNull();
  });

  it("refuses an unknown office", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: admin.cookie },
      payload: { ...profile, office: "bamako" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.office).toBe("Agence inconnue");
  });

  it("is refused from a client, whose profile stays as it was", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: client.cookie },
      payload: { ...profile, office: "lome" },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(officeOnlyForOfficersMessage);
    const me = await get("/api/me", client.cookie);
    expect(me.json().user.office).toBeNull();
  });
});

describe("a client's request", () => {
  it("keeps the office chosen in step 1, else takes the one of the client's country", async () => {
    const senegalese = await registerClient(t.app);
    await setProfile(t, senegalese.user.id, { country: "Sénégal" });
    const chosen = await createLoan(t, senegalese, { office: "lome" });
    const defaulted = await createLoan(t, senegalese);
    const mine = await get("/api/loans", senegalese.cookie);
    const offices = Object.fromEntries(
      (mine.json().items as { id: number; office: string }[]).map((loan) => [loan.id, loan.office]),
    );
    expect(offices).toEqual({ [chosen]: "lome", [defaulted]: "dakar" });
    const detail = await get(`/api/loans/${chosen}`, senegalese.cookie);
    expect(detail.json().loan.office).toBe("lome");
  });

  it("refuses an unknown office with step 1's message", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/loans",
      headers: { cookie: client.cookie },
      payload: {
        loanType: "business",
        amount: 1_000_000,
        durationMonths: 12,
        purpose: "Stock",
        office: "bamako",
        documents: {},
        submissionKey: crypto.randomUUID(),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.office).toBe("Veuillez choisir une agence");
  });
});
