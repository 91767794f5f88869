import { asc, desc, sql } from "drizzle-orm";
import type { DocumentJson } from "../../../domain/api/documents";
import {
  type AcceptedFileType,
  type DocumentCategory,
  documentCategories,
} from "../../../domain/document-category";
import type { DocumentVerdict, ReplacementReason } from "../../../domain/document-review";
import type { LoanStatus } from "../../../domain/loan-status";
import { documents, loanRequests } from "../../db/schema";

/** The columns a DocumentJson needs: the document and its loan request's status. */
export const documentColumns = {
  id: documents.id,
  loanId: documents.loanId,
  loanStatus: loanRequests.status,
  fileName: documents.fileName,
  fileType: documents.fileType,
  fileSize: documents.fileSize,
  category: documents.category,
  uploadedAt: documents.uploadedAt,
  replacedAt: documents.replacedAt,
  replacedById: documents.replacedBy,
  reviewVerdict: documents.reviewVerdict,
  reviewReason: documents.reviewReason,
  reviewComment: documents.reviewComment,
  reviewedAt: documents.reviewedAt,
};

type DocumentColumns = {
  id: string;
  loanId: number | null;
  loanStatus: LoanStatus | null;
  fileName: string;
  fileType: string;
  fileSize: number;
  category: DocumentCategory;
  uploadedAt: Date | string;
  replacedAt: Date | string | null;
  replacedById: string | null;
  reviewVerdict: DocumentVerdict | null;
  reviewReason: ReplacementReason | null;
  reviewComment: string | null;
  reviewedAt: Date | string | null;
};

export function toDocumentJson(row: DocumentColumns): DocumentJson {
  return {
    id: row.id,
    loanId: row.loanId,
    loanStatus: row.loanStatus,
    fileName: row.fileName,
    fileType: row.fileType as AcceptedFileType,
    fileSize: row.fileSize,
    category: row.category,
    uploadedAt: new Date(row.uploadedAt).toISOString(),
    replacedAt: row.replacedAt === null ? null : new Date(row.replacedAt).toISOString(),
    replacedById: row.replacedById,
    review:
      row.reviewVerdict === null || row.reviewedAt === null
        ? null
        : {
            verdict: row.reviewVerdict,
            reason: row.reviewReason,
            comment: row.reviewComment,
            reviewedAt: new Date(row.reviewedAt).toISOString(),
          },
  };
}

/**
 * Newest first; documents sent together (the wizard's three, in one transaction, share their
 * time) in the categories' order, then by name: the same order for every client and every
 * reading, never the random ids' (issue 29, 9).
 */
export const documentsNewestFirst = [
  desc(documents.createdAt),
  asc(
    sql`array_position(array[${sql.join(
      documentCategories.map((category) => sql`${category}`),
      sql`, `,
    )}]::text[], ${documents.category})`,
  ),
  asc(documents.fileName),
  asc(documents.id),
];
