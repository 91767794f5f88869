import { z } from "zod";
import { uploadIdPattern } from "../api/uploads";
import { officeIds } from "../firm";
import { loanTypes } from "../loan-type";
import { optionalText, requiredText } from "./fields.schema";
import {
  loanDocumentMessages,
  maxDurationMonths,
  maxLoanAmount,
  officeMessage,
} from "./loan-request";

function positiveNumber(message: string, max: number, integer: boolean) {
  const base = z.coerce.number({ error: message }).refine(Number.isFinite, { error: message });
  // Checked once rounded: 0.4 FCFA is no amount at all.
  return base
    .refine((value) => !integer || Number.isInteger(value), { error: message })
    .transform(Math.round)
    .refine((value) => value > 0 && value <= max, { error: message });
}

/** Step 1 of the loan wizard, checked in the spec's order. Amounts are whole FCFA. */
export const loanStep1Schema = z.object({
  loanType: z.enum(loanTypes, { error: "Veuillez sélectionner un type de prêt" }),
  amount: positiveNumber("Veuillez entrer un montant valide", maxLoanAmount, false),
  durationMonths: positiveNumber("Veuillez entrer une durée valide", maxDurationMonths, true),
  purpose: requiredText("Veuillez décrire l'objet du prêt", 500),
  description: optionalText(5000),
  // Optional: left blank, it is "not given" (null), never an income of 0.
  monthlyIncome: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: "Veuillez entrer un revenu mensuel valide" })
      .refine((value) => Number.isFinite(value) && value >= 0 && value <= maxLoanAmount, {
        error: "Veuillez entrer un revenu mensuel valide",
      })
      .transform(Math.round)
      .optional(),
  ),
  // Last, as in the form: proposed from the profile's country, so rarely the one to fix.
  office: z.enum(officeIds, { error: officeMessage }),
});
export type LoanStep1Input = z.input<typeof loanStep1Schema>;
export type LoanStep1Values = z.output<typeof loanStep1Schema>;

/** An upload id naming one of the three files; a missing or malformed one gets `message`. */
function uploadReference(message: string) {
  return z.string({ error: message }).regex(uploadIdPattern, { error: message });
}

/**
 * The body of POST /api/loans: step 1, the three uploaded documents, and a key the wizard draws
 * once per request so that a double tap or a retry after a timeout creates one request.
 */
export const loanRequestCreateSchema = loanStep1Schema.extend({
  // The wizard always sends it; a caller that does not (an older page still open) gets the office
  // serving the client's country, as the wizard would have proposed.
  office: z.enum(officeIds, { error: officeMessage }).optional(),
  documents: z.object(
    {
      identite: uploadReference(loanDocumentMessages.identite),
      revenu: uploadReference(loanDocumentMessages.revenu),
      banque: uploadReference(loanDocumentMessages.banque),
    },
    { error: loanDocumentMessages.identite },
  ),
  submissionKey: z.uuid({ error: "Clé de soumission invalide : rechargez la page." }),
});
export type LoanRequestCreateInput = z.input<typeof loanRequestCreateSchema>;
export type LoanRequestCreateValues = z.output<typeof loanRequestCreateSchema>;

export const loanNoteSchema = z.object({
  note: requiredText("Veuillez entrer une note", 5000),
});
export type LoanNoteValues = z.output<typeof loanNoteSchema>;
