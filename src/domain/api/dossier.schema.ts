import { z } from "zod";
import { requestableCategories } from "../document-category";
import { documentVerdicts, replacementReasons } from "../document-review";
import { loanStatuses } from "../loan-status";
import {
  dossierMessages,
  maxAnswerLength,
  maxQuestionLength,
  maxReviewCommentLength,
} from "./dossier";
import { uploadIdPattern } from "./uploads";

const optionalTrimmed = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replaceAll("\0", "").trim() : value),
    z
      .string({ error: message })
      .max(max, { error: message })
      .optional()
      .nullable()
      .transform((value) => value || null),
  );

/** PUT …/documents/:documentId/review: 'Conforme', or 'À remplacer' with its reason. */
export const documentReviewSchema = z.discriminatedUnion(
  "verdict",
  [
    z.object({
      verdict: z.literal("conforme"),
      comment: optionalTrimmed(maxReviewCommentLength, dossierMessages.commentTooLong),
    }),
    z.object({
      verdict: z.literal("a_remplacer"),
      reason: z.enum(replacementReasons, { error: dossierMessages.reasonRequired }),
      comment: optionalTrimmed(maxReviewCommentLength, dossierMessages.commentTooLong),
    }),
  ],
  { error: "Avis inconnu" },
);
export type DocumentReviewInput = z.input<typeof documentReviewSchema>;
export type DocumentReview = z.output<typeof documentReviewSchema>;
export const documentVerdictSchema = z.enum(documentVerdicts);

/**
 * POST …/info-request: the documents to replace (each must carry the 'À remplacer' verdict, whose
 * reason and comment the client reads), categories to add, and a free question. `from` is the
 * status the officer saw, as for every status change.
 */
export const infoRequestSchema = z
  .object({
    from: z.enum(loanStatuses, { error: "Statut inconnu" }),
    replace: z
      .array(z.uuid({ error: dossierMessages.documentNotOnLoan }))
      .max(20)
      .optional()
      .default([]),
    add: z
      .array(
        z.object({
          category: z.enum(requestableCategories, { error: dossierMessages.categoryUnknown }),
          comment: optionalTrimmed(maxReviewCommentLength, dossierMessages.commentTooLong),
        }),
      )
      .max(10)
      .optional()
      .default([]),
    question: optionalTrimmed(maxQuestionLength, dossierMessages.questionTooLong),
  })
  .refine((value) => value.replace.length + value.add.length > 0 || value.question !== null, {
    error: dossierMessages.nothingAsked,
    path: ["question"],
  });
export type InfoRequestInput = z.input<typeof infoRequestSchema>;
export type InfoRequestValues = z.output<typeof infoRequestSchema>;

/** PUT /api/loans/:id/info-request/items/:itemId: the finished upload that answers the item. */
export const complementItemSchema = z.object({
  uploadId: z
    .string({ error: dossierMessages.uploadRequired })
    .regex(uploadIdPattern, { error: dossierMessages.uploadRequired }),
});
export type ComplementItemInput = z.input<typeof complementItemSchema>;

/** POST /api/loans/:id/info-request/submit: the answer to the question (required when asked). */
export const complementSubmitSchema = z.object({
  answer: optionalTrimmed(maxAnswerLength, dossierMessages.answerTooLong),
});
export type ComplementSubmitInput = z.input<typeof complementSubmitSchema>;
