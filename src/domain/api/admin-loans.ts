import { type LoanStatus, loanStatusLabels } from "../loan-status";
import type { Role } from "../roles";
import type { ApprovalProposalJson } from "./approval";
import type { DocumentJson } from "./documents";
import type { InfoRequestJson } from "./dossier";
import type { LoanActivityJson, LoanSummaryJson } from "./loans";
import type { LoanNoticeJson } from "./notices";
import type { PersonJson } from "./users";

// What the loan officers' screens exchange with /api/admin/loans (issue 7). The routes:
//   GET  /api/admin/loans?status=&type=&q=&agence=&retard=&page=&pageSize=
//                                                               -> Page<AdminLoanSummaryJson>
//   GET  /api/admin/loans/export.csv?status=&type=&q=&agence=&retard=
//                                                               -> text/csv, every matching request
//   GET  /api/admin/loans/:id                                 -> { loan: AdminLoanJson }
//   POST /api/admin/loans/:id/status   LoanStatusChangeInput  -> { loan: AdminLoanJson }
//   PUT  /api/admin/loans/:id/assignee LoanAssignInput        -> { loan: AdminLoanJson }
//   POST /api/admin/loans/:id/notes    LoanNoteValues         -> { note: AdminNoteJson }
// The query strings' and bodies' schemas (and their types) are in admin-loans.schema.ts.

export const adminLoanPageSize = 10;

// Declared in users.ts (approval.ts needs it too, and admin-loans.ts needs approval.ts).
export type { PersonJson } from "./users";

/** A line of the officers' list of requests (/admin/prets, the dashboard's latest five). */
export type AdminLoanSummaryJson = LoanSummaryJson & {
  client: PersonJson;
  assignee: PersonJson | null;
  /** A four-eyes approval proposal waits for a second administrator (approval.ts). */
  awaitingConfirmation: boolean;
  /** Undecided and older than the 48 h promise at the time of the answer (decision-promise.ts). */
  overdue: boolean;
};

export type AdminNoteJson = {
  id: number;
  note: string;
  createdAt: string;
  author: PersonJson & { role: Role };
};

/** A loan request as an officer reviews it (/admin/prets/:id). */
export type AdminLoanJson = AdminLoanSummaryJson & {
  description: string;
  monthlyIncome: number | null;
  rejectionReason: string | null;
  approvedAmount: number | null;
  /** Percent a year, e.g. 12.5. */
  interestRate: number | null;
  monthlyPayment: number | null;
  updatedAt: string;
  client: PersonJson & {
    phone: string | null;
    address: string | null;
    city: string | null;
    country: string | null;
    /** The client closed the account (issue 18): the request is read-only; null when open. */
    closedAt: string | null;
  };
  documents: DocumentJson[];
  /** Newest first; officers' and clients' notes alike. */
  notes: AdminNoteJson[];
  /**
   * Newest first; the complete trail (status changes, assignments, notes, documents). An
   * assignment's oldValue and newValue are the officers' full names ("Fatou Diop"; null: none).
   */
  activities: LoanActivityJson[];
  /** The latest request for more information (issue 8), open or answered; null when none. */
  infoRequest: InfoRequestJson | null;
  /** The pending four-eyes proposal, if any: the status buttons wait for its decision. */
  approvalProposal: ApprovalProposalJson | null;
  /** The e-mails and SMS the client was sent about the request, newest first (issue 18). */
  notices: LoanNoticeJson[];
};

export const maxSearchLength = 100;

export const adminFilterMessages = {
  office: "Agence inconnue",
  overdue: "Le filtre « En retard » n'accepte que la valeur 1",
  /** `?q=a&q=b`: the query string carries the search twice. */
  searchNotText: "Recherche invalide : un seul texte est attendu",
} as const;

export const maxRejectionReasonLength = 2000;

/** Above this share of the declared monthly income, the monthly payment is flagged. */
export const maxDebtToIncomeRatio = 0.35;

export const adminLoanMessages = {
  notFound: "Demande de prêt introuvable",
  noLoan: "Aucune information disponible pour cette demande de prêt.",
  noLoanFound: "Aucune demande de prêt trouvée.",
  listFailed: "Erreur lors de la récupération des prêts",
  loadFailed: "Erreur lors de la récupération du prêt",
  /** Another officer changed the request since it was loaded. */
  conflict:
    "Cette demande a été modifiée par un autre administrateur entre-temps. Rechargez la page pour voir son état actuel.",
  transitionRefused: (from: LoanStatus, to: LoanStatus) =>
    `Une demande « ${loanStatusLabels[from]} » ne peut pas passer à « ${loanStatusLabels[to]} ».`,
  approvedAboveRequested: "Le montant approuvé ne peut pas dépasser le montant demandé",
  assigneeNotAdmin: "Cet utilisateur n'est pas un administrateur",
  /** Toast on the detail page. */
  statusUpdated: (to: LoanStatus) =>
    `Le statut de la demande a été mis à jour avec succès à "${loanStatusLabels[to]}"`,
  /** Toast after an inline approve or reject in the list. */
  statusUpdatedInline: (to: LoanStatus) => `Statut mis à jour avec succès: ${loanStatusLabels[to]}`,
  statusDialogText: "Vous êtes sur le point de changer le statut de la demande à :",
  statusDialogNotice: "Cette action sera enregistrée et le client en sera informé.",
  assigned: "La demande a été attribuée avec succès",
  unassigned: "L'assignation a été retirée",
  notAssigned: "Cette demande n'est pas encore assignée",
  removeAssignment: "Retirer l'assignation actuelle",
  noteAdded: "Note ajoutée avec succès",
  statusError: (error: string) => `Erreur lors de la mise à jour du statut: ${error}`,
  statusErrorGeneric: "Une erreur est survenue lors de la mise à jour du statut.",
  assignError: (error: string) => `Erreur lors de l'attribution: ${error}`,
  assignErrorGeneric: "Une erreur est survenue lors de l'attribution.",
  noteError: (error: string) => `Erreur lors de l'ajout de la note: ${error}`,
  noteErrorGeneric: "Une erreur est survenue lors de l'ajout de la note.",
  loadDataError: (error: string) => `Erreur lors du chargement des données: ${error}`,
} as const;
