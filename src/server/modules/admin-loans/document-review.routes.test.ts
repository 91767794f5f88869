import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminLoanJson } from "../../../domain/api/admin-loans";
import { dossierMessages, maxReviewCommentLength } from "../../../domain/api/dossier";
import { isUndecided, loanStatuses } from "../../../domain/loan-status";
import { documents, loanActivities, loanRequests } from "../../db/schema";
import { messages } from "../../http/app-error";
import { apiFixture } from "../../test/api-fixture";
import { errorOf } from "../../test/test-app";
import { insertLoan } from "./admin-loans.test-helpers";
import { insertDocument } from "./dossier.test-helpers";

const {
  t,
  officers: [officer],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1 });

function review(loanId: number, documentId: string, body: unknown, cookie = officer.cookie) {
  return t.app.inject({
    method: "PUT",
    url: `/api/admin/loans/${loanId}/documents/${documentId}/review`,
    headers: cookie ? { cookie } : {},
    payload: body as object,
  });
}

async function loanWithCard(status: (typeof loanStatuses)[number] = "in_review") {
  const loanId = await insertLoan(t.app, client.user.id, { status });
  const documentId = await insertDocument(t.app, { userId: client.user.id, loanId });
  return { loanId, documentId };
}

async function reviewActivities(loanId: number) {
  return t.app.deps.db
    .select()
    .from(loanActivities)
    .where(and(eq(loanActivities.loanId, loanId), eq(loanActivities.type, "document_review")));
}

async function documentRow(id: string) {
  const [row] = await t.app.deps.db.select().from(documents).where(eq(documents.id, id));
  return row;
}

const unreadable = { verdict: "a_remplacer", reason: "illisible", comment: "Photo floue" };

describe("PUT /api/admin/loans/:id/documents/:documentId/review: authorization", () => {
  it("answers 401 anonymous, 403 to a client (even the owner), 200 to an officer", async () => {
    const { loanId, documentId } = await loanWithCard();
    const anonymous = await review(loanId, documentId, unreadable, "");
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(messages.unauthenticated);
    const asClient = await review(loanId, documentId, unreadable, client.cookie);
    expect(asClient.statusCode).toBe(403);
    expect(errorOf(asClient).message).toBe(messages.forbidden);
    // Nothing was written by the refused calls.
    expect(await reviewActivities(loanId)).toHaveLength(0);
    expect((await documentRow(documentId))?.reviewVerdict).toBeNull();
    const asOfficer = await review(loanId, documentId, unreadable);
    expect(asOfficer.statusCode).toBe(200);
  });
});

describe("PUT /api/admin/loans/:id/documents/:documentId/review", () => {
  it("records the verdict on the document, as an activity, and answers the request", async () => {
    const { loanId, documentId } = await loanWithCard();
    const [before] = await t.app.deps.db
      .select({ updatedAt: loanRequests.updatedAt })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId));

    const response = await review(loanId, documentId, { ...unreadable, comment: "  Photo floue " });
    expect(response.statusCode).toBe(200);
    const loan = response.json().loan as AdminLoanJson;
    const document = loan.documents.find((item) => item.id === documentId);
    expect(document?.review).toMatchObject({
      verdict: "a_remplacer",
      reason: "illisible",
      comment: "Photo floue",
    });
    expect(Date.parse(document?.review?.reviewedAt ?? "")).not.toBeNaN();
    expect(loan.activities[0]).toMatchObject({
      type: "document_review",
      newValue: "a_remplacer",
      oldValue: "illisible",
      comment: "Photo floue",
      documentName: "cni.jpg",
      author: { firstName: "Fatou", lastName: "Diop", role: "admin" },
    });

    const row = await documentRow(documentId);
    expect(row).toMatchObject({
      reviewVerdict: "a_remplacer",
      reviewReason: "illisible",
      reviewComment: "Photo floue",
      reviewedBy: officer.user.id,
    });
    const [activity] = await reviewActivities(loanId);
    expect(activity).toMatchObject({ documentId, createdBy: officer.user.id });
    const [after] = await t.app.deps.db
      .select({ updatedAt: loanRequests.updatedAt })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
  });

  it("lets the verdict change: the latest counts, every one stays in the history", async () => {
    const { loanId, documentId } = await loanWithCard();
    expect((await review(loanId, documentId, unreadable)).statusCode).toBe(200);
    const response = await review(loanId, documentId, { verdict: "conforme" });
    expect(response.statusCode).toBe(200);
    const row = await documentRow(documentId);
    expect(row).toMatchObject({
      reviewVerdict: "conforme",
      reviewReason: null,
      reviewComment: null,
    });
    const activities = await reviewActivities(loanId);
    expect(activities.map((activity) => [activity.newValue, activity.oldValue])).toEqual([
      ["a_remplacer", "illisible"],
      ["conforme", null],
    ]);
  });

  it("refuses bad input with French messages (400), writing nothing", async () => {
    const { loanId, documentId } = await loanWithCard();
    const cases: Array<[unknown, string]> = [
      [{}, "Avis inconnu"],
      [{ verdict: "peut-etre" }, "Avis inconnu"],
      [{ verdict: "a_remplacer" }, dossierMessages.reasonRequired],
      [{ verdict: "a_remplacer", reason: "flou" }, dossierMessages.reasonRequired],
      [
        { verdict: "conforme", comment: "x".repeat(maxReviewCommentLength + 1) },
        dossierMessages.commentTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await review(loanId, documentId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    expect(await reviewActivities(loanId)).toHaveLength(0);
  });

  it("answers 404 for a missing request, a malformed id, or a document of another request", async () => {
    const { loanId, documentId } = await loanWithCard();
    const other = await loanWithCard();
    const missingLoan = await review(999_999, documentId, unreadable);
    expect(missingLoan.statusCode).toBe(404);
    for (const id of ["abc", randomUUID(), other.documentId]) {
      const response = await review(loanId, id, unreadable);
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response).message).toBe(dossierMessages.documentNotOnLoan);
    }
    // A document of the client's not attached to any request either.
    const loose = await insertDocument(t.app, { userId: client.user.id, loanId: null });
    expect((await review(loanId, loose, unreadable)).statusCode).toBe(404);
    expect((await documentRow(other.documentId))?.reviewVerdict).toBeNull();
  });

  it("refuses a replaced document (409): it is kept, no longer current", async () => {
    const loanId = await insertLoan(t.app, client.user.id, { status: "in_review" });
    const old = await insertDocument(
      t.app,
      { userId: client.user.id, loanId },
      { replacedAt: new Date() },
    );
    const response = await review(loanId, old, { verdict: "conforme" });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(dossierMessages.documentReplaced);
    expect(await reviewActivities(loanId)).toHaveLength(0);
  });

  for (const status of loanStatuses) {
    const open = isUndecided(status);
    it(`${status}: ${open ? "accepts a verdict" : "refuses a verdict (409)"}`, async () => {
      const { loanId, documentId } = await loanWithCard(status);
      const response = await review(loanId, documentId, { verdict: "conforme" });
      if (open) {
        expect(response.statusCode).toBe(200);
        expect((await documentRow(documentId))?.reviewVerdict).toBe("conforme");
      } else {
        expect(response.statusCode).toBe(409);
        expect(errorOf(response).message).toBe(dossierMessages.reviewClosed);
        expect((await documentRow(documentId))?.reviewVerdict).toBeNull();
        expect(await reviewActivities(loanId)).toHaveLength(0);
      }
    });
  }
});
