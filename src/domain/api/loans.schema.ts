import { z } from "zod";
import { loanStatuses } from "../loan-status";
import { clientLoanPageSize } from "./loans";
import { pageQuerySchema } from "./page.schema";

/**
 * GET /api/loans?page=&pageSize=&status=: the client's requests, one page, optionally of one
 * status (the dashboard's "Action requise" card lists every request waiting for complements).
 */
export const clientLoanListQuerySchema = pageQuerySchema(clientLoanPageSize).extend({
  status: z.enum(loanStatuses, { error: "Statut inconnu" }).optional(),
});
export type ClientLoanListQuery = z.output<typeof clientLoanListQuerySchema>;
