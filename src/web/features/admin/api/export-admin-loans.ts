import type { AdminLoanFilter } from "../../../../domain/api/admin-loans.schema";
import { adminLoanFilterSearch } from "./get-admin-loans";

/**
 * GET /api/admin/loans/export.csv?status=&type=&q=: every request the filters match. A plain
 * link, not a fetch: the server streams the file and the browser saves it as it arrives.
 */
export function adminLoansExportUrl(filter: AdminLoanFilter): string {
  const search = adminLoanFilterSearch(filter).toString();
  return search ? `/api/admin/loans/export.csv?${search}` : "/api/admin/loans/export.csv";
}
