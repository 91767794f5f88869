import { z } from "zod";
import { adminClientPageSize } from "./admin-clients";
import { adminLoanFilterSchema } from "./admin-loans.schema";
import { pageQuerySchema } from "./page.schema";

/**
 * `q` matches the first name, last name and e-mail (case and accents ignored, `%` and `_`
 * literal) and, for a term that looks like a phone number, the phone's digits.
 */
export const adminClientListQuerySchema = pageQuerySchema(adminClientPageSize).extend({
  q: adminLoanFilterSchema.shape.q,
});
export type AdminClientListQuery = z.output<typeof adminClientListQuerySchema>;

export const clientIdSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
