import type { AcceptedFileType, DocumentCategory } from "../document-category";
import type { DocumentVerdict, ReplacementReason } from "../document-review";
import type { LoanStatus } from "../loan-status";

/** A document as its owner and the officers see it. */
export type DocumentJson = {
  id: string;
  /** The loan request it belongs to, if any. */
  loanId: number | null;
  /** The loan request's status, when it belongs to one (tells whether it may be deleted). */
  loanStatus: LoanStatus | null;
  fileName: string;
  fileType: AcceptedFileType;
  fileSize: number;
  category: DocumentCategory;
  uploadedAt: string;
  /** Set once a newer document replaced it (issue 8): kept, no longer current. */
  replacedAt: string | null;
  /** The document that replaced it (same request); null while current. */
  replacedById: string | null;
  /** The officers' latest verdict on it; null until reviewed. Who gave it is in the history. */
  review: DocumentReviewJson | null;
};

/** An officer's verdict on a document (the latest one counts). */
export type DocumentReviewJson = {
  verdict: DocumentVerdict;
  /** Set when the verdict is 'À remplacer'. */
  reason: ReplacementReason | null;
  comment: string | null;
  reviewedAt: string;
};

/** Where a document's file is read: inline to view it, or as an attachment to download it. */
export function documentFileUrl(id: string, disposition: "inline" | "attachment" = "inline") {
  return `/api/documents/${id}/file${disposition === "attachment" ? "?download=1" : ""}`;
}

export const documentPageSize = 20;

/**
 * How many documents a client has, said the same way on every page: every document kept counts,
 * a version replaced at an officer's request included (it stays listed, marked 'Remplacé').
 * "5 documents, dont 1 remplacé" where the page knows how many were replaced.
 */
export function documentCountText(total: number, replaced = 0): string {
  const documents = `${total} document${total > 1 ? "s" : ""}`;
  return replaced > 0
    ? `${documents}, dont ${replaced} remplacé${replaced > 1 ? "s" : ""}`
    : documents;
}

/** The client's document lists (dashboard card and "Mes documents"). */
export const documentListMessages = {
  loadFailed: "Impossible de charger vos documents",
  empty: "Vous n'avez encore aucun document.",
  confirm: "Êtes-vous sûr de vouloir supprimer ce document?",
  deleted: "Document supprimé avec succès",
} as const;

export const documentMessages = {
  notFound: "Document introuvable",
  lockedUnderReview:
    "Ce document fait partie d'une demande de prêt en cours d'examen : il ne peut pas être supprimé.",
  lockedDecided:
    "Ce document fait partie du dossier d'une demande de prêt déjà traitée : il est conservé et ne peut pas être supprimé.",
  fileMissing: "Le fichier de ce document est introuvable. Contactez le support.",
} as const;
