import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminMonthlyStatsJson, AdminStatsJson } from "../../../domain/api/admin-stats";
import { loanRequests } from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, registerClient } from "../../test/test-app";
import { insertLoan } from "../admin-loans/admin-loans.test-helpers";
import { medianDecisionHours } from "./admin-stats.service";

// The dashboard read per office, the overdue count and the median decision time (issue 8).
const hour = 3_600_000;

/** A request submitted `ageHours` ago and decided `decidedAfterHours` after (null: undecided). */
async function request(
  userId: string,
  office: "abidjan" | "dakar" | "lome",
  ageHours: number,
  decidedAfterHours: number | null,
  amount = 1_000_000,
) {
  const id = await insertLoan(t.app, userId, {
    office,
    amount,
    status: decidedAfterHours === null ? "pending" : "approved",
  });
  await t.database.db.execute(sql`
    update ${loanRequests}
    set created_at = now() - make_interval(secs => ${ageHours * 3600}),
        decided_at = case when ${decidedAfterHours}::float8 is null then null
          else now() - make_interval(secs => ${ageHours * 3600}) + make_interval(secs => ${(decidedAfterHours ?? 0) * 3600}) end
    where id = ${id}`);
  return id;
}

async function stats(query = "") {
  const response = await t.app.inject({
    url: `/api/admin/stats${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminStatsJson;
}

const {
  t,
  officers: [admin],
} = apiFixture({ officers: 1 });
const ids = { dakarOverdue: 0, dakarWaiting: 0 };

beforeAll(async () => {
  const awa = (await registerClient(t.app)).user.id;
  const kofi = (await registerClient(t.app)).user.id;
  await registerClient(t.app); // a client without any request
  // Dakar (Awa): decided in 10 h, 20 h and 60 h within 30 days; one decided 40 days ago in 1 h
  // (out of the window); one pending for three days (overdue), one for a day (not).
  await request(awa, "dakar", 5 * 24, 10);
  await request(awa, "dakar", 10 * 24, 20);
  await request(awa, "dakar", 20 * 24, 60);
  await request(awa, "dakar", 41 * 24, 1);
  ids.dakarOverdue = await request(awa, "dakar", 72, null);
  ids.dakarWaiting = await request(awa, "dakar", 24, null);
  // Lomé (Kofi): decided in 4 h and 6 h; Abidjan (Kofi): nothing decided, one overdue.
  await request(kofi, "lome", 3 * 24, 4, 2_000_000);
  await request(kofi, "lome", 2 * 24 + 12, 6, 2_000_000);
  await request(kofi, "abidjan", 50, null);
});

describe("the dashboard per office", () => {
  it("reads the whole firm without ?agence", async () => {
    const { cards } = await stats();
    expect(cards).toMatchObject({ totalLoans: 9, clients: 3, pendingLoans: 3, overdueLoans: 2 });
    // Over 10, 20, 60, 4 and 6 hours: the median is 10 h.
    expect(cards.medianDecisionHours).toBeCloseTo(10, 5);
  });

  it("reads one office: its requests, its clients, its overdue ones and its median", async () => {
    const dakar = await stats("?agence=dakar");
    expect(dakar.cards).toMatchObject({
      totalLoans: 6,
      clients: 1,
      pendingLoans: 2,
      approvedLoans: 4,
      overdueLoans: 1,
    });
    expect(dakar.cards.medianDecisionHours).toBeCloseTo(20, 5);
    expect(dakar.latestLoans.every((loan) => loan.office === "dakar")).toBe(true);
    const lome = await stats("?agence=lome");
    expect(lome.cards).toMatchObject({ totalLoans: 2, clients: 1, approvedAmount: 4_000_000 });
    // An even count: the mean of the two middle values (percentile_cont).
    expect(lome.cards.medianDecisionHours).toBeCloseTo(5, 5);
    const abidjan = await stats("?agence=abidjan");
    expect(abidjan.cards).toMatchObject({ totalLoans: 1, overdueLoans: 1 });
    expect(abidjan.cards.medianDecisionHours).toBeNull();
  });

  it("flags the overdue ones among the latest requests, as the officers' list does", async () => {
    const { latestLoans } = await stats("?agence=dakar");
    const flag = (id: number) => latestLoans.find((loan) => loan.id === id)?.overdue;
    expect(flag(ids.dakarOverdue)).toBe(true);
    expect(flag(ids.dakarWaiting)).toBe(false);
    // The same flag as the list's line of the same request.
    const list = await t.app.inject({
      url: "/api/admin/loans?agence=dakar",
      headers: { cookie: admin.cookie },
    });
    const listed = list.json().items as AdminStatsJson["latestLoans"];
    for (const loan of latestLoans) {
      expect(loan.overdue).toBe(listed.find((line) => line.id === loan.id)?.overdue);
    }
  });

  it("counts the monthly series of one office", async () => {
    const all = await t.app.inject({
      url: "/api/admin/stats/monthly",
      headers: { cookie: admin.cookie },
    });
    const lome = await t.app.inject({
      url: "/api/admin/stats/monthly?agence=lome",
      headers: { cookie: admin.cookie },
    });
    const total = (response: typeof all) =>
      (response.json() as AdminMonthlyStatsJson).months.reduce(
        (sum, month) => sum + Object.values(month.loansByStatus).reduce((a, b) => a + b, 0),
        0,
      );
    expect(total(all)).toBe(9);
    expect(total(lome)).toBe(2);
  });

  it("answers 400 in French to an unknown office, 401 and 403 as every admin route", async () => {
    for (const url of ["/api/admin/stats?agence=paris", "/api/admin/stats/monthly?agence=x"]) {
      const response = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.agence).toBe("Agence inconnue");
    }
    expect((await t.app.inject({ url: "/api/admin/stats?agence=dakar" })).statusCode).toBe(401);
    const client = await registerClient(t.app);
    const refused = await t.app.inject({
      url: "/api/admin/stats?agence=dakar",
      headers: { cookie: client.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("medianDecisionHours", () => {
  it("is null when nothing was decided in the window", async () => {
    const longAgo = new Date(Date.now() + 200 * 24 * hour);
    expect(await medianDecisionHours({ db: t.database.db, now: longAgo })).toBeNull();
  });
});
