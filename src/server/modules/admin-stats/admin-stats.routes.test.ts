import { beforeAll, describe, expect, it } from "vitest";
import type { AdminMonthlyStatsJson, AdminStatsJson } from "../../../domain/api/admin-stats";
import { monthKeys } from "../../../domain/api/admin-stats";
import { messages } from "../../http/app-error";
import { changeStatus, createLoan, setCreatedAt } from "../../test/admin-test-data";
import { apiFixture } from "../../test/api-fixture";
import { errorOf, registerClient, type TestClient } from "../../test/test-app";
import { getMonthlyStats } from "./admin-stats.service";

const {
  t,
  officers: [admin],
} = apiFixture({ officers: 1 });

function get(url: string, who: { cookie: string } | null = admin) {
  return t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
}

async function stats() {
  const response = await get("/api/admin/stats");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminStatsJson;
}

async function monthly() {
  const response = await get("/api/admin/stats/monthly");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminMonthlyStatsJson;
}

const zeroStatuses = {
  pending: 0,
  in_review: 0,
  info_requested: 0,
  approved: 0,
  rejected: 0,
  completed: 0,
};

/** The 15th, at noon, `back` months before the current one (UTC, as Abidjan). */
function monthsAgo(back: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
}

describe("an empty platform", () => {
  it("shows zeros, no latest lines and twelve empty months", async () => {
    expect(await stats()).toEqual({
      cards: {
        totalLoans: 0,
        clients: 0,
        pendingLoans: 0,
        approvedLoans: 0,
        approvedAmount: 0,
        overdueLoans: 0,
        medianDecisionHours: null,
      },
      latestLoans: [],
      latestClients: [],
    });
    const { months } = await monthly();
    expect(months).toHaveLength(12);
    for (const month of months) {
      expect(month.loansByStatus).toEqual(zeroStatuses);
      expect(month.approvedAmount).toBe(0);
    }
  });
});

describe("who may read the statistics", () => {
  it.each(["/api/admin/stats", "/api/admin/stats/monthly"])(
    "%s: 401 anonymous, 403 client, 200 admin",
    async (url) => {
      const client = await registerClient(t.app);
      const anonymous = await get(url, null);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
      const asClient = await get(url, client);
      expect(asClient.statusCode).toBe(403);
      expect(errorOf(asClient).message).toBe(messages.forbidden);
      expect((await get(url, admin)).statusCode).toBe(200);
    },
  );
});

describe("the dashboard's figures on a known set", () => {
  let xavier: TestClient;
  let yasmine: TestClient;
  let zeinab: TestClient;
  const ids: Record<string, number> = {};
  let clientsBefore = 0;

  beforeAll(async () => {
    // The authorization tests registered clients of their own: counted from here.
    clientsBefore = (await stats()).cards.clients;
    xavier = await registerClient(t.app);
    yasmine = await registerClient(t.app);
    zeinab = await registerClient(t.app);
    const by = admin.user.id;

    // Made three months ago, approved (800 000 of 1 000 000) two months ago, since repaid.
    ids.l1 = await createLoan(t, xavier, { amount: 1_000_000 });
    await setCreatedAt(t, ids.l1, monthsAgo(3));
    await changeStatus(t, {
      loanId: ids.l1,
      from: "pending",
      to: "approved",
      by,
      at: monthsAgo(2),
      approvedAmount: 800_000,
    });
    await changeStatus(t, { loanId: ids.l1, from: "approved", to: "completed", by });
    // Thirteen months ago: outside the twelve months, in review.
    ids.l5 = await createLoan(t, zeinab, { amount: 700_000 });
    await setCreatedAt(t, ids.l5, monthsAgo(13));
    await changeStatus(t, { loanId: ids.l5, from: "pending", to: "in_review", by });
    // Last month, rejected.
    ids.l4 = await createLoan(t, yasmine, { amount: 500_000 });
    await setCreatedAt(t, ids.l4, monthsAgo(1));
    await changeStatus(t, { loanId: ids.l4, from: "pending", to: "rejected", by });
    // This month: one pending, one approved at the requested amount, one approved at less.
    ids.l2 = await createLoan(t, xavier, { amount: 2_000_000 });
    ids.l3 = await createLoan(t, yasmine, { amount: 3_000_000 });
    await changeStatus(t, { loanId: ids.l3, from: "pending", to: "approved", by });
    ids.l6 = await createLoan(t, zeinab, { amount: 400_000 });
    await changeStatus(t, {
      loanId: ids.l6,
      from: "pending",
      to: "approved",
      by,
      approvedAmount: 350_000,
    });
  });

  it("counts requests, clients, pending and granted requests with the amount granted", async () => {
    const { cards } = await stats();
    expect(cards).toEqual({
      totalLoans: 6,
      clients: clientsBefore + 3,
      pendingLoans: 1,
      // l3 and l6 approved, l1 approved then completed.
      approvedLoans: 3,
      // 800 000 (l1, approved amount) + 3 000 000 (l3, none set: requested) + 350 000 (l6).
      approvedAmount: 4_150_000,
      // l5, in review for thirteen months.
      overdueLoans: 1,
      medianDecisionHours: expect.any(Number),
    });
  });

  it("lists the five latest requests with their clients, and the five latest clients", async () => {
    const { latestLoans, latestClients } = await stats();
    expect(latestLoans.map((loan) => loan.id)).toEqual([ids.l6, ids.l3, ids.l2, ids.l4, ids.l1]);
    expect(latestLoans[0]).toMatchObject({
      amount: 400_000,
      status: "approved",
      client: { id: zeinab.user.id, email: zeinab.email },
      assignee: null,
    });
    expect(latestClients.map((client) => client.id).slice(0, 3)).toEqual([
      zeinab.user.id,
      yasmine.user.id,
      xavier.user.id,
    ]);
    expect(latestClients).toHaveLength(5);
    expect(latestClients[0]?.loanCount).toBe(2);
    expect(latestClients.some((client) => client.email === admin.email)).toBe(false);
  });

  it("gives twelve months by status and the amount approved in each month", async () => {
    const { months } = await monthly();
    expect(months.map((month) => month.month)).toEqual(monthKeys(new Date()));
    const at = (back: number) => months[11 - back];
    expect(at(0)).toMatchObject({
      loansByStatus: { ...zeroStatuses, pending: 1, approved: 2 },
      approvedAmount: 3_350_000,
    });
    expect(at(1)).toMatchObject({
      loansByStatus: { ...zeroStatuses, rejected: 1 },
      approvedAmount: 0,
    });
    // Approved two months ago: counted in the month of the approval, not of the request.
    expect(at(2)).toMatchObject({ loansByStatus: zeroStatuses, approvedAmount: 800_000 });
    expect(at(3)).toMatchObject({
      loansByStatus: { ...zeroStatuses, completed: 1 },
      approvedAmount: 0,
    });
    for (const back of [4, 5, 6, 7, 8, 9, 10, 11]) {
      expect(at(back), `${back} months back`).toMatchObject({
        loansByStatus: zeroStatuses,
        approvedAmount: 0,
      });
    }
    // The request thirteen months old is in no month of the series.
    const created = months.reduce(
      (sum, month) => sum + Object.values(month.loansByStatus).reduce((a, b) => a + b, 0),
      0,
    );
    expect(created).toBe(5);
  });

  it("ends the series with the month of `now`, across a year's turn", async () => {
    const { months } = await getMonthlyStats({
      db: t.database.db,
      now: new Date(Date.UTC(2026, 0, 31, 23, 59)),
    });
    expect(months[0]?.month).toBe("2025-02");
    expect(months[11]?.month).toBe("2026-01");
  });
});
