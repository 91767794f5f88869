import { z } from "zod";
import { officeIds } from "../firm";
import { simulatorMessages, usuryCeilingPercent } from "../loan-simulator";
import { type LoanStatus, loanStatuses, loanStatusLabels } from "../loan-status";
import { loanTypes } from "../loan-type";
import type { Role } from "../roles";
import type { ApprovalProposalJson } from "./approval";
import type { DocumentJson } from "./documents";
import type { InfoRequestJson } from "./dossier";
import type { LoanActivityJson, LoanSummaryJson } from "./loans";
import { pageQuerySchema } from "./page";

// What the loan officers' screens exchange with /api/admin/loans (issue 7). The routes:
//   GET  /api/admin/loans?status=&type=&q=&agence=&retard=&page=&pageSize=
//                                                               -> Page<AdminLoanSummaryJson>
//   GET  /api/admin/loans/export.csv?status=&type=&q=&agence=&retard=
//                                                               -> text/csv, every matching request
//   GET  /api/admin/loans/:id                                 -> { loan: AdminLoanJson }
//   POST /api/admin/loans/:id/status   LoanStatusChangeInput  -> { loan: AdminLoanJson }
//   PUT  /api/admin/loans/:id/assignee LoanAssignInput        -> { loan: AdminLoanJson }
//   POST /api/admin/loans/:id/notes    LoanNoteValues         -> { note: AdminNoteJson }

export const adminLoanPageSize = 10;

/** A person named on a request: its client, or the officer it is assigned to. */
export type PersonJson = { id: string; firstName: string; lastName: string; email: string };

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
};

export const maxSearchLength = 100;

export const adminFilterMessages = {
  office: "Agence inconnue",
  overdue: "Le filtre « En retard » n'accepte que la valeur 1",
} as const;

/** A blank or absent query-string value means "no filter". */
const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** The list's filters, as the URL of /admin/prets and the API both carry them. */
export const adminLoanFilterSchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z.enum(loanStatuses, { error: "Statut inconnu" }).optional(),
  ),
  type: z.preprocess(
    blankAsUndefined,
    z.enum(loanTypes, { error: "Type de prêt inconnu" }).optional(),
  ),
  /** Client's first name, last name or e-mail; case and accents ignored, `%` and `_` literal. */
  q: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(maxSearchLength, {
        error: `La recherche ne doit pas dépasser ${maxSearchLength} caractères`,
      })
      .optional(),
  ),
  /** The office handling the request (issue 8). */
  agence: z.preprocess(
    blankAsUndefined,
    z.enum(officeIds, { error: adminFilterMessages.office }).optional(),
  ),
  /** `retard=1`: undecided requests older than the 48 h promise (decision-promise.ts). */
  retard: z.preprocess(
    blankAsUndefined,
    z
      .literal("1", { error: adminFilterMessages.overdue })
      .transform(() => true as const)
      .optional(),
  ),
});
export type AdminLoanFilter = z.output<typeof adminLoanFilterSchema>;

export const adminLoanListQuerySchema = pageQuerySchema(adminLoanPageSize).extend(
  adminLoanFilterSchema.shape,
);
export type AdminLoanListQuery = z.output<typeof adminLoanListQuerySchema>;

export const maxRejectionReasonLength = 2000;

/**
 * A status change. `from` is the status the officer saw: the server applies the change only if
 * the request is still in it (otherwise 409), so two officers acting at once cannot both win.
 * Approving carries the approved amount and the annual rate; rejecting, an optional reason.
 */
export const loanStatusChangeSchema = z.discriminatedUnion(
  "to",
  [
    z.object({
      from: z.enum(loanStatuses, { error: "Statut inconnu" }),
      to: z.literal("approved"),
      approvedAmount: z.coerce
        .number({ error: "Veuillez entrer un montant approuvé valide" })
        .refine((value) => Number.isFinite(value), {
          error: "Veuillez entrer un montant approuvé valide",
        })
        .transform(Math.round)
        .refine((value) => value > 0, { error: "Veuillez entrer un montant approuvé valide" }),
      interestRate: z.coerce
        .number({ error: simulatorMessages.rate })
        .refine((value) => Number.isFinite(value) && value >= 0, {
          error: simulatorMessages.rate,
        })
        .refine((value) => value <= usuryCeilingPercent, {
          error: simulatorMessages.rateAboveUsury,
        })
        // numeric(5,2): two decimals at most.
        .transform((value) => Math.round(value * 100) / 100),
    }),
    z.object({
      from: z.enum(loanStatuses, { error: "Statut inconnu" }),
      to: z.literal("rejected"),
      rejectionReason: z.preprocess(
        (value) => (typeof value === "string" ? value.replaceAll("\0", "").trim() : value),
        z
          .string()
          .max(maxRejectionReasonLength, {
            error: `Le motif ne doit pas dépasser ${maxRejectionReasonLength} caractères`,
          })
          .optional()
          .transform((value) => value || undefined),
      ),
    }),
    z.object({
      from: z.enum(loanStatuses, { error: "Statut inconnu" }),
      to: z.enum(["in_review", "completed"], { error: "Statut inconnu" }),
    }),
  ],
  { error: "Statut inconnu" },
);
export type LoanStatusChangeInput = z.input<typeof loanStatusChangeSchema>;
export type LoanStatusChange = z.output<typeof loanStatusChangeSchema>;

/** `assigneeId: null` removes the assignment ('Retirer l'assignation actuelle'). */
export const loanAssignSchema = z.object({
  assigneeId: z
    .string({ error: "Veuillez choisir un administrateur" })
    .min(1, { error: "Veuillez choisir un administrateur" })
    .max(100, { error: "Veuillez choisir un administrateur" })
    .nullable(),
});
export type LoanAssignInput = z.input<typeof loanAssignSchema>;

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
