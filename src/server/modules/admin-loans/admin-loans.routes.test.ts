import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import { dossierMessages } from "../../../domain/api/dossier";
import { loanMessages } from "../../../domain/api/loans";
import { invalidPageMessage } from "../../../domain/api/page";
import { monthlyPayment, simulatorMessages } from "../../../domain/loan-simulator";
import {
  canOfficerTransition,
  canTransition,
  type LoanStatus,
  loanStatuses,
} from "../../../domain/loan-status";
import { loanActivities, loanRequests, mailOutbox } from "../../db/schema";
import { messages } from "../../http/app-error";
import { apiFixture } from "../../test/api-fixture";
import { errorOf } from "../../test/test-app";
import { insertLoan } from "./admin-loans.test-helpers";

const {
  t,
  officers: [officer, second],
  clients: [client],
} = apiFixture({ officers: 2, clients: 1 });

type Method = "GET" | "POST" | "PUT";

function call(method: Method, url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

function changeStatus(id: number, body: object, cookie = officer.cookie) {
  return call("POST", `/api/admin/loans/${id}/status`, cookie, body);
}

async function statusActivities(loanId: number) {
  const [row] = await t.app.deps.db
    .select({ n: count() })
    .from(loanActivities)
    .where(and(eq(loanActivities.loanId, loanId), eq(loanActivities.type, "status_change")));
  return Number(row?.n ?? 0);
}

describe("authorization", () => {
  const routes: Array<{ method: Method; path: (id: number) => string; body?: object }> = [
    { method: "GET", path: () => "/api/admin/loans" },
    { method: "GET", path: () => "/api/admin/loans/export.csv" },
    { method: "GET", path: (id) => `/api/admin/loans/${id}` },
    {
      method: "POST",
      path: (id) => `/api/admin/loans/${id}/status`,
      body: { from: "pending", to: "in_review" },
    },
    { method: "PUT", path: (id) => `/api/admin/loans/${id}/assignee`, body: { assigneeId: null } },
    { method: "POST", path: (id) => `/api/admin/loans/${id}/notes`, body: { note: "Vu" } },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.path(1)}: 401 anonymous, 403 client, 2xx admin`, async () => {
      const id = await insertLoan(t.app, client.user.id);
      const anonymous = await call(route.method, route.path(id), undefined, route.body);
      expect(anonymous.statusCode).toBe(401);
      expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
      const asClient = await call(route.method, route.path(id), client.cookie, route.body);
      expect(asClient.statusCode).toBe(403);
      expect(errorOf(asClient).message).toBe(messages.forbidden);
      const asAdmin = await call(route.method, route.path(id), officer.cookie, route.body);
      expect([200, 201]).toContain(asAdmin.statusCode);
      // Nothing was done on the client's or the anonymous call.
      if (route.method === "POST" && route.path(id).endsWith("/status")) {
        expect(await statusActivities(id)).toBe(2);
      }
    });
  }
});

describe("GET /api/admin/loans/:id", () => {
  it("answers 404 for a missing or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999", "2147483648"]) {
      const response = await call("GET", `/api/admin/loans/${id}`, officer.cookie);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).message).toBe(adminLoanMessages.notFound);
    }
  });

  it("returns the request with its client, notes of both sides newest first and the whole history", async () => {
    const id = await insertLoan(t.app, client.user.id, { amount: 2_500_000, purpose: "Boutique" });
    const clientNote = await call("POST", `/api/loans/${id}/notes`, client.cookie, {
      note: "Je peux fournir un autre relevé.",
    });
    expect(clientNote.statusCode).toBe(201);
    const officerNote = await call("POST", `/api/admin/loans/${id}/notes`, officer.cookie, {
      note: "Relevés à vérifier",
    });
    expect(officerNote.statusCode).toBe(201);
    expect(
      (
        await call("PUT", `/api/admin/loans/${id}/assignee`, officer.cookie, {
          assigneeId: second.user.id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await changeStatus(id, { from: "pending", to: "in_review" })).statusCode).toBe(200);

    const response = await call("GET", `/api/admin/loans/${id}`, officer.cookie);
    expect(response.statusCode).toBe(200);
    const loan = response.json().loan;
    expect(loan).toMatchObject({
      id,
      amount: 2_500_000,
      purpose: "Boutique",
      status: "in_review",
      client: { id: client.user.id, email: client.email, phone: null },
      assignee: { id: second.user.id, firstName: "Fatou", lastName: "Diop", email: second.email },
    });
    expect(loan.notes.map((note: { note: string }) => note.note)).toEqual([
      "Relevés à vérifier",
      "Je peux fournir un autre relevé.",
    ]);
    expect(loan.notes[0].author).toMatchObject({ id: officer.user.id, role: "admin" });
    expect(loan.notes[1].author).toMatchObject({ id: client.user.id, role: "client" });
    expect(
      loan.activities.map((activity: { type: string; newValue: string | null }) => [
        activity.type,
        activity.newValue,
      ]),
    ).toEqual([
      ["status_change", "in_review"],
      ["assignment", "Fatou Diop"],
      ["comment", null],
      ["comment", null],
      ["status_change", "pending"],
    ]);
    expect(loan.activities[0].author).toMatchObject({ role: "admin", firstName: "Fatou" });
    expect(loan.activities[1].oldValue).toBeNull();

    // The client's own view still leaves out the assignment and the officers' notes.
    const own = (await call("GET", `/api/loans/${id}`, client.cookie)).json().loan;
    expect(own.activities.map((activity: { type: string }) => activity.type)).toEqual([
      "status_change",
      "comment",
      "status_change",
    ]);
  });
});

describe("POST /api/admin/loans/:id/status", () => {
  const targets = ["in_review", "approved", "rejected", "completed"] as const;
  const bodyFor = (from: LoanStatus, to: (typeof targets)[number]) =>
    to === "approved"
      ? { from, to, approvedAmount: 800_000, interestRate: 12 }
      : to === "rejected"
        ? { from, to, rejectionReason: "Revenus insuffisants" }
        : { from, to };

  for (const from of loanStatuses) {
    for (const to of targets) {
      const allowed = canOfficerTransition(from, to);
      it(`${from} -> ${to}: ${allowed ? "applied" : "refused (409)"}`, async () => {
        const id = await insertLoan(t.app, client.user.id, { status: from });
        const response = await changeStatus(id, bodyFor(from, to));
        const [row] = await t.app.deps.db
          .select()
          .from(loanRequests)
          .where(eq(loanRequests.id, id));
        if (allowed) {
          expect(response.statusCode).toBe(200);
          expect(response.json().loan.status).toBe(to);
          expect(row?.status).toBe(to);
          expect(await statusActivities(id)).toBe(2);
          const [activity] = await t.app.deps.db
            .select()
            .from(loanActivities)
            .where(and(eq(loanActivities.loanId, id), eq(loanActivities.newValue, to)));
          expect(activity).toMatchObject({
            type: "status_change",
            oldValue: from,
            createdBy: officer.user.id,
          });
        } else {
          expect(response.statusCode).toBe(409);
          expect(errorOf(response).message).toBe(
            canTransition(from, to)
              ? dossierMessages.complementAwaited
              : adminLoanMessages.transitionRefused(from, to),
          );
          expect(row?.status).toBe(from);
          expect(await statusActivities(id)).toBe(1);
        }
      });
    }
  }

  it("refuses pending as a target and unknown statuses (400)", async () => {
    const id = await insertLoan(t.app, client.user.id, { status: "in_review" });
    for (const body of [{ from: "in_review", to: "pending" }, { from: "x", to: "in_review" }, {}]) {
      const response = await changeStatus(id, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe("Statut inconnu");
    }
  });

  it("answers 404 for a missing request", async () => {
    const response = await changeStatus(999_999, { from: "pending", to: "in_review" });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(adminLoanMessages.notFound);
  });

  it("answers 409 conflict when the request is no longer in the status the officer saw", async () => {
    const id = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const response = await changeStatus(id, { from: "pending", to: "rejected" });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(adminLoanMessages.conflict);
    expect(await statusActivities(id)).toBe(1);
  });

  it("stores the approval's amount, rate and the domain's monthly payment", async () => {
    const id = await insertLoan(t.app, client.user.id, { amount: 3_000_000, durationMonths: 24 });
    const response = await changeStatus(id, {
      from: "pending",
      to: "approved",
      approvedAmount: 2_500_000.4,
      interestRate: 12.456,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().loan).toMatchObject({
      status: "approved",
      approvedAmount: 2_500_000,
      interestRate: 12.46,
      monthlyPayment: monthlyPayment(2_500_000, 24, 12.46),
      rejectionReason: null,
    });
  });

  it("approves up to the requested amount, not above; checks the rate", async () => {
    const id = await insertLoan(t.app, client.user.id, { amount: 1_000_000 });
    const above = await changeStatus(id, {
      from: "pending",
      to: "approved",
      approvedAmount: 1_000_001,
      interestRate: 10,
    });
    expect(above.statusCode).toBe(400);
    expect(errorOf(above).message).toBe(adminLoanMessages.approvedAboveRequested);
    for (const [approvedAmount, interestRate, message] of [
      [0, 10, "Veuillez entrer un montant approuvé valide"],
      ["abc", 10, "Veuillez entrer un montant approuvé valide"],
      [500_000, -1, simulatorMessages.rate],
      [500_000, 99, simulatorMessages.rateAboveUsury],
    ] as const) {
      const response = await changeStatus(id, {
        from: "pending",
        to: "approved",
        approvedAmount,
        interestRate,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    expect(await statusActivities(id)).toBe(1);
    const exact = await changeStatus(id, {
      from: "pending",
      to: "approved",
      approvedAmount: 1_000_000,
      interestRate: 0,
    });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().loan.monthlyPayment).toBe(monthlyPayment(1_000_000, 12, 0));
  });

  it("keeps the rejection reason, shows it to the client, and stores null when empty", async () => {
    const id = await insertLoan(t.app, client.user.id);
    const response = await changeStatus(id, {
      from: "pending",
      to: "rejected",
      rejectionReason: "  Taux d'endettement trop élevé  ",
    });
    expect(response.statusCode).toBe(200);
    const own = (await call("GET", `/api/loans/${id}`, client.cookie)).json().loan;
    expect(own.status).toBe("rejected");
    expect(own.rejectionReason).toBe("Taux d'endettement trop élevé");
    expect(own.activities[0]).toMatchObject({
      type: "status_change",
      newValue: "rejected",
      comment: "Taux d'endettement trop élevé",
    });

    const silent = await insertLoan(t.app, client.user.id);
    expect(
      (await changeStatus(silent, { from: "pending", to: "rejected", rejectionReason: "  " }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.app.deps.db
      .select({ reason: loanRequests.rejectionReason })
      .from(loanRequests)
      .where(eq(loanRequests.id, silent));
    expect(row?.reason).toBeNull();
  });

  it("lets exactly one of two officers acting at once win; the other gets a conflict", async () => {
    const id = await insertLoan(t.app, client.user.id);
    const responses = await Promise.all([
      changeStatus(id, {
        from: "pending",
        to: "approved",
        approvedAmount: 900_000,
        interestRate: 9,
      }),
      changeStatus(id, { from: "pending", to: "rejected" }, second.cookie),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409);
    expect(loser && errorOf(loser).message).toBe(adminLoanMessages.conflict);
    expect(await statusActivities(id)).toBe(2);
    await t.outbox();
    const mails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.topic, `loan_status:${id}:approved`));
    const rejected = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.topic, `loan_status:${id}:rejected`));
    expect(mails.length + rejected.length).toBe(1);
  });

  it("writes the client's e-mail with the change and sends it after the commit", async () => {
    const id = await insertLoan(t.app, client.user.id);
    await changeStatus(id, { from: "pending", to: "in_review" });
    const sent = (await t.outbox()).filter((mail) => mail.content.includes(`/client/prets/${id}`));
    expect(sent).toHaveLength(1);
    const [row] = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.topic, `loan_status:${id}:in_review`));
    expect(row?.toAddress).toBe(client.email);
    expect(row?.sentAt).not.toBeNull();
  });
});

describe("PUT /api/admin/loans/:id/assignee", () => {
  it("assigns to an admin, reassigns, removes; each change in the history", async () => {
    const id = await insertLoan(t.app, client.user.id);
    const assign = (assigneeId: string | null) =>
      call("PUT", `/api/admin/loans/${id}/assignee`, officer.cookie, { assigneeId });
    const first = await assign(officer.user.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().loan.assignee).toMatchObject({ id: officer.user.id });
    expect((await assign(second.user.id)).json().loan.assignee).toMatchObject({
      id: second.user.id,
    });
    const removed = await assign(null);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().loan.assignee).toBeNull();
    // The same assignee again changes nothing and adds nothing.
    expect((await assign(null)).statusCode).toBe(200);

    const stored = await t.app.deps.db
      .select()
      .from(loanActivities)
      .where(and(eq(loanActivities.loanId, id), eq(loanActivities.type, "assignment")))
      .orderBy(loanActivities.id);
    expect(stored.map((row) => [row.oldValue, row.newValue, row.createdBy])).toEqual([
      [null, officer.user.id, officer.user.id],
      [officer.user.id, second.user.id, officer.user.id],
      [second.user.id, null, officer.user.id],
    ]);
  });

  it("refuses a client, an unknown user and a malformed body (400), a missing request (404)", async () => {
    const id = await insertLoan(t.app, client.user.id);
    for (const assigneeId of [client.user.id, "nobody"]) {
      const response = await call("PUT", `/api/admin/loans/${id}/assignee`, officer.cookie, {
        assigneeId,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(adminLoanMessages.assigneeNotAdmin);
    }
    for (const body of [{}, { assigneeId: "" }, { assigneeId: 42 }]) {
      const response = await call("PUT", `/api/admin/loans/${id}/assignee`, officer.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe("Veuillez choisir un administrateur");
    }
    const missing = await call("PUT", "/api/admin/loans/999999/assignee", officer.cookie, {
      assigneeId: null,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(adminLoanMessages.notFound);
  });
});

describe("POST /api/admin/loans/:id/notes", () => {
  it("adds the note and its comment activity; 400 on an empty note, 404 on a missing request", async () => {
    const id = await insertLoan(t.app, client.user.id);
    const response = await call("POST", `/api/admin/loans/${id}/notes`, officer.cookie, {
      note: "Appeler le client",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().note).toMatchObject({
      note: "Appeler le client",
      author: { id: officer.user.id, firstName: "Fatou", lastName: "Diop", role: "admin" },
    });
    const [comment] = await t.app.deps.db
      .select()
      .from(loanActivities)
      .where(and(eq(loanActivities.loanId, id), eq(loanActivities.type, "comment")));
    expect(comment).toMatchObject({ comment: "Appeler le client", createdBy: officer.user.id });

    const empty = await call("POST", `/api/admin/loans/${id}/notes`, officer.cookie, { note: " " });
    expect(empty.statusCode).toBe(400);
    const missing = await call("POST", "/api/admin/loans/999999/notes", officer.cookie, {
      note: "x",
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(adminLoanMessages.notFound);
    // The client's note route still answers with its own message.
    const other = await call("POST", "/api/loans/999999/notes", client.cookie, { note: "x" });
    expect(errorOf(other).message).toBe(loanMessages.notFound);
  });
});

describe("list pagination bounds", () => {
  it("refuses page 0 and page sizes 0 and 101", async () => {
    for (const query of ["page=0", "page=-1", "page=abc", "pageSize=0", "pageSize=101"]) {
      const response = await call("GET", `/api/admin/loans?${query}`, officer.cookie);
      expect(response.statusCode, query).toBe(400);
    }
    expect(errorOf(await call("GET", "/api/admin/loans?page=0", officer.cookie)).message).toBe(
      invalidPageMessage,
    );
  });
});
