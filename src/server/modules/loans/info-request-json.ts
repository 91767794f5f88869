import { asc, desc, eq, inArray } from "drizzle-orm";
import type { DocumentJson } from "../../../domain/api/documents";
import type { InfoRequestItemJson, InfoRequestJson } from "../../../domain/api/dossier";
import type { Db } from "../../db/client";
import { documents, infoRequestItems, infoRequests, loanRequests, user } from "../../db/schema";
import { documentColumns, toDocumentJson } from "../documents/document-json";

// The latest request for more information of a loan, as both the officers' and the client's views
// of the request show it: what was asked (each item with the document it replaces and the
// document the client sent for it), who asked, and the client's answer once given.

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The loan's latest info request (open or answered), or null when none was ever made. The caller
 * has already checked that the reader may see the loan.
 */
export async function latestInfoRequest(db: Db, loanId: number): Promise<InfoRequestJson | null> {
  const [request] = await db
    .select({
      id: infoRequests.id,
      question: infoRequests.question,
      createdAt: infoRequests.createdAt,
      answer: infoRequests.answer,
      answeredAt: infoRequests.answeredAt,
      closedAt: infoRequests.closedAt,
      requesterFirstName: user.firstName,
      requesterLastName: user.lastName,
      requesterRole: user.role,
    })
    .from(infoRequests)
    .leftJoin(user, eq(user.id, infoRequests.createdBy))
    .where(eq(infoRequests.loanId, loanId))
    .orderBy(desc(infoRequests.createdAt), desc(infoRequests.id))
    .limit(1);
  if (!request) return null;

  const items = await db
    .select({
      id: infoRequestItems.id,
      kind: infoRequestItems.kind,
      category: infoRequestItems.category,
      documentId: infoRequestItems.documentId,
      reason: infoRequestItems.reason,
      comment: infoRequestItems.comment,
      providedDocumentId: infoRequestItems.providedDocumentId,
    })
    .from(infoRequestItems)
    .where(eq(infoRequestItems.infoRequestId, request.id))
    .orderBy(asc(infoRequestItems.id));

  // The documents the items name (replaced and provided), in one query.
  const documentIds = items.flatMap((item) =>
    [item.documentId, item.providedDocumentId].filter((id): id is string => id !== null),
  );
  const documentRows =
    documentIds.length === 0
      ? []
      : await db
          .select(documentColumns)
          .from(documents)
          .leftJoin(loanRequests, eq(loanRequests.id, documents.loanId))
          .where(inArray(documents.id, documentIds));
  const byId = new Map<string, DocumentJson>(
    documentRows.map((row) => [row.id, toDocumentJson(row)]),
  );

  return {
    id: request.id,
    question: request.question,
    createdAt: iso(request.createdAt),
    requestedBy:
      request.requesterRole === null
        ? null
        : {
            firstName: request.requesterFirstName ?? "",
            lastName: request.requesterLastName ?? "",
            role: request.requesterRole === "admin" ? "admin" : "client",
          },
    items: items.map(
      (item): InfoRequestItemJson => ({
        id: item.id,
        kind: item.kind,
        category: item.category,
        documentId: item.documentId,
        documentName:
          item.documentId === null ? null : (byId.get(item.documentId)?.fileName ?? null),
        reason: item.reason,
        comment: item.comment,
        providedDocument:
          item.providedDocumentId === null ? null : (byId.get(item.providedDocumentId) ?? null),
      }),
    ),
    answer: request.answer,
    answeredAt: request.answeredAt === null ? null : iso(request.answeredAt),
    closedAt: request.closedAt === null ? null : iso(request.closedAt),
  };
}
