import { z } from "zod";
import { firmToday } from "../loan-schedule";
import { paymentChannels, servicingFilters, servicingMessages } from "./servicing";

// The bodies of the servicing routes (issue 28, servicing.ts lists them). Money is whole FCFA:
// a negative, zero, fractional or absurd amount is a French 400 naming the field.

const maxAmount = 10_000_000_000;
const maxReferenceLength = 100;
const maxReasonLength = 2000;

const cleanText = (value: unknown) =>
  typeof value === "string" ? value.replaceAll("\0", "").trim() : value;

/** Whole FCFA, more than zero: "150000", 150000 and "150 000" are the same amount. */
export function fcfaAmount(label: string) {
  const invalid = `${label} doit être un nombre entier de FCFA`;
  return z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/[\s\u00a0\u202f]/g, "") : value),
    z.coerce
      .number({ error: invalid })
      .refine((value) => Number.isFinite(value), { error: invalid })
      .refine((value) => value >= 0, { error: `${label} ne peut pas être négatif` })
      .refine((value) => value > 0, { error: `${label} doit être supérieur à zéro` })
      .refine((value) => Number.isInteger(value), { error: invalid })
      .refine((value) => value <= maxAmount, { error: `${label} est trop élevé` }),
  );
}

/** "2026-12-05", a real day, not after today (Africa/Abidjan, UTC). */
export function pastDate(label: string) {
  const invalid = `${label} est invalide (format attendu : AAAA-MM-JJ)`;
  return z
    .string({ error: invalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: invalid })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: invalid })
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: invalid,
    })
    .refine((value) => value >= "2000-01-01", { error: invalid })
    .refine((value) => value <= firmToday(), {
      error: `${label} ne peut pas être dans le futur`,
    });
}

const channel = z.enum(paymentChannels, { error: "Moyen de paiement inconnu" });

const reference = z.preprocess(
  cleanText,
  z
    .string({ error: "Veuillez indiquer la référence de l'opération" })
    .min(1, { error: "Veuillez indiquer la référence de l'opération" })
    .max(maxReferenceLength, {
      error: `La référence ne doit pas dépasser ${maxReferenceLength} caractères`,
    }),
);

function reason(message: string) {
  return z.preprocess(
    cleanText,
    z
      .string({ error: message })
      .min(1, { error: message })
      .max(maxReasonLength, {
        error: `Le motif ne doit pas dépasser ${maxReasonLength} caractères`,
      }),
  );
}

export const contractSignSchema = z.object({
  code: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s/g, "") : value),
    z
      .string({ error: servicingMessages.codeMissing })
      .regex(/^\d{6}$/, { error: servicingMessages.codeMissing }),
  ),
});
export type ContractSignInput = z.input<typeof contractSignSchema>;

export const contractWithdrawSchema = z.object({
  reason: reason(servicingMessages.withdrawReason),
});
export type ContractWithdrawInput = z.input<typeof contractWithdrawSchema>;

export const disbursementSchema = z.object({
  disbursedOn: pastDate("La date de décaissement"),
  channel,
  reference,
  amount: fcfaAmount("Le montant décaissé"),
  reason: z.preprocess(
    (value) => (value === null ? undefined : cleanText(value)),
    z
      .string({ error: servicingMessages.reasonRequired })
      .max(maxReasonLength, {
        error: `Le motif ne doit pas dépasser ${maxReasonLength} caractères`,
      })
      .optional()
      .transform((value) => value || undefined),
  ),
});
export type DisbursementInput = z.input<typeof disbursementSchema>;
export type DisbursementValues = z.output<typeof disbursementSchema>;

export const disbursementConfirmSchema = z.object({
  disbursementId: z.coerce
    .number({ error: "Décaissement inconnu" })
    .int({ error: "Décaissement inconnu" })
    .positive({ error: "Décaissement inconnu" })
    .max(2_147_483_647, { error: "Décaissement inconnu" }),
});
export type DisbursementConfirmInput = z.input<typeof disbursementConfirmSchema>;

export const paymentSchema = z.object({
  paidOn: pastDate("La date de paiement"),
  amount: fcfaAmount("Le montant"),
  channel,
  reference,
});
export type PaymentInput = z.input<typeof paymentSchema>;
export type PaymentValues = z.output<typeof paymentSchema>;

export const paymentReversalSchema = z.object({
  reason: reason(servicingMessages.reversalReason),
});
export type PaymentReversalInput = z.input<typeof paymentReversalSchema>;

const columnName = (message: string) =>
  z.preprocess(
    cleanText,
    z.string({ error: message }).min(1, { error: message }).max(100, { error: message }),
  );

export const statementMappingSchema = z.object({
  dateColumn: columnName("Veuillez indiquer la colonne de la date"),
  amountColumn: columnName("Veuillez indiquer la colonne du montant"),
  referenceColumn: columnName("Veuillez indiquer la colonne de la référence"),
  phoneColumn: z.preprocess(
    (value) => (value === null || value === "" ? undefined : cleanText(value)),
    z
      .string({ error: "Colonne du téléphone invalide" })
      .max(100, { error: "Colonne du téléphone invalide" })
      .optional(),
  ),
});
export type StatementMappingInput = z.input<typeof statementMappingSchema>;

export const statementChannelParamSchema = z.object({ channel });

export const maxStatementBytes = 2 * 1024 * 1024;

export const statementImportSchema = z.object({
  channel,
  fileName: z.preprocess(
    cleanText,
    z
      .string({ error: "Veuillez indiquer le nom du fichier" })
      .min(1, { error: "Veuillez indiquer le nom du fichier" })
      .max(200, { error: "Le nom du fichier ne doit pas dépasser 200 caractères" }),
  ),
  /** The CSV's text, as the browser read the file. */
  csv: z
    .string({ error: "Veuillez joindre le relevé (CSV)" })
    .min(1, { error: "Veuillez joindre le relevé (CSV)" })
    .max(maxStatementBytes, { error: "Le relevé ne doit pas dépasser 2 Mo" }),
});
export type StatementImportInput = z.input<typeof statementImportSchema>;

export const statementConfirmSchema = z.object({
  /** The rows (their numbers) the officer confirms; proposed rows only are recorded. */
  rows: z
    .array(
      z.coerce
        .number({ error: "Ligne inconnue" })
        .int({ error: "Ligne inconnue" })
        .positive({ error: "Ligne inconnue" })
        .max(1_000_000, { error: "Ligne inconnue" }),
      { error: "Veuillez choisir les lignes à enregistrer" },
    )
    .min(1, { error: "Veuillez choisir les lignes à enregistrer" })
    .max(10_000, { error: "Trop de lignes" }),
});
export type StatementConfirmInput = z.input<typeof statementConfirmSchema>;

export const servicingFilterSchema = z.enum(servicingFilters, { error: "Suivi inconnu" });
