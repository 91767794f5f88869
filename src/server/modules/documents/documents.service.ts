import { and, count, eq } from "drizzle-orm";
import { type DocumentJson, documentMessages } from "../../../domain/api/documents";
import type { Page, PageQuery } from "../../../domain/api/page";
import { isUndecided } from "../../../domain/loan-status";
import { isAdminRole } from "../../../domain/roles";
import type { DocumentCreateValues } from "../../../domain/schemas/document-upload.schema";
import type { SessionUser } from "../../auth";
import type { Db } from "../../db/client";
import { documents, loanRequests } from "../../db/schema";
import { conflict, notFound } from "../../http/app-error";
import type { Storage } from "../../storage/storage";
import { takeFinishedUpload } from "../uploads/uploads.service";
import { documentColumns, documentsNewestFirst, toDocumentJson } from "./document-json";

/** The signed-in client's documents, newest first, one page. */
export async function listOwnDocuments({
  db,
  userId,
  page,
  pageSize,
}: { db: Db; userId: string } & PageQuery): Promise<Page<DocumentJson>> {
  const own = eq(documents.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select(documentColumns)
      .from(documents)
      .leftJoin(loanRequests, eq(loanRequests.id, documents.loanId))
      .where(own)
      .orderBy(...documentsNewestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(documents).where(own),
  ]);
  return { items: rows.map(toDocumentJson), total: Number(totals?.total ?? 0), page, pageSize };
}

/** The standalone upload form: the finished upload becomes a document of its owner. */
export async function createStandaloneDocument({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: DocumentCreateValues;
}): Promise<DocumentJson> {
  return db.transaction(async (tx) => {
    const upload = await takeFinishedUpload({
      tx: tx as unknown as Db,
      userId,
      id: input.uploadId,
      field: "uploadId",
    });
    const [row] = await tx
      .insert(documents)
      .values({
        userId,
        fileName: input.name,
        fileType: upload.fileType,
        fileSize: upload.fileSize,
        storageKey: upload.storageKey,
        category: input.category,
      })
      .returning();
    if (!row) throw new Error("document insert returned no row");
    return toDocumentJson({ ...row, loanStatus: null, replacedById: row.replacedBy });
  });
}

/**
 * Deletes a standalone document of the client, then its file. A document that belongs to a loan
 * request is part of its dossier: refused (409), with the reason.
 */
export async function deleteOwnDocument({
  db,
  storage,
  userId,
  id,
}: {
  db: Db;
  storage: Storage;
  userId: string;
  id: string;
}): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ storageKey: documents.storageKey, loanStatus: loanRequests.status })
      .from(documents)
      .leftJoin(loanRequests, eq(loanRequests.id, documents.loanId))
      .where(and(eq(documents.id, id), eq(documents.userId, userId)))
      .for("update", { of: documents })
      .limit(1);
    if (!row) throw notFound(documentMessages.notFound);
    if (row.loanStatus) {
      // A request waiting for complements is still under review, not decided.
      const underReview = isUndecided(row.loanStatus);
      throw conflict(
        underReview ? "document_under_review" : "document_in_dossier",
        underReview ? documentMessages.lockedUnderReview : documentMessages.lockedDecided,
      );
    }
    await tx.delete(documents).where(eq(documents.id, id));
    return row.storageKey;
  });
  // After the commit: a file whose row is gone is unreachable; one whose row stayed is never lost.
  await storage.delete(storageKey);
}

/** A document's file, for its owner or an administrator; anyone else gets the 404 of a missing one. */
export async function findReadableDocument({
  db,
  user,
  id,
}: {
  db: Db;
  user: SessionUser;
  id: string;
}) {
  const where = isAdminRole(user.role)
    ? eq(documents.id, id)
    : and(eq(documents.id, id), eq(documents.userId, user.id));
  const [row] = await db.select().from(documents).where(where).limit(1);
  if (!row) throw notFound(documentMessages.notFound);
  return row;
}
