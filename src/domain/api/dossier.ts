import type { DocumentCategory } from "../document-category";
import type { ReplacementReason } from "../document-review";
import type { DocumentJson } from "./documents";
import type { ActorJson } from "./users";

export type { DocumentReviewJson } from "./documents";

// Complete dossiers (issue 8): an officer's verdict on each document, and the request for more
// information ('Demander un complément') that the client answers. The routes:
//   PUT  /api/admin/loans/:id/documents/:documentId/review  DocumentReviewInput -> { loan: AdminLoanJson }
//   POST /api/admin/loans/:id/info-request                  InfoRequestInput    -> { loan: AdminLoanJson }
//   PUT  /api/loans/:id/info-request/items/:itemId          ComplementItemInput -> { loan: ClientLoanJson }
//   POST /api/loans/:id/info-request/submit                 ComplementSubmitInput -> { loan: ClientLoanJson }
// The bodies' schemas (and their Input types) are in dossier.schema.ts.

/**
 * One thing asked of the client: replace a document (the one named, with the reason of its
 * verdict) or add a document of a category the request does not have yet.
 */
export type InfoRequestItemJson = {
  id: number;
  kind: "replace" | "add";
  category: DocumentCategory;
  /** The document to replace (kind 'replace'). */
  documentId: string | null;
  documentName: string | null;
  reason: ReplacementReason | null;
  comment: string | null;
  /** What the client has sent for it so far; null until then. */
  providedDocument: DocumentJson | null;
};

/** A request for more information: what was asked, by whom, and the client's answer. */
export type InfoRequestJson = {
  id: number;
  /** The free question to the client, if any. */
  question: string | null;
  createdAt: string;
  requestedBy: ActorJson;
  items: InfoRequestItemJson[];
  /** The client's answer to the question, given when the complements are sent. */
  answer: string | null;
  /** When the client sent the complements; null while the request waits for them. */
  answeredAt: string | null;
  /** When it stopped waiting unanswered (the loan was rejected meanwhile); null otherwise. */
  closedAt: string | null;
};

export const maxReviewCommentLength = 1000;
export const maxQuestionLength = 2000;
export const maxAnswerLength = 5000;

export const dossierMessages = {
  reasonRequired: "Veuillez choisir le motif du remplacement",
  verdictRequired: "Veuillez choisir un avis : « Conforme » ou « À remplacer »",
  commentTooLong: `Le commentaire ne doit pas dépasser ${maxReviewCommentLength} caractères`,
  questionTooLong: `La question ne doit pas dépasser ${maxQuestionLength} caractères`,
  answerTooLong: `La réponse ne doit pas dépasser ${maxAnswerLength} caractères`,
  nothingAsked:
    "Indiquez au moins un document à remplacer ou à ajouter, ou une question pour le client",
  documentNotOnLoan: "Ce document n'appartient pas à cette demande",
  documentReplaced: "Ce document a déjà été remplacé",
  /** A verdict on a document of a request already approved, rejected or completed. */
  reviewClosed:
    "Cette demande a déjà été traitée : l'avis sur ses documents ne peut plus être modifié.",
  /** The officers' status route: leaving 'Complément demandé' for 'En cours' is the client's move. */
  complementAwaited:
    "Le client n'a pas encore envoyé les compléments demandés : la demande repassera « En cours » à leur réception. Vous pouvez aussi la rejeter.",
  replaceNeedsVerdict: "Seuls les documents marqués « À remplacer » peuvent être redemandés",
  categoryUnknown: "Catégorie de document inconnue",
  noOpenRequest: "Aucun complément n'est demandé pour cette demande de prêt",
  itemNotFound: "Élément de complément introuvable",
  incomplete:
    "Il manque encore des éléments : envoyez chaque document demandé et répondez à la question avant d'envoyer les compléments",
  answerRequired: "Veuillez répondre à la question de votre conseiller",
  uploadRequired: "Veuillez choisir un fichier",
  reviewSaved: "Avis enregistré",
  infoRequested: "Le complément a été demandé au client",
  /** The officers' card of a request for complements closed by the loan's rejection. */
  infoRequestClosed: "Clôturée : demande rejetée",
  itemSaved: "Document ajouté au complément",
  complementSent: "Vos compléments ont été envoyés. Votre dossier repasse en cours d'examen.",
  actionRequired: "Action requise",
} as const;

/** True when everything asked has been provided: each item has a document, the question an answer. */
export function isComplementReady(request: InfoRequestJson, answer: string | null): boolean {
  if (request.items.some((item) => item.providedDocument === null)) return false;
  return request.question === null || (answer ?? "").trim() !== "";
}
