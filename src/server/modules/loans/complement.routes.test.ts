import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documentMessages } from "../../../domain/api/documents";
import { dossierMessages } from "../../../domain/api/dossier";
import { type ClientLoanJson, loanMessages } from "../../../domain/api/loans";
import { fileMessages } from "../../../domain/file-type";
import {
  documents,
  infoRequests,
  loanActivities,
  loanRequests,
  mailOutbox,
  uploads,
  user,
} from "../../db/schema";
import { apiFixture } from "../../test/api-fixture";
import {
  createUpload,
  errorOf,
  patchUpload,
  registerClient,
  uploadFile,
} from "../../test/test-app";
import { jpegFile, pdfFile } from "../../test/test-files";
import { createLoanWithDocuments, insertInfoRequest } from "./complement.test-helpers";

const {
  t,
  officers: [officer, secondOfficer],
  clients: [alice, bruno],
} = apiFixture({ officers: 2, clients: 2 });

function attach(
  client: { cookie: string } | null,
  loanId: number | string,
  itemId: number | string,
  payload: unknown,
) {
  return t.app.inject({
    method: "PUT",
    url: `/api/loans/${loanId}/info-request/items/${itemId}`,
    headers: client ? { cookie: client.cookie } : {},
    payload: payload as object,
  });
}

function submit(client: { cookie: string } | null, loanId: number | string, payload: unknown) {
  return t.app.inject({
    method: "POST",
    url: `/api/loans/${loanId}/info-request/submit`,
    headers: client ? { cookie: client.cookie } : {},
    payload: payload as object,
  });
}

/** Alice's request whose identity card was judged unreadable, with a question. */
async function loanAwaitingComplement(
  options: { assignedTo?: string | null; question?: string | null; addDomicile?: boolean } = {},
) {
  const loan = await createLoanWithDocuments(t.app, alice.cookie);
  const identity = loan.documents.find((document) => document.category === "identite");
  if (!identity) throw new Error("no identity document");
  const { requestId, itemIds } = await insertInfoRequest(t.app, loan.id, {
    officerCookie: officer.cookie,
    replace: [{ documentId: identity.id, reason: "illisible", comment: "Photo floue" }],
    add: options.addDomicile ? [{ category: "domicile" }] : [],
    question:
      options.question === undefined ? "Depuis quand êtes-vous salarié ?" : options.question,
    assignedTo: options.assignedTo === undefined ? officer.user.id : options.assignedTo,
  });
  return { loan, identity, requestId, itemIds };
}

async function documentRow(id: string) {
  const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
  return row;
}

async function loanStatus(id: number) {
  const [row] = await t.database.db
    .select({ status: loanRequests.status })
    .from(loanRequests)
    .where(eq(loanRequests.id, id));
  return row?.status;
}

async function activitiesOf(loanId: number) {
  return t.database.db
    .select()
    .from(loanActivities)
    .where(eq(loanActivities.loanId, loanId))
    .orderBy(asc(loanActivities.id));
}

async function mailsAbout(loanId: number) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.topic, `complement_received:${loanId}:%`))
    .orderBy(asc(mailOutbox.toAddress));
}

describe("who may attach and send complements", () => {
  it("answers 401 to an anonymous visitor, on both routes", async () => {
    const { loan, itemIds } = await loanAwaitingComplement();
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni.jpg");
    const attached = await attach(null, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    expect(attached.statusCode).toBe(401);
    const sent = await submit(null, loan.id, { answer: "Depuis 2019" });
    expect(sent.statusCode).toBe(401);
    expect(await loanStatus(loan.id)).toBe("info_requested");
  });

  it("answers another client's request as a missing one (404), items and submit alike", async () => {
    const { loan, identity, itemIds } = await loanAwaitingComplement();
    const upload = await uploadFile(t.app, bruno.cookie, jpegFile(), "cni.jpg");
    const attached = await attach(bruno, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    expect(attached.statusCode).toBe(404);
    expect(errorOf(attached).message).toBe(loanMessages.notFound);
    const sent = await submit(bruno, loan.id, { answer: "Depuis 2019" });
    expect(sent.statusCode).toBe(404);
    expect(errorOf(sent).message).toBe(loanMessages.notFound);

    const missing = await attach(bruno, 2_000_000_000, itemIds[0] ?? 0, { uploadId: upload });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(loanMessages.notFound);
    const notANumber = await submit(alice, "abc", {});
    expect(notANumber.statusCode).toBe(404);

    // Nothing moved: Bruno's upload is still his, Alice's card is not replaced.
    const [stillThere] = await t.database.db.select().from(uploads).where(eq(uploads.id, upload));
    expect(stillThere?.userId).toBe(bruno.user.id);
    expect((await documentRow(identity.id))?.replacedAt).toBeNull();
    expect(await loanStatus(loan.id)).toBe("info_requested");
  });

  it("refuses an officer on the client's route: officers do not act as clients", async () => {
    const { loan } = await loanAwaitingComplement();
    const sent = await submit(officer, loan.id, { answer: "Depuis 2019" });
    expect(sent.statusCode).toBe(403);
    expect(errorOf(sent).code).toBe("forbidden");
    expect(await loanStatus(loan.id)).toBe("info_requested");
  });
});

describe("PUT /api/loans/:id/info-request/items/:itemId", () => {
  it("refuses a missing upload id with the field's message", async () => {
    const { loan, itemIds } = await loanAwaitingComplement();
    const response = await attach(alice, loan.id, itemIds[0] ?? 0, {});
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.uploadId).toBe(dossierMessages.uploadRequired);
  });

  it("refuses another user's upload as a missing one, and leaves it to its owner", async () => {
    const { loan, identity, itemIds } = await loanAwaitingComplement();
    const brunos = await uploadFile(t.app, bruno.cookie, jpegFile(), "cni-bruno.jpg");
    const response = await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: brunos });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(fileMessages.uploadNotFound);
    const [kept] = await t.database.db.select().from(uploads).where(eq(uploads.id, brunos));
    expect(kept?.userId).toBe(bruno.user.id);
    expect((await documentRow(identity.id))?.replacedAt).toBeNull();
    const onLoan = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.loanId, loan.id));
    expect(onLoan).toHaveLength(3);
  });

  it("refuses an unfinished upload (400) and keeps it for the rest of its bytes", async () => {
    const { loan, itemIds } = await loanAwaitingComplement();
    const bytes = pdfFile("Carte", 4000);
    const { path } = await createUpload(t.app, alice.cookie, { size: bytes.length });
    if (!path) throw new Error("no upload path");
    await patchUpload(t.app, alice.cookie, path, 0, bytes.subarray(0, 1000));
    const id = path.split("/").pop() ?? "";
    const response = await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: id });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(fileMessages.uploadIncomplete);
    const [kept] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(kept?.completedAt).toBeNull();
    const added = (await activitiesOf(loan.id)).filter((row) => row.type === "document_replaced");
    expect(added).toHaveLength(0);
  });

  it("answers an item of no open request of this loan with 404 itemNotFound", async () => {
    const first = await loanAwaitingComplement();
    const second = await loanAwaitingComplement();
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni.jpg");
    const foreign = await attach(alice, first.loan.id, second.itemIds[0] ?? 0, {
      uploadId: upload,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(dossierMessages.itemNotFound);
    const garbage = await attach(alice, first.loan.id, "x1", { uploadId: upload });
    expect(garbage.statusCode).toBe(404);
    expect(errorOf(garbage).message).toBe(dossierMessages.itemNotFound);
  });

  it("refuses a request that waits for no complement (409)", async () => {
    const loan = await createLoanWithDocuments(t.app, alice.cookie);
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni.jpg");
    const response = await attach(alice, loan.id, 1, { uploadId: upload });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(dossierMessages.noOpenRequest);
    const [kept] = await t.database.db.select().from(uploads).where(eq(uploads.id, upload));
    expect(kept).toBeDefined();
  });

  it("replaces the card: a new document, the old one kept and marked, the history told", async () => {
    const { loan, identity, itemIds } = await loanAwaitingComplement();
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-nette.jpg");
    const response = await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    expect(response.statusCode).toBe(200);
    const updated = response.json().loan as ClientLoanJson;

    const provided = updated.infoRequest?.items[0]?.providedDocument;
    expect(provided?.fileName).toBe("cni-nette.jpg");
    expect(provided?.category).toBe("identite");
    expect(provided?.fileType).toBe("image/jpeg");
    expect(updated.status).toBe("info_requested");

    const old = await documentRow(identity.id);
    expect(old?.replacedAt).not.toBeNull();
    expect(old?.replacedBy).toBe(provided?.id);
    expect(old?.storageKey).toBeTruthy();
    // Both versions are on the request; the old one says it was replaced.
    const inLoan = updated.documents.filter((document) => document.category === "identite");
    expect(inLoan.map((document) => document.fileName).sort()).toEqual([
      "cni-floue.jpg",
      "cni-nette.jpg",
    ]);
    expect(inLoan.find((document) => document.id === identity.id)?.replacedAt).not.toBeNull();
    // The upload became the document: its row is gone, its file is the document's.
    const left = await t.database.db.select().from(uploads).where(eq(uploads.id, upload));
    expect(left).toHaveLength(0);

    const replaced = (await activitiesOf(loan.id)).filter(
      (row) => row.type === "document_replaced",
    );
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({
      documentName: "cni-floue.jpg",
      newValue: "cni-nette.jpg",
      documentId: identity.id,
      createdBy: alice.user.id,
    });
    // The client reads it in its own history, with the document's category: a dossier may hold
    // several files of one name.
    expect(
      updated.activities.find((activity) => activity.type === "document_replaced"),
    ).toMatchObject({
      documentName: "cni-floue.jpg",
      documentCategory: "identite",
    });
  });

  it("never deletes the replaced version: the client's delete is refused (409)", async () => {
    const { loan, identity, itemIds } = await loanAwaitingComplement();
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-nette.jpg");
    await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/documents/${identity.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(documentMessages.lockedUnderReview);
    expect((await documentRow(identity.id))?.replacedAt).not.toBeNull();
  });

  it("answers an item a second time: the first file sent is replaced in turn", async () => {
    const { loan, identity, itemIds } = await loanAwaitingComplement();
    const first = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-1.jpg");
    const second = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-2.jpg");
    const one = await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: first });
    const firstDocument = (one.json().loan as ClientLoanJson).infoRequest?.items[0]
      ?.providedDocument;
    const two = await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: second });
    expect(two.statusCode).toBe(200);
    const secondDocument = (two.json().loan as ClientLoanJson).infoRequest?.items[0]
      ?.providedDocument;
    expect(secondDocument?.fileName).toBe("cni-2.jpg");

    const original = await documentRow(identity.id);
    expect(original?.replacedBy).toBe(firstDocument?.id);
    const firstRow = await documentRow(firstDocument?.id ?? "");
    expect(firstRow?.replacedAt).not.toBeNull();
    expect(firstRow?.replacedBy).toBe(secondDocument?.id);
    expect((await documentRow(secondDocument?.id ?? ""))?.replacedAt).toBeNull();

    const replaced = (await activitiesOf(loan.id)).filter(
      (row) => row.type === "document_replaced",
    );
    expect(replaced.map((row) => [row.documentName, row.newValue])).toEqual([
      ["cni-floue.jpg", "cni-1.jpg"],
      ["cni-1.jpg", "cni-2.jpg"],
    ]);
  });

  it("adds a document asked for a new category, with a 'document_added' activity", async () => {
    const { loan, itemIds } = await loanAwaitingComplement({ addDomicile: true });
    const upload = await uploadFile(t.app, alice.cookie, pdfFile("Facture CIE"), "facture.pdf");
    const response = await attach(alice, loan.id, itemIds[1] ?? 0, { uploadId: upload });
    expect(response.statusCode).toBe(200);
    const provided = (response.json().loan as ClientLoanJson).infoRequest?.items[1]
      ?.providedDocument;
    expect(provided?.category).toBe("domicile");
    const added = (await activitiesOf(loan.id)).filter(
      (row) => row.type === "document_added" && row.documentId === provided?.id,
    );
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ documentName: "facture.pdf", newValue: "domicile" });
  });
});

describe("POST /api/loans/:id/info-request/submit", () => {
  it("refuses a partial answer (400) and changes nothing", async () => {
    const { loan, itemIds, requestId } = await loanAwaitingComplement({ addDomicile: true });
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-nette.jpg");
    await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: upload });

    // The address proof is still missing.
    const missingDocument = await submit(alice, loan.id, { answer: "Depuis 2019" });
    expect(missingDocument.statusCode).toBe(400);
    expect(errorOf(missingDocument).message).toBe(dossierMessages.incomplete);

    const proof = await uploadFile(t.app, alice.cookie, pdfFile("Facture"), "facture.pdf");
    await attach(alice, loan.id, itemIds[1] ?? 0, { uploadId: proof });
    // Every document is there, but the question has no answer (blank is none).
    const noAnswer = await submit(alice, loan.id, { answer: "   " });
    expect(noAnswer.statusCode).toBe(400);
    expect(errorOf(noAnswer).message).toBe(dossierMessages.incomplete);
    expect(errorOf(noAnswer).fields?.answer).toBe(dossierMessages.answerRequired);

    const tooLong = await submit(alice, loan.id, { answer: "a".repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields?.answer).toBe(dossierMessages.answerTooLong);

    expect(await loanStatus(loan.id)).toBe("info_requested");
    const [request] = await t.database.db
      .select()
      .from(infoRequests)
      .where(eq(infoRequests.id, requestId));
    expect(request?.answeredAt).toBeNull();
    expect(await mailsAbout(loan.id)).toHaveLength(0);
  });

  it("sends everything: back to in_review, the answer kept, the history and the assignee's e-mail", async () => {
    const { loan, itemIds, requestId } = await loanAwaitingComplement({
      assignedTo: secondOfficer.user.id,
    });
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-nette.jpg");
    await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    const response = await submit(alice, loan.id, { answer: "  Depuis mars 2019  " });
    expect(response.statusCode).toBe(200);
    const updated = response.json().loan as ClientLoanJson;
    expect(updated.status).toBe("in_review");
    expect(updated.infoRequest?.answer).toBe("Depuis mars 2019");
    expect(updated.infoRequest?.answeredAt).not.toBeNull();

    const [request] = await t.database.db
      .select()
      .from(infoRequests)
      .where(eq(infoRequests.id, requestId));
    expect(request?.answer).toBe("Depuis mars 2019");

    const change = (await activitiesOf(loan.id)).filter(
      (row) => row.type === "status_change" && row.newValue === "in_review",
    );
    expect(change).toHaveLength(1);
    expect(change[0]).toMatchObject({
      oldValue: "info_requested",
      comment: "Depuis mars 2019",
      createdBy: alice.user.id,
    });

    const mails = await mailsAbout(loan.id);
    expect(mails.map((mail) => mail.toAddress)).toEqual([secondOfficer.email]);
    expect(mails[0]?.textBody).toContain(`/admin/prets/${loan.id}`);
    expect(mails[0]?.textBody).toContain("cni-nette.jpg (remplace cni-floue.jpg)");
    expect(mails[0]?.textBody).toContain("Réponse du client : Depuis mars 2019");

    // Sent once: a second submit finds nothing open.
    const again = await submit(alice, loan.id, { answer: "Depuis mars 2019" });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(dossierMessages.noOpenRequest);
    expect(await mailsAbout(loan.id)).toHaveLength(1);
  });

  it("without an assignee, every administrator is told", async () => {
    const { loan, itemIds } = await loanAwaitingComplement({ assignedTo: null, question: null });
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-nette.jpg");
    await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    // No question asked: an answer sent anyway is not kept.
    const response = await submit(alice, loan.id, { answer: "Bonjour" });
    expect(response.statusCode).toBe(200);
    expect((response.json().loan as ClientLoanJson).infoRequest?.answer).toBeNull();

    const admins = await t.database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.role, "admin"))
      .orderBy(asc(user.email));
    expect(admins.length).toBeGreaterThanOrEqual(2);
    const mails = await mailsAbout(loan.id);
    expect(mails.map((mail) => mail.toAddress)).toEqual(admins.map((admin) => admin.email));
    expect(mails[0]?.textBody).not.toContain("Réponse du client");
  });

  it("refuses to send once an officer changed the status meanwhile (409)", async () => {
    const { loan, itemIds } = await loanAwaitingComplement({ question: null });
    const upload = await uploadFile(t.app, alice.cookie, jpegFile(), "cni-nette.jpg");
    await attach(alice, loan.id, itemIds[0] ?? 0, { uploadId: upload });
    await t.database.db
      .update(loanRequests)
      .set({ status: "rejected" })
      .where(eq(loanRequests.id, loan.id));
    const response = await submit(alice, loan.id, {});
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(dossierMessages.noOpenRequest);
    expect(await mailsAbout(loan.id)).toHaveLength(0);
  });
});

describe("what the client reads of its request", () => {
  it("never shows the officers' four-eyes proposals and returns", async () => {
    const loan = await createLoanWithDocuments(t.app, alice.cookie);
    await t.database.db.insert(loanActivities).values([
      {
        loanId: loan.id,
        type: "approval_proposed",
        newValue: "1500000",
        comment: "12|133000",
        createdBy: officer.user.id,
      },
      {
        loanId: loan.id,
        type: "approval_returned",
        comment: "Revoir le taux",
        createdBy: secondOfficer.user.id,
      },
      {
        loanId: loan.id,
        type: "assignment",
        newValue: officer.user.id,
        createdBy: officer.user.id,
      },
    ]);
    const response = await t.app.inject({
      url: `/api/loans/${loan.id}`,
      headers: { cookie: alice.cookie },
    });
    const types = (response.json().loan as ClientLoanJson).activities.map((row) => row.type);
    expect(types).not.toContain("approval_proposed");
    expect(types).not.toContain("approval_returned");
    expect(types).not.toContain("assignment");
    expect(types).toContain("document_added");
    const stored = await t.database.db
      .select()
      .from(loanActivities)
      .where(and(eq(loanActivities.loanId, loan.id), eq(loanActivities.type, "approval_proposed")));
    expect(stored).toHaveLength(1);
  });

  it("lists only the requests of one status when asked (GET /api/loans?status=)", async () => {
    const carine = await registerClient(t.app);
    const waiting = await createLoanWithDocuments(t.app, carine.cookie);
    await createLoanWithDocuments(t.app, carine.cookie);
    await insertInfoRequest(t.app, waiting.id, {
      officerCookie: officer.cookie,
      question: "Pourquoi ?",
    });
    const response = await t.app.inject({
      url: "/api/loans?status=info_requested&pageSize=100",
      headers: { cookie: carine.cookie },
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBe(1);
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([waiting.id]);
    const all = await t.app.inject({ url: "/api/loans", headers: { cookie: carine.cookie } });
    expect(all.json().total).toBe(2);
    const unknown = await t.app.inject({
      url: "/api/loans?status=perdu",
      headers: { cookie: carine.cookie },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe("Statut inconnu");
  });
});
