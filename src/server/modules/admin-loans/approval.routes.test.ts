import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminLoanJson } from "../../../domain/api/admin-loans";
import {
  approvalMessages,
  defaultApprovalSecondOfficerAbove,
  maxReturnCommentLength,
} from "../../../domain/api/approval";
import { monthlyPayment } from "../../../domain/loan-simulator";
import {
  approvalProposals,
  infoRequests,
  loanActivities,
  loanRequests,
  mailOutbox,
} from "../../db/schema";
import { messages } from "../../http/app-error";
import { apiFixture } from "../../test/api-fixture";
import { errorOf } from "../../test/test-app";
import { insertLoan } from "./admin-loans.test-helpers";

// Four-eyes approval (issue 8): above APPROVAL_SECOND_OFFICER_ABOVE (10 000 000 FCFA by default
// here) an approval is a proposal that another administrator confirms or sends back.

const {
  t,
  officers: [proposer, second, third],
  clients: [client],
} = apiFixture({ officers: 3, clients: 1 });

function call(method: "GET" | "POST", url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const threshold = defaultApprovalSecondOfficerAbove;
const durationMonths = 24;

function approve(id: number, approvedAmount: number, cookie = proposer.cookie, from = "pending") {
  return call("POST", `/api/admin/loans/${id}/status`, cookie, {
    from,
    to: "approved",
    approvedAmount,
    interestRate: 12.5,
  });
}

const confirm = (id: number, proposalId: number, cookie: string) =>
  call("POST", `/api/admin/loans/${id}/approval/confirm`, cookie, { proposalId });

const sendBack = (id: number, body: object, cookie: string) =>
  call("POST", `/api/admin/loans/${id}/approval/return`, cookie, body);

async function bigLoan(amount = 15_000_000) {
  return insertLoan(t.app, client.user.id, { amount, durationMonths });
}

/** A request of 15 000 000 FCFA with a pending proposal by `proposer`; returns both ids. */
async function proposed(amount = 15_000_000) {
  const id = await bigLoan(amount);
  const response = await approve(id, amount);
  expect(response.statusCode, response.body).toBe(200);
  const loan = response.json().loan as AdminLoanJson;
  if (!loan.approvalProposal) throw new Error("no proposal recorded");
  return { id, proposalId: loan.approvalProposal.id };
}

async function activities(
  loanId: number,
  type: "status_change" | "approval_proposed" | "approval_returned",
) {
  return t.app.deps.db
    .select()
    .from(loanActivities)
    .where(and(eq(loanActivities.loanId, loanId), eq(loanActivities.type, type)));
}

async function mailCount(loanId: number) {
  const [row] = await t.app.deps.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, `loan_status:${loanId}:approved`));
  return Number(row?.n ?? 0);
}

async function loanRow(id: number) {
  const [row] = await t.app.deps.db.select().from(loanRequests).where(eq(loanRequests.id, id));
  if (!row) throw new Error("loan not found");
  return row;
}

describe("GET /api/admin/settings", () => {
  it("gives the threshold to administrators only", async () => {
    const anonymous = await call("GET", "/api/admin/settings");
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
    const asClient = await call("GET", "/api/admin/settings", client.cookie);
    expect(asClient.statusCode).toBe(403);
    expect(errorOf(asClient).message).toBe(messages.forbidden);
    const asAdmin = await call("GET", "/api/admin/settings", proposer.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({
      approvalSecondOfficerAbove: 10_000_000,
      loanDefaultRate: 12,
      loanFeesPercent: 1,
      contractValidityDays: 30,
    });
  });
});

describe("an approval and the threshold", () => {
  it("approves at once below and at the threshold", async () => {
    for (const amount of [threshold - 1, threshold]) {
      const id = await bigLoan(amount);
      const response = await approve(id, amount);
      expect(response.statusCode).toBe(200);
      const loan = response.json().loan as AdminLoanJson;
      expect(loan.status).toBe("approved");
      expect(loan.approvalProposal).toBeNull();
      expect(loan.awaitingConfirmation).toBe(false);
      expect(await mailCount(id)).toBe(1);
      expect(await activities(id, "approval_proposed")).toHaveLength(0);
    }
  });

  it("records a proposal above it: terms, proposer, an activity, no status change, no mail", async () => {
    const id = await bigLoan();
    const before = await loanRow(id);
    const response = await approve(id, threshold + 1);
    expect(response.statusCode).toBe(200);
    const loan = response.json().loan as AdminLoanJson;
    expect(loan.status).toBe("pending");
    expect(loan.approvedAmount).toBeNull();
    expect(loan.awaitingConfirmation).toBe(true);
    const payment = monthlyPayment(threshold + 1, durationMonths, 12.5);
    expect(loan.approvalProposal).toMatchObject({
      status: "pending",
      approvedAmount: threshold + 1,
      interestRate: 12.5,
      monthlyPayment: payment,
      proposedBy: { id: proposer.user.id, firstName: "Fatou", lastName: "Diop" },
      decidedBy: null,
      decidedAt: null,
      comment: null,
    });
    expect(Number.isNaN(Date.parse(loan.approvalProposal?.proposedAt ?? ""))).toBe(false);

    const row = await loanRow(id);
    expect(row.status).toBe("pending");
    expect(row.decidedAt).toBeNull();
    expect(row.approvedAmount).toBeNull();
    expect(row.createdAt).toEqual(before.createdAt);

    const [activity] = await activities(id, "approval_proposed");
    expect(activity).toMatchObject({
      newValue: String(threshold + 1),
      createdBy: proposer.user.id,
    });
    expect(activity?.comment).toContain("Taux annuel : 12,5");
    expect(activity?.comment).toContain("sur 24 mois");
    expect(await activities(id, "status_change")).toHaveLength(1);
    expect(await mailCount(id)).toBe(0);

    // The officers' list and the dashboard carry the badge's flag.
    const list = await call("GET", "/api/admin/loans?pageSize=50", proposer.cookie);
    const line = list.json().items.find((item: { id: number }) => item.id === id);
    expect(line.awaitingConfirmation).toBe(true);
    const other = list.json().items.find((item: { id: number }) => item.id !== id);
    expect(other?.awaitingConfirmation).toBe(false);
  });

  it("refuses a proposal on a request another officer has just changed", async () => {
    const id = await bigLoan();
    expect((await approve(id, 12_000_000, proposer.cookie, "in_review")).statusCode).toBe(409);
    expect(await activities(id, "approval_proposed")).toHaveLength(0);
  });

  it("refuses every other status change while a proposal waits, and a second proposal", async () => {
    const { id } = await proposed();
    const attempts = [
      { from: "pending", to: "rejected", rejectionReason: "Non" },
      { from: "pending", to: "in_review" },
      { from: "pending", to: "approved", approvedAmount: 12_000_000, interestRate: 10 },
      { from: "pending", to: "approved", approvedAmount: 2_000_000, interestRate: 10 },
    ];
    for (const body of attempts) {
      const response = await call("POST", `/api/admin/loans/${id}/status`, second.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: "proposal_pending",
        message: approvalMessages.proposalPending,
      });
    }
    expect((await loanRow(id)).status).toBe("pending");
    expect(await activities(id, "status_change")).toHaveLength(1);
    expect(await activities(id, "approval_proposed")).toHaveLength(1);
  });

  it("refuses a request for more information while a proposal waits, and rolls it back", async () => {
    const { id } = await proposed();
    const response = await call("POST", `/api/admin/loans/${id}/info-request`, second.cookie, {
      from: "pending",
      question: "Pouvez-vous préciser votre activité ?",
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: "proposal_pending",
      message: approvalMessages.proposalPending,
    });
    expect((await loanRow(id)).status).toBe("pending");
    const [open] = await t.app.deps.db
      .select({ n: count() })
      .from(infoRequests)
      .where(eq(infoRequests.loanId, id));
    expect(Number(open?.n)).toBe(0);
  });

  it("never shows the proposal to the client", async () => {
    const { id } = await proposed();
    const own = await call("GET", `/api/loans/${id}`, client.cookie);
    expect(own.statusCode).toBe(200);
    const loan = own.json().loan;
    expect(loan.status).toBe("pending");
    expect(loan.approvedAmount).toBeNull();
    expect(loan).not.toHaveProperty("approvalProposal");
    expect(loan).not.toHaveProperty("awaitingConfirmation");
    const types = loan.activities.map((activity: { type: string }) => activity.type);
    expect(types).not.toContain("approval_proposed");
    // Sent back: still nothing for the client.
    const proposal = (await call("GET", `/api/admin/loans/${id}`, second.cookie)).json().loan
      .approvalProposal;
    expect(
      (await sendBack(id, { proposalId: proposal.id, comment: "À revoir" }, second.cookie))
        .statusCode,
    ).toBe(200);
    const after = (await call("GET", `/api/loans/${id}`, client.cookie)).json().loan;
    expect(after.activities.map((activity: { type: string }) => activity.type)).toEqual([
      "status_change",
    ]);
  });
});

describe("POST /api/admin/loans/:id/approval/confirm", () => {
  it("refuses the proposer, whatever is sent, and changes nothing", async () => {
    const { id, proposalId } = await proposed();
    const response = await confirm(id, proposalId, proposer.cookie);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ message: approvalMessages.ownProposal });
    expect((await loanRow(id)).status).toBe("pending");
    const [proposal] = await t.app.deps.db
      .select()
      .from(approvalProposals)
      .where(eq(approvalProposals.id, proposalId));
    expect(proposal?.status).toBe("pending");
    expect(await mailCount(id)).toBe(0);
  });

  it("is refused by the database itself when the proposer is written as the confirmer", async () => {
    const { proposalId } = await proposed();
    await expect(
      t.app.deps.db
        .update(approvalProposals)
        .set({ status: "confirmed", decidedBy: proposer.user.id, decidedAt: new Date() })
        .where(eq(approvalProposals.id, proposalId)),
    ).rejects.toThrow();
  });

  it("approves with the proposal's terms when another administrator confirms", async () => {
    const { id, proposalId } = await proposed();
    const response = await confirm(id, proposalId, second.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const loan = response.json().loan as AdminLoanJson;
    expect(loan).toMatchObject({
      status: "approved",
      approvedAmount: 15_000_000,
      interestRate: 12.5,
      monthlyPayment: monthlyPayment(15_000_000, durationMonths, 12.5),
      approvalProposal: null,
      awaitingConfirmation: false,
    });
    expect((await loanRow(id)).decidedAt).not.toBeNull();
    const [proposal] = await t.app.deps.db
      .select()
      .from(approvalProposals)
      .where(eq(approvalProposals.id, proposalId));
    expect(proposal).toMatchObject({ status: "confirmed", decidedBy: second.user.id });
    const changes = await activities(id, "status_change");
    const approved = changes.find((activity) => activity.newValue === "approved");
    expect(approved).toMatchObject({ oldValue: "pending", createdBy: second.user.id });
    expect(approved?.comment).toBe(
      "Approbation proposée par Fatou Diop, confirmée par un second administrateur.",
    );

    // The client reads that the request is approved, not who proposed it.
    const own = (await call("GET", `/api/loans/${id}`, client.cookie)).json().loan;
    expect(own).toMatchObject({ status: "approved", approvedAmount: 15_000_000 });
    const clientApproval = own.activities.find(
      (activity: { newValue: string | null }) => activity.newValue === "approved",
    );
    expect(clientApproval).toMatchObject({ type: "status_change", comment: null });

    const mails = await t.outbox();
    expect(await mailCount(id)).toBe(1);
    const mail = mails.find(
      (file) => file.content.includes(client.email) && file.content.includes("approuv"),
    );
    expect(mail).toBeDefined();

    const again = await confirm(id, proposalId, third.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(approvalMessages.noPendingProposal);
  });

  it("lets one of two officers confirming at once win: one activity, one mail", async () => {
    const { id, proposalId } = await proposed();
    const responses = await Promise.all([
      confirm(id, proposalId, second.cookie),
      confirm(id, proposalId, third.cookie),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409);
    expect(loser && errorOf(loser).message).toBe(approvalMessages.noPendingProposal);
    const approved = (await activities(id, "status_change")).filter(
      (activity) => activity.newValue === "approved",
    );
    expect(approved).toHaveLength(1);
    expect(await mailCount(id)).toBe(1);
  });

  it("refuses a proposal that is no longer the pending one, and a request without any", async () => {
    const { id, proposalId } = await proposed();
    expect(
      (await sendBack(id, { proposalId, comment: "Taux à revoir" }, second.cookie)).statusCode,
    ).toBe(200);
    const newer = await approve(id, 14_000_000);
    expect(newer.statusCode).toBe(200);
    const stale = await confirm(id, proposalId, second.cookie);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(approvalMessages.staleProposal);

    const none = await confirm(await bigLoan(), proposalId, second.cookie);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).message).toBe(approvalMessages.noPendingProposal);
  });

  it("answers 400 for a malformed proposal and 404 for a missing request", async () => {
    const { id } = await proposed();
    for (const body of [{}, { proposalId: "abc" }, { proposalId: -1 }, { proposalId: 1.5 }]) {
      const response = await call(
        "POST",
        `/api/admin/loans/${id}/approval/confirm`,
        second.cookie,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).fields?.proposalId).toBe("Proposition inconnue");
    }
    const missing = await confirm(999_999, 1, second.cookie);
    expect(missing.statusCode).toBe(404);
  });
});

describe("POST /api/admin/loans/:id/approval/return", () => {
  it("requires a comment", async () => {
    const { id, proposalId } = await proposed();
    for (const comment of [undefined, "", "   "]) {
      const response = await sendBack(id, { proposalId, comment }, second.cookie);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.comment).toBe(
        "Veuillez expliquer pourquoi la proposition est renvoyée",
      );
    }
    const long = await sendBack(
      id,
      { proposalId, comment: "x".repeat(maxReturnCommentLength + 1) },
      second.cookie,
    );
    expect(long.statusCode).toBe(400);
    expect(await activities(id, "approval_returned")).toHaveLength(0);
  });

  it("sends it back with the comment; the request is free again", async () => {
    const { id, proposalId } = await proposed();
    const response = await sendBack(
      id,
      { proposalId, comment: "  Le taux doit tenir compte de la garantie.  " },
      second.cookie,
    );
    expect(response.statusCode).toBe(200);
    const loan = response.json().loan as AdminLoanJson;
    expect(loan).toMatchObject({ status: "pending", approvalProposal: null });
    const [proposal] = await t.app.deps.db
      .select()
      .from(approvalProposals)
      .where(eq(approvalProposals.id, proposalId));
    expect(proposal).toMatchObject({
      status: "returned",
      decidedBy: second.user.id,
      comment: "Le taux doit tenir compte de la garantie.",
    });
    const [activity] = await activities(id, "approval_returned");
    expect(activity).toMatchObject({
      comment: "Le taux doit tenir compte de la garantie.",
      createdBy: second.user.id,
    });
    expect(await mailCount(id)).toBe(0);
    // Free again: another decision goes through.
    const rejected = await call("POST", `/api/admin/loans/${id}/status`, second.cookie, {
      from: "pending",
      to: "rejected",
    });
    expect(rejected.statusCode).toBe(200);
  });

  it("lets the proposer withdraw their own proposal", async () => {
    const { id, proposalId } = await proposed();
    const response = await sendBack(
      id,
      { proposalId, comment: "Erreur de montant" },
      proposer.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().loan.approvalProposal).toBeNull();
  });
});

describe("authorization of the decision routes", () => {
  for (const route of ["confirm", "return"] as const) {
    it(`POST …/approval/${route}: 401 anonymous, 403 client, nothing decided`, async () => {
      const { id, proposalId } = await proposed();
      const body = { proposalId, comment: "Vu" };
      const url = `/api/admin/loans/${id}/approval/${route}`;
      const anonymous = await call("POST", url, undefined, body);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
      const asClient = await call("POST", url, client.cookie, body);
      expect(asClient.statusCode).toBe(403);
      expect(errorOf(asClient).message).toBe(messages.forbidden);
      const [proposal] = await t.app.deps.db
        .select()
        .from(approvalProposals)
        .where(eq(approvalProposals.id, proposalId));
      expect(proposal?.status).toBe("pending");
      const asAdmin = await call("POST", url, second.cookie, body);
      expect(asAdmin.statusCode).toBe(200);
    });
  }
});
