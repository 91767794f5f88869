import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type AdminLoanJson, adminLoanMessages } from "../../../domain/api/admin-loans";
import { dossierMessages, maxQuestionLength } from "../../../domain/api/dossier";
import type { ClientLoanJson } from "../../../domain/api/loans";
import { canTransition, type LoanStatus, loanStatuses } from "../../../domain/loan-status";
import { infoRequests, loanActivities, loanRequests, mailOutbox } from "../../db/schema";
import { messages } from "../../http/app-error";
import { apiFixture } from "../../test/api-fixture";
import { errorOf } from "../../test/test-app";
import { insertLoan, renameUser } from "./admin-loans.test-helpers";
import { insertDocument } from "./dossier.test-helpers";

const {
  t,
  officers: [officer],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1 });

beforeAll(async () => {
  await renameUser(t.app, client.user.id, { firstName: "Awa", lastName: "Koné" });
});

function ask(loanId: number, body: unknown, cookie = officer.cookie) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/loans/${loanId}/info-request`,
    headers: cookie ? { cookie } : {},
    payload: body as object,
  });
}

const question = "Quel est le nom de votre employeur actuel ?";

/** Everything a refused request must not have written. */
async function writtenFor(loanId: number) {
  const [loan] = await t.app.deps.db
    .select({ status: loanRequests.status })
    .from(loanRequests)
    .where(eq(loanRequests.id, loanId));
  const [requests] = await t.app.deps.db
    .select({ n: count() })
    .from(infoRequests)
    .where(eq(infoRequests.loanId, loanId));
  const [changes] = await t.app.deps.db
    .select({ n: count() })
    .from(loanActivities)
    .where(and(eq(loanActivities.loanId, loanId), eq(loanActivities.type, "status_change")));
  const mails = await t.app.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.topic, `loan_status:${loanId}:info_requested`));
  return {
    status: loan?.status,
    requests: Number(requests?.n ?? 0),
    statusChanges: Number(changes?.n ?? 0),
    mails,
  };
}

describe("POST /api/admin/loans/:id/info-request: authorization", () => {
  it("answers 401 anonymous, 403 to a client (even the owner), 200 to an officer", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const body = { from: "in_review", question };
    const anonymous = await ask(loanId, body, "");
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
    const asClient = await ask(loanId, body, client.cookie);
    expect(asClient.statusCode).toBe(403);
    expect(errorOf(asClient).message).toBe(messages.forbidden);
    expect(await writtenFor(loanId)).toMatchObject({ status: "in_review", requests: 0 });
    expect((await ask(loanId, body)).statusCode).toBe(200);
  });
});

describe("POST /api/admin/loans/:id/info-request", () => {
  for (const from of loanStatuses) {
    const allowed = canTransition(from, "info_requested");
    it(`from ${from}: ${allowed ? "applied" : "refused (409)"}`, async () => {
      const loanId = await insertLoan(t.app, client.user.id, { status: from });
      const response = await ask(loanId, { from, question });
      const written = await writtenFor(loanId);
      if (allowed) {
        expect(response.statusCode).toBe(200);
        expect(response.json().loan.status).toBe("info_requested");
        expect(written).toMatchObject({ status: "info_requested", requests: 1, statusChanges: 2 });
        expect(written.mails).toHaveLength(1);
      } else {
        expect(response.statusCode).toBe(409);
        expect(errorOf(response).message).toBe(
          adminLoanMessages.transitionRefused(from, "info_requested"),
        );
        expect(written).toMatchObject({ status: from, requests: 0, statusChanges: 1 });
        expect(written.mails).toHaveLength(0);
      }
    });
  }

  it("records what is asked, the history line and the client's e-mail in one go", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const card = await insertDocument(
      t.app,
      { userId: client.user.id, loanId },
      {
        fileName: "cni-recto.jpg",
        verdict: "a_remplacer",
        reason: "illisible",
        comment: "La photo est floue",
        reviewedBy: officer.user.id,
      },
    );
    await insertDocument(
      t.app,
      { userId: client.user.id, loanId },
      { category: "revenu", fileName: "salaire.pdf", verdict: "conforme" },
    );

    const response = await ask(loanId, {
      from: "in_review",
      replace: [card],
      add: [
        { category: "domicile", comment: " Facture de moins de 3 mois " },
        { category: "fiscal" },
      ],
      question,
    });
    expect(response.statusCode).toBe(200);
    const loan = response.json().loan as AdminLoanJson;
    expect(loan.status).toBe("info_requested");
    expect(loan.infoRequest).toMatchObject({
      question,
      answer: null,
      answeredAt: null,
      closedAt: null,
      requestedBy: { firstName: "Fatou", lastName: "Diop", role: "admin" },
      items: [
        {
          kind: "replace",
          category: "identite",
          documentId: card,
          documentName: "cni-recto.jpg",
          reason: "illisible",
          comment: "La photo est floue",
          providedDocument: null,
        },
        {
          kind: "add",
          category: "domicile",
          documentId: null,
          documentName: null,
          reason: null,
          comment: "Facture de moins de 3 mois",
          providedDocument: null,
        },
        { kind: "add", category: "fiscal", comment: null },
      ],
    });
    expect(loan.activities[0]).toMatchObject({
      type: "status_change",
      oldValue: "in_review",
      newValue: "info_requested",
      comment: question,
      author: { role: "admin" },
    });

    // The client's view of the request carries the same request.
    const asClient = await t.app.inject({
      method: "GET",
      url: `/api/loans/${loanId}`,
      headers: { cookie: client.cookie },
    });
    expect(asClient.statusCode).toBe(200);
    expect((asClient.json().loan as ClientLoanJson).infoRequest).toEqual(loan.infoRequest);

    const { mails } = await writtenFor(loanId);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.toAddress).toBe(client.email);
    expect(mail?.subject).toBe(
      `Votre demande de prêt #${String(loanId).padStart(5, "0")} : des éléments complémentaires sont nécessaires`,
    );
    expect(mail?.textBody).toContain("Bonjour Awa,");
    expect(mail?.textBody).toContain(
      [
        "Ce qui vous est demandé :",
        "- Document à remplacer : Pièce d'identité « cni-recto.jpg » (illisible). Commentaire : La photo est floue",
        "- Document à ajouter : Justificatif de domicile. Commentaire : Facture de moins de 3 mois",
        "- Document à ajouter : Déclaration fiscale.",
        `- Question de votre conseiller : ${question}`,
      ].join("\n"),
    );
    expect(mail?.textBody).toContain(`/client/prets/${loanId}`);
    expect(mail?.htmlBody).toContain("cni-recto.jpg");
  });

  it("answers 409 when another officer changed the status in between", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const response = await ask(loanId, { from: "pending", question });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(adminLoanMessages.conflict);
    expect(await writtenFor(loanId)).toMatchObject({ status: "in_review", requests: 0 });
  });

  it("refuses a request that asks nothing, and bad input (400)", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "pending" });
    const cases: Array<[unknown, string]> = [
      [{ from: "pending" }, dossierMessages.nothingAsked],
      [{ from: "pending", replace: [], add: [], question: "   " }, dossierMessages.nothingAsked],
      [{ question }, "Statut inconnu"],
      [{ from: "pending", add: [{ category: "photo" }] }, dossierMessages.categoryUnknown],
      [{ from: "pending", replace: ["abc"] }, dossierMessages.documentNotOnLoan],
      [
        { from: "pending", question: "x".repeat(maxQuestionLength + 1) },
        dossierMessages.questionTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await ask(loanId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    const written = await writtenFor(loanId);
    expect(written).toMatchObject({ status: "pending", requests: 0, statusChanges: 1 });
    expect(written.mails).toHaveLength(0);
  });

  it("asks again only for documents marked 'À remplacer' of this request (400 otherwise)", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const otherLoan = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const unreviewed = await insertDocument(t.app, { userId: client.user.id, loanId });
    const compliant = await insertDocument(
      t.app,
      { userId: client.user.id, loanId },
      { verdict: "conforme" },
    );
    const foreign = await insertDocument(
      t.app,
      { userId: client.user.id, loanId: otherLoan },
      { verdict: "a_remplacer", reason: "expire" },
    );
    const cases: Array<[string, string]> = [
      [unreviewed, dossierMessages.replaceNeedsVerdict],
      [compliant, dossierMessages.replaceNeedsVerdict],
      [foreign, dossierMessages.documentNotOnLoan],
      [randomUUID(), dossierMessages.documentNotOnLoan],
    ];
    for (const [id, message] of cases) {
      const response = await ask(loanId, { from: "in_review", replace: [id], question });
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response).message).toBe(message);
      expect(errorOf(response).fields?.replace).toBe(message);
    }
    // The transaction rolled back: no status change, no request (so no item), no mail.
    const written = await writtenFor(loanId);
    expect(written).toMatchObject({ status: "in_review", requests: 0, statusChanges: 1 });
    expect(written.mails).toHaveLength(0);
  });

  it("refuses a document already replaced (409)", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const old = await insertDocument(
      t.app,
      { userId: client.user.id, loanId },
      { verdict: "a_remplacer", reason: "illisible", replacedAt: new Date() },
    );
    const response = await ask(loanId, { from: "in_review", replace: [old] });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(dossierMessages.documentReplaced);
    expect(await writtenFor(loanId)).toMatchObject({ status: "in_review", requests: 0 });
  });

  it("answers 404 for a missing request", async () => {
    const response = await ask(999_999, { from: "pending", question });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(adminLoanMessages.notFound);
  });

  it("leaves the way back to 'En cours' to the client, rejection to the officer", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "pending" });
    expect((await ask(loanId, { from: "pending", question })).statusCode).toBe(200);
    const status = (body: { from: LoanStatus; to: LoanStatus }) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/loans/${loanId}/status`,
        headers: { cookie: officer.cookie },
        payload: body,
      });
    const back = await status({ from: "info_requested", to: "in_review" });
    expect(back.statusCode).toBe(409);
    expect(errorOf(back).message).toBe(dossierMessages.complementAwaited);
    const rejected = await status({ from: "info_requested", to: "rejected" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().loan.status).toBe("rejected");
  });

  it("closes the request for complements when the loan is rejected meanwhile", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    expect((await ask(loanId, { from: "in_review", question })).statusCode).toBe(200);
    const status = (body: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/loans/${loanId}/status`,
        headers: { cookie: officer.cookie },
        payload: body,
      });
    const openRows = () =>
      t.app.deps.db
        .select({ closedAt: infoRequests.closedAt, answeredAt: infoRequests.answeredAt })
        .from(infoRequests)
        .where(eq(infoRequests.loanId, loanId));

    // A refused change (the status seen is stale) writes nothing: the request stays open.
    const stale = await status({ from: "in_review", to: "rejected" });
    expect(stale.statusCode).toBe(409);
    expect((await openRows())[0]?.closedAt).toBeNull();

    const rejected = await status({
      from: "info_requested",
      to: "rejected",
      rejectionReason: "Revenus insuffisants",
    });
    expect(rejected.statusCode).toBe(200);
    const loan = rejected.json().loan as AdminLoanJson;
    expect(loan.status).toBe("rejected");
    expect(loan.infoRequest?.answeredAt).toBeNull();
    expect(loan.infoRequest?.closedAt).toEqual(expect.any(String));
    const [row] = await openRows();
    expect(row?.closedAt).toBeInstanceOf(Date);

    // The client can no longer send anything for it, and reads it as closed too.
    const read = await t.app.inject({
      url: `/api/loans/${loanId}`,
      headers: { cookie: client.cookie },
    });
    expect((read.json().loan as ClientLoanJson).infoRequest?.closedAt).toEqual(
      loan.infoRequest?.closedAt,
    );
    const submit = await t.app.inject({
      method: "POST",
      url: `/api/loans/${loanId}/info-request/submit`,
      headers: { cookie: client.cookie },
      payload: { answer: "Mon employeur est la SOTRA." },
    });
    expect(submit.statusCode).toBe(409);
    expect(errorOf(submit).message).toBe(dossierMessages.noOpenRequest);
  });
});
