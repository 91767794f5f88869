import { z } from "zod";
import { officeIds } from "../firm";
import { simulatorMessages, usuryCeilingPercent } from "../loan-simulator";
import { loanStatuses } from "../loan-status";
import { loanTypes } from "../loan-type";
import {
  adminFilterMessages,
  adminLoanPageSize,
  maxRejectionReasonLength,
  maxSearchLength,
} from "./admin-loans";
import { pageQuerySchema } from "./page.schema";
import { servicingFilters } from "./servicing";

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
      .string({ error: adminFilterMessages.searchNotText })
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
  /**
   * `suivi`: where approved loans stand after the decision (issue 28): 'À décaisser',
   * 'En remboursement', 'En retard' (an instalment past due), 'Soldé'.
   */
  suivi: z.preprocess(
    blankAsUndefined,
    z.enum(servicingFilters, { error: "Suivi inconnu" }).optional(),
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
      // Absent: the default rate of the configuration (LOAN_DEFAULT_RATE, issue 28).
      interestRate: z.preprocess(
        (value) => (value === null || value === "" ? undefined : value),
        z.coerce
          .number({ error: simulatorMessages.rate })
          .refine((value) => Number.isFinite(value) && value >= 0, {
            error: simulatorMessages.rate,
          })
          .refine((value) => value <= usuryCeilingPercent, {
            error: simulatorMessages.rateAboveUsury,
          })
          // numeric(5,2): two decimals at most.
          .transform((value) => Math.round(value * 100) / 100)
          .optional(),
      ),
      // Whole FCFA; absent: LOAN_FEES_PERCENT of the approved amount (issue 28).
      feesAmount: z.preprocess(
        (value) => (value === null || value === "" ? undefined : value),
        z.coerce
          .number({ error: "Les frais doivent être un nombre entier de FCFA" })
          .refine((value) => Number.isFinite(value), {
            error: "Les frais doivent être un nombre entier de FCFA",
          })
          .refine((value) => value >= 0, { error: "Les frais ne peuvent pas être négatifs" })
          .refine((value) => Number.isInteger(value), {
            error: "Les frais doivent être un nombre entier de FCFA",
          })
          .refine((value) => value <= 10_000_000_000, { error: "Les frais sont trop élevés" })
          .optional(),
      ),
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
