import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { personName } from "../../../domain/api/admin-clients";
import { dossierMessages } from "../../../domain/api/dossier";
import type { ComplementItemInput } from "../../../domain/api/dossier.schema";
import { loanMessages } from "../../../domain/api/loans";
import type { Db } from "../../db/client";
import {
  documents,
  infoRequestItems,
  infoRequests,
  loanActivities,
  loanRequests,
  user,
} from "../../db/schema";
import { AppError, conflict, notFound } from "../../http/app-error";
import { enqueueMail } from "../../mail/outbox";
import { takeFinishedUpload } from "../uploads/uploads.service";
import { type ComplementSentItem, complementReceivedMail } from "./complement.mail";

// The client's side of a request for more information (issue 8): each thing asked is answered
// with a finished upload (PUT …/info-request/items/:itemId), then everything is sent at once
// (POST …/info-request/submit), which moves the request back to in_review.

/**
 * The client's own request, locked for the rest of the transaction: an attach and a submit of
 * the same request (two tabs, a double tap) run one after the other, so a submit never misses a
 * document attached at the same moment. Another client's request answers as a missing one.
 */
async function lockOwnLoan(tx: Db, userId: string, loanId: number) {
  const [loan] = await tx
    .select({
      id: loanRequests.id,
      status: loanRequests.status,
      loanType: loanRequests.loanType,
      assignedTo: loanRequests.assignedTo,
    })
    .from(loanRequests)
    .where(and(eq(loanRequests.id, loanId), eq(loanRequests.userId, userId)))
    .for("update")
    .limit(1);
  if (!loan) throw notFound(loanMessages.notFound);
  return loan;
}

/** The request's open (unanswered) request for more information; 409 when none waits. */
async function openInfoRequest(tx: Db, loan: { id: number; status: string }) {
  if (loan.status !== "info_requested") {
    throw conflict("no_open_request", dossierMessages.noOpenRequest);
  }
  const [request] = await tx
    .select()
    .from(infoRequests)
    .where(
      and(
        eq(infoRequests.loanId, loan.id),
        isNull(infoRequests.answeredAt),
        isNull(infoRequests.closedAt),
      ),
    )
    .limit(1);
  if (!request) throw conflict("no_open_request", dossierMessages.noOpenRequest);
  return request;
}

/**
 * Attaches the client's finished upload to one item of the open request, in one transaction: the
 * upload becomes a document of the request in the item's category (its row is taken, so the
 * sweeper no longer owns the file; any failure rolls everything back and leaves the upload as it
 * was). The document it supersedes — the one marked 'À remplacer' or, when the item is answered
 * again, the one sent for it before — is kept and marked replaced, never deleted.
 */
export async function attachComplement({
  db,
  userId,
  loanId,
  itemId,
  input,
}: {
  db: Db;
  userId: string;
  loanId: number;
  itemId: number;
  input: ComplementItemInput;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loan = await lockOwnLoan(tx, userId, loanId);
    const request = await openInfoRequest(tx, loan);
    const [item] = await tx
      .select()
      .from(infoRequestItems)
      .where(and(eq(infoRequestItems.id, itemId), eq(infoRequestItems.infoRequestId, request.id)))
      .limit(1);
    if (!item) throw notFound(dossierMessages.itemNotFound);

    const upload = await takeFinishedUpload({ tx, userId, id: input.uploadId, field: "uploadId" });
    const [created] = await tx
      .insert(documents)
      .values({
        userId,
        loanId,
        fileName: upload.fileName,
        fileType: upload.fileType,
        fileSize: upload.fileSize,
        storageKey: upload.storageKey,
        category: item.category,
      })
      .returning({ id: documents.id });
    if (!created) throw new Error("document insert returned no row");

    const supersededId = item.providedDocumentId ?? item.documentId;
    const [superseded] = supersededId
      ? await tx
          .update(documents)
          .set({ replacedAt: sql`now()`, replacedBy: created.id })
          .where(
            and(
              eq(documents.id, supersededId),
              eq(documents.loanId, loanId),
              isNull(documents.replacedAt),
            ),
          )
          .returning({ id: documents.id, fileName: documents.fileName })
      : [];

    await tx
      .update(infoRequestItems)
      .set({ providedDocumentId: created.id })
      .where(eq(infoRequestItems.id, item.id));
    await tx.insert(loanActivities).values(
      superseded
        ? {
            loanId,
            type: "document_replaced",
            documentName: superseded.fileName,
            newValue: upload.fileName,
            documentId: superseded.id,
            createdBy: userId,
          }
        : {
            loanId,
            type: "document_added",
            documentName: upload.fileName,
            newValue: item.category,
            documentId: created.id,
            createdBy: userId,
          },
    );
    await tx.update(loanRequests).set({ updatedAt: sql`now()` }).where(eq(loanRequests.id, loanId));
  });
}

/** Who is told that the complements arrived: the assigned officer, or every admin when none. */
async function complementRecipients(tx: Db, assignedTo: string | null) {
  const columns = { email: user.email, firstName: user.firstName };
  if (assignedTo !== null) {
    const assignee = await tx
      .select(columns)
      .from(user)
      .where(and(eq(user.id, assignedTo), eq(user.role, "admin")));
    if (assignee.length > 0) return assignee;
  }
  return tx.select(columns).from(user).where(eq(user.role, "admin")).orderBy(asc(user.email));
}

/**
 * Sends the complements, in one transaction: every item must have its document and the question
 * (if one was asked) an answer, else 400 and nothing changes; the request moves back to
 * in_review (conditional on info_requested: 409 if an officer changed it meanwhile), the answer
 * is kept on the request for more information, the client's status change enters the history
 * with the answer as its comment, and the officer's e-mail is queued in the outbox.
 */
export async function submitComplement({
  db,
  userId,
  loanId,
  answer,
  baseUrl,
}: {
  db: Db;
  userId: string;
  loanId: number;
  answer: string | null;
  baseUrl: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loan = await lockOwnLoan(tx, userId, loanId);
    const request = await openInfoRequest(tx, loan);
    const items = await tx
      .select()
      .from(infoRequestItems)
      .where(eq(infoRequestItems.infoRequestId, request.id))
      .orderBy(asc(infoRequestItems.id));
    // The answer belongs to the question: without one, nothing typed is kept.
    const kept = request.question === null ? null : answer;
    const missingDocument = items.some((item) => item.providedDocumentId === null);
    if (missingDocument || (request.question !== null && kept === null)) {
      const fields: Record<string, string> = {};
      if (kept === null && request.question !== null) {
        fields.answer = dossierMessages.answerRequired;
      }
      throw new AppError("complement_incomplete", 400, dossierMessages.incomplete, fields);
    }

    const updated = await tx
      .update(loanRequests)
      .set({ status: "in_review", updatedAt: sql`now()` })
      .where(and(eq(loanRequests.id, loanId), eq(loanRequests.status, "info_requested")))
      .returning({ id: loanRequests.id });
    if (updated.length === 0) throw conflict("no_open_request", dossierMessages.noOpenRequest);

    await tx
      .update(infoRequests)
      .set({ answer: kept, answeredAt: sql`now()` })
      .where(eq(infoRequests.id, request.id));
    await tx.insert(loanActivities).values({
      loanId,
      type: "status_change",
      oldValue: "info_requested",
      newValue: "in_review",
      comment: kept,
      createdBy: userId,
    });

    const [client] = await tx
      .select({ firstName: user.firstName, lastName: user.lastName, email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    if (!client) throw new Error("the session's user is missing");
    const sent = await sentItems(tx, items);
    for (const officer of await complementRecipients(tx, loan.assignedTo)) {
      await enqueueMail(tx, {
        to: officer.email,
        topic: `complement_received:${loanId}:${request.id}`,
        mail: complementReceivedMail({
          loanId,
          loanType: loan.loanType,
          officerFirstName: officer.firstName,
          clientName: personName(client),
          items: sent,
          question: request.question,
          answer: kept,
          baseUrl,
        }),
      });
    }
  });
}

/** The documents sent for each item, with the name of the file each one replaces. */
async function sentItems(
  tx: Db,
  items: Array<{
    category: ComplementSentItem["category"];
    documentId: string | null;
    providedDocumentId: string | null;
  }>,
): Promise<ComplementSentItem[]> {
  const ids = items.flatMap((item) =>
    [item.documentId, item.providedDocumentId].filter((id): id is string => id !== null),
  );
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: documents.id, fileName: documents.fileName })
    .from(documents)
    .where(inArray(documents.id, ids));
  const nameOf = new Map(rows.map((row) => [row.id, row.fileName]));
  return items.map((item) => ({
    category: item.category,
    fileName: nameOf.get(item.providedDocumentId ?? "") ?? "",
    replacedFileName: item.documentId === null ? null : (nameOf.get(item.documentId) ?? null),
  }));
}
