import { useQuery } from "@tanstack/react-query";
import type { LoanSummaryJson } from "../../../../domain/api/loans";
import { maxPageSize, type Page } from "../../../../domain/api/page";
import { api, unwrap } from "../../../lib/api-client";
import { loansListKey } from "./get-loans";

export const loansAwaitingComplementKey = [...loansListKey, "info_requested"] as const;

/**
 * GET /api/loans?status=info_requested: every request of the client that waits for complements
 * (the dashboard's "Action requise" card), not only the latest five.
 */
export async function fetchLoansAwaitingComplement(signal?: AbortSignal) {
  const search = new URLSearchParams({
    status: "info_requested",
    page: "1",
    pageSize: String(maxPageSize),
  });
  return unwrap(await api.get<Page<LoanSummaryJson>>(`/api/loans?${search}`, { signal }));
}

export function useLoansAwaitingComplement() {
  return useQuery({
    queryKey: loansAwaitingComplementKey,
    queryFn: ({ signal }) => fetchLoansAwaitingComplement(signal),
  });
}
