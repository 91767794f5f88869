import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import { dossierMessages } from "../../../domain/api/dossier";
import type { DocumentReview } from "../../../domain/api/dossier.schema";
import { isUndecided, type LoanStatus } from "../../../domain/loan-status";
import type { Db } from "../../db/client";
import { documents, loanActivities, loanRequests } from "../../db/schema";
import { conflict, notFound } from "../../http/app-error";

const documentParamsSchema = z.object({ documentId: z.uuid() });

/** `:documentId` is a document's uuid; anything else is a document that does not exist (404). */
export function documentIdParam(params: unknown): string {
  const result = documentParamsSchema.safeParse(params);
  if (!result.success) throw notFound(dossierMessages.documentNotOnLoan);
  return result.data.documentId;
}

/**
 * An officer's verdict on one document of a request ('Conforme', or 'À remplacer' with a reason),
 * in one transaction: the document's review columns (the latest verdict counts), a
 * 'document_review' activity (who and when, every verdict kept), and the request's updated_at.
 * Only a current document (not replaced) of a request still waiting for a decision.
 */
export async function reviewDocument({
  db,
  officerId,
  loanId,
  documentId,
  review,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  documentId: string;
  review: DocumentReview;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked: a decision taken at the same moment waits for the verdict, or the verdict for it.
    const [loan] = await tx
      .select({ status: loanRequests.status })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId))
      .for("update");
    if (!loan) throw notFound(adminLoanMessages.notFound);
    const [document] = await tx
      .select({ fileName: documents.fileName, replacedAt: documents.replacedAt })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.loanId, loanId)))
      .for("update");
    if (!document) throw notFound(dossierMessages.documentNotOnLoan);
    if (document.replacedAt !== null) {
      throw conflict("document_replaced", dossierMessages.documentReplaced);
    }
    if (!isUndecided(loan.status as LoanStatus)) {
      throw conflict("review_closed", dossierMessages.reviewClosed);
    }

    const reason = review.verdict === "a_remplacer" ? review.reason : null;
    await tx
      .update(documents)
      .set({
        reviewVerdict: review.verdict,
        reviewReason: reason,
        reviewComment: review.comment,
        reviewedBy: officerId,
        reviewedAt: sql`now()`,
      })
      .where(eq(documents.id, documentId));
    await tx.insert(loanActivities).values({
      loanId,
      type: "document_review",
      newValue: review.verdict,
      oldValue: reason,
      comment: review.comment,
      documentName: document.fileName,
      documentId,
      createdBy: officerId,
    });
    await tx.update(loanRequests).set({ updatedAt: sql`now()` }).where(eq(loanRequests.id, loanId));
  });
}
