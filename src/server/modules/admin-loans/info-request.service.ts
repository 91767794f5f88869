import { and, eq, inArray, sql } from "drizzle-orm";
import { adminLoanMessages } from "../../../domain/api/admin-loans";
import { dossierMessages } from "../../../domain/api/dossier";
import type { InfoRequestValues } from "../../../domain/api/dossier.schema";
import { canTransition } from "../../../domain/loan-status";
import type { Db } from "../../db/client";
import {
  documents,
  infoRequestItems,
  infoRequests,
  loanActivities,
  loanRequests,
} from "../../db/schema";
import { AppError, conflict } from "../../http/app-error";
import { notifyClient } from "../../notices/notify-client";
import { type AskedOfClient, loanStatusMail } from "./admin-loans.mail";
import { lockLoanForDecision, refuseWhileProposalPending } from "./approval.service";

const invalid = (message: string, field: string) =>
  new AppError("validation_error", 400, message, { [field]: message });

/**
 * 'Demander un complément': moves the request to info_requested in one transaction, as every
 * status change: the update (conditional on the status the officer saw), the info_requests row
 * and one item per thing asked (a document marked 'À remplacer', with its verdict's reason and
 * comment; or a category to add), the 'status_change' activity whose comment is the question, and
 * the client's e-mail listing what is asked (sent after the commit by the caller's dispatch).
 */
export async function requestInformation({
  db,
  officerId,
  loanId,
  input,
  baseUrl,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  input: InfoRequestValues;
  baseUrl: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked like every status change, so a four-eyes proposal cannot slip in meanwhile.
    const loan = await lockLoanForDecision(tx, loanId);
    if (!canTransition(input.from, "info_requested")) {
      throw conflict(
        "transition_refused",
        adminLoanMessages.transitionRefused(input.from, "info_requested"),
      );
    }

    // First the conditional update: it locks the request, so the documents checked below cannot
    // be reviewed again by another officer until this transaction ends.
    const updated = await tx
      .update(loanRequests)
      .set({ status: "info_requested", updatedAt: sql`now()` })
      .where(and(eq(loanRequests.id, loanId), eq(loanRequests.status, input.from)))
      .returning({ id: loanRequests.id });
    if (updated.length === 0) throw conflict("conflict", adminLoanMessages.conflict);
    // A four-eyes proposal waiting on this request is decided first (confirmed or sent back).
    await refuseWhileProposalPending(tx, loanId);

    const replaceIds = [...new Set(input.replace)];
    const toReplace =
      replaceIds.length === 0
        ? []
        : await tx
            .select({
              id: documents.id,
              category: documents.category,
              fileName: documents.fileName,
              replacedAt: documents.replacedAt,
              verdict: documents.reviewVerdict,
              reason: documents.reviewReason,
              comment: documents.reviewComment,
            })
            .from(documents)
            .where(and(inArray(documents.id, replaceIds), eq(documents.loanId, loanId)))
            .for("update");
    if (toReplace.length !== replaceIds.length) {
      throw invalid(dossierMessages.documentNotOnLoan, "replace");
    }
    // In the order the officer listed them, as the client will read them.
    const ordered = replaceIds.map((id) => toReplace.find((document) => document.id === id));
    for (const document of ordered) {
      if (!document) throw invalid(dossierMessages.documentNotOnLoan, "replace");
      if (document.replacedAt !== null) {
        throw conflict("document_replaced", dossierMessages.documentReplaced);
      }
      if (document.verdict !== "a_remplacer") {
        throw invalid(dossierMessages.replaceNeedsVerdict, "replace");
      }
    }

    const [request] = await tx
      .insert(infoRequests)
      .values({ loanId, question: input.question, createdBy: officerId })
      .returning({ id: infoRequests.id });
    if (!request) throw new Error("info request insert returned no row");

    const items: Array<AskedOfClient["items"][number] & { documentId: string | null }> = [
      ...ordered.flatMap((document) =>
        document
          ? [
              {
                kind: "replace" as const,
                category: document.category,
                documentId: document.id,
                documentName: document.fileName,
                reason: document.reason,
                comment: document.comment,
              },
            ]
          : [],
      ),
      ...input.add.map((item) => ({
        kind: "add" as const,
        category: item.category,
        documentId: null,
        documentName: null,
        reason: null,
        comment: item.comment,
      })),
    ];
    if (items.length > 0) {
      await tx.insert(infoRequestItems).values(
        items.map((item) => ({
          infoRequestId: request.id,
          kind: item.kind,
          category: item.category,
          documentId: item.documentId,
          reason: item.reason,
          comment: item.comment,
        })),
      );
    }

    await tx.insert(loanActivities).values({
      loanId,
      type: "status_change",
      oldValue: input.from,
      newValue: "info_requested",
      comment: input.question,
      createdBy: officerId,
    });
    await notifyClient(tx, {
      userId: loan.clientId,
      loanId,
      baseUrl,
      mail: {
        topic: `loan_status:${loanId}:info_requested`,
        content: loanStatusMail({
          loanId,
          loanType: loan.loanType,
          firstName: loan.clientFirstName,
          status: "info_requested",
          asked: { question: input.question, items },
          baseUrl,
        }),
      },
      sms: { kind: "info_requested" },
    });
  });
}
