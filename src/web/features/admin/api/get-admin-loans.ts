import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type AdminLoanSummaryJson, adminLoanPageSize } from "../../../../domain/api/admin-loans";
import type { AdminLoanFilter } from "../../../../domain/api/admin-loans.schema";
import type { Page } from "../../../../domain/api/page";
import { api, unwrap } from "../../../lib/api-client";

/** Every query of the officers' loan requests (lists and details) starts with this key. */
export const adminLoansKey = ["admin", "loans"] as const;
export const adminLoansListKey = [...adminLoansKey, "list"] as const;

export type AdminLoanListParams = AdminLoanFilter & { page: number };

export const adminLoansQueryKey = (params: AdminLoanListParams) =>
  [
    ...adminLoansListKey,
    params.status ?? "",
    params.type ?? "",
    params.q ?? "",
    params.agence ?? "",
    params.retard ? "1" : "",
    params.page,
  ] as const;

/** The filters as a query string (blank ones left out); the CSV export takes the same. */
export function adminLoanFilterSearch(filter: AdminLoanFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.status) search.set("status", filter.status);
  if (filter.type) search.set("type", filter.type);
  if (filter.q) search.set("q", filter.q);
  if (filter.agence) search.set("agence", filter.agence);
  if (filter.retard) search.set("retard", "1");
  return search;
}

/** GET /api/admin/loans?status=&type=&q=&agence=&retard=&page=&pageSize=: newest first, with the exact count. */
export async function fetchAdminLoans(params: AdminLoanListParams, signal?: AbortSignal) {
  const search = adminLoanFilterSearch(params);
  search.set("page", String(params.page));
  search.set("pageSize", String(adminLoanPageSize));
  return unwrap(
    await api.get<Page<AdminLoanSummaryJson>>(`/api/admin/loans?${search}`, { signal }),
  );
}

export function useAdminLoans(params: AdminLoanListParams) {
  return useQuery({
    queryKey: adminLoansQueryKey(params),
    queryFn: ({ signal }) => fetchAdminLoans(params, signal),
    // Keeps the current page on screen while the next one, or a new search, loads.
    placeholderData: keepPreviousData,
  });
}
