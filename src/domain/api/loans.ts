import type { DocumentCategory } from "../document-category";
import type { OfficeId } from "../firm";
import type { LoanActivityType } from "../loan-activity";
import type { LoanStatus } from "../loan-status";
import type { LoanType } from "../loan-type";
import type { DocumentJson } from "./documents";
import type { InfoRequestJson } from "./dossier";
import type { ActorJson } from "./users";

/** A line of a list of loan requests (client dashboard and "Mes demandes"). */
export type LoanSummaryJson = {
  id: number;
  loanType: LoanType;
  /** Whole FCFA. */
  amount: number;
  durationMonths: number;
  purpose: string;
  status: LoanStatus;
  /** The office that handles it (chosen by the client in step 1). */
  office: OfficeId;
  createdAt: string;
};

// Declared in users.ts (dossier.ts needs it too, and loans.ts needs dossier.ts).
export type { ActorJson } from "./users";

export type LoanActivityJson = {
  id: number;
  type: LoanActivityType;
  oldValue: string | null;
  newValue: string | null;
  comment: string | null;
  documentName: string | null;
  /** The category of the document the activity is about (its slot, kept on replacement). */
  documentCategory: DocumentCategory | null;
  createdAt: string;
  author: ActorJson;
};

/** A loan request as its client sees it (/client/prets/:id). */
export type ClientLoanJson = LoanSummaryJson & {
  description: string;
  monthlyIncome: number | null;
  rejectionReason: string | null;
  approvedAmount: number | null;
  /** Percent a year, e.g. 12.5. */
  interestRate: number | null;
  monthlyPayment: number | null;
  updatedAt: string;
  documents: DocumentJson[];
  /** Newest first. */
  activities: LoanActivityJson[];
  /** The latest request for more information (issue 8), open or answered; null when none. */
  infoRequest: InfoRequestJson | null;
};

export const clientLoanPageSize = 10;
export const dashboardListSize = 5;

export const loanMessages = {
  notFound: "Prêt non trouvé ou vous n'avez pas les permissions nécessaires",
  loadFailed: "Impossible de charger les détails du prêt",
  listFailed: "Impossible de charger la liste des prêts",
  created: "Demande de prêt soumise avec succès",
  noActivity: "Aucune activité enregistrée pour ce prêt.",
  noDocument: "Aucun document associé à ce prêt.",
  noLoan: "Vous n'avez encore aucune demande de prêt.",
  noteAdded: "Note ajoutée avec succès",
} as const;
