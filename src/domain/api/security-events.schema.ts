import { z } from "zod";
import { pageQuerySchema } from "./page.schema";
import {
  securityEventPageSize,
  securityEventTypes,
  securityJournalMessages,
} from "./security-events";

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A calendar day of the firm's zone (UTC+0), as an <input type="date"> gives it. */
const day = z.preprocess(
  blankAsUndefined,
  z
    .string({ error: securityJournalMessages.invalidDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: securityJournalMessages.invalidDate })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: securityJournalMessages.invalidDate,
    })
    .optional(),
);

/** The journal's filters, as the URL of /admin/journal and the API both carry them. */
export const securityEventFilterSchema = z
  .object({
    /** Part of the account's e-mail address (case ignored, `%` and `_` literal). */
    compte: z.preprocess(
      blankAsUndefined,
      z
        .string({ error: securityJournalMessages.accountNotText })
        .trim()
        .max(200, { error: securityJournalMessages.accountTooLong })
        // PostgreSQL refuses a NUL in text: refused here, as bad input, not as a failure.
        .refine((value) => !value.includes("\u0000"), {
          error: securityJournalMessages.invalidCharacters,
        })
        .optional(),
    ),
    type: z.preprocess(
      blankAsUndefined,
      z.enum(securityEventTypes, { error: securityJournalMessages.unknownType }).optional(),
    ),
    /** First day included. */
    du: day,
    /** Last day included. */
    au: day,
  })
  .refine((filter) => !filter.du || !filter.au || filter.du <= filter.au, {
    error: securityJournalMessages.datesReversed,
    path: ["au"],
  });
export type SecurityEventFilter = z.output<typeof securityEventFilterSchema>;

export const securityEventListQuerySchema = z.intersection(
  pageQuerySchema(securityEventPageSize),
  securityEventFilterSchema,
);
export type SecurityEventListQuery = z.output<typeof securityEventListQuerySchema>;
