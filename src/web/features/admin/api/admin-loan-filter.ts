import { maxSearchLength } from "../../../../domain/api/admin-loans";
import type { AdminLoanFilter } from "../../../../domain/api/admin-loans.schema";
import { servicingFilters } from "../../../../domain/api/servicing";
import { isOfficeId } from "../../../../domain/firm";
import { isLoanStatus } from "../../../../domain/loan-status";
import { isLoanType } from "../../../../domain/loan-type";

/** `suivi` (issue 28): where an approved loan stands after the decision. */
function isServicingFilter(value: string | null): value is (typeof servicingFilters)[number] {
  return (servicingFilters as readonly (string | null)[]).includes(value);
}

/** The list's filters in its URL; an unknown value (an old or edited link) means no filter. */
export function readAdminLoanFilter(params: URLSearchParams): AdminLoanFilter {
  const status = params.get("status");
  const type = params.get("type");
  const q = (params.get("q") ?? "").trim().slice(0, maxSearchLength);
  const agence = params.get("agence");
  const suivi = params.get("suivi");
  return {
    status: isLoanStatus(status) ? status : undefined,
    type: isLoanType(type) ? type : undefined,
    q: q || undefined,
    agence: isOfficeId(agence) ? agence : undefined,
    suivi: isServicingFilter(suivi) ? suivi : undefined,
    retard: params.get("retard") === "1" ? true : undefined,
  };
}

/** The filters as a query string (blank ones left out): the list's and the CSV export's. */
export function adminLoanFilterSearch(filter: AdminLoanFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.status) search.set("status", filter.status);
  if (filter.type) search.set("type", filter.type);
  if (filter.q) search.set("q", filter.q);
  if (filter.agence) search.set("agence", filter.agence);
  if (filter.suivi) search.set("suivi", filter.suivi);
  if (filter.retard) search.set("retard", "1");
  return search;
}

/**
 * GET /api/admin/loans/export.csv?status=&type=&q=&agence=&suivi=&retard=: every request the filters match. A plain
 * link, not a fetch: the server streams the file and the browser saves it as it arrives.
 */
export function adminLoansExportUrl(filter: AdminLoanFilter): string {
  const search = adminLoanFilterSearch(filter).toString();
  return search ? `/api/admin/loans/export.csv?${search}` : "/api/admin/loans/export.csv";
}
