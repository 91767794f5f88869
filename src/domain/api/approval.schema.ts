import { z } from "zod";
import { maxReturnCommentLength } from "./approval";

/** `proposalId` is the proposal the officer saw: a newer one is a conflict, not a silent confirm. */
export const approvalDecisionSchema = z.object({
  proposalId: z.coerce
    .number({ error: "Proposition inconnue" })
    .int({ error: "Proposition inconnue" })
    .positive({ error: "Proposition inconnue" }),
});
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;

export const approvalReturnSchema = approvalDecisionSchema.extend({
  comment: z.preprocess(
    (value) => (typeof value === "string" ? value.replaceAll("\0", "").trim() : value),
    z
      .string({ error: "Veuillez expliquer pourquoi la proposition est renvoyée" })
      .min(1, { error: "Veuillez expliquer pourquoi la proposition est renvoyée" })
      .max(maxReturnCommentLength, {
        error: `Le commentaire ne doit pas dépasser ${maxReturnCommentLength} caractères`,
      }),
  ),
});
export type ApprovalReturnInput = z.input<typeof approvalReturnSchema>;
