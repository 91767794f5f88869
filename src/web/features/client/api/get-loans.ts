import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LoanSummaryJson } from "../../../../domain/api/loans";
import type { Page, PageQuery } from "../../../../domain/api/page";
import { api, unwrap } from "../../../lib/api-client";

/** Every query of the client's loan requests (lists and details) starts with this key. */
export const loansKey = ["client", "loans"] as const;
// Spelt out, not spread from loansKey: Rollup counts a spread at a module's top level as a side
// effect, and merged this small module into the upload code's chunk (vite.areas.config.ts merges
// chunks under 20 KiB), which the lists and the dashboard then loaded for nothing (+3 KiB gzip).
export const loansListKey = ["client", "loans", "list"] as const;
export const loansQueryKey = (query: PageQuery) =>
  [...loansListKey, query.page, query.pageSize] as const;

/** GET /api/loans?page=&pageSize=: the signed-in client's own requests, newest first. */
export async function fetchLoans(query: PageQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return unwrap(await api.get<Page<LoanSummaryJson>>(`/api/loans?${search}`, { signal }));
}

export function useLoans(query: PageQuery) {
  return useQuery({
    queryKey: loansQueryKey(query),
    queryFn: ({ signal }) => fetchLoans(query, signal),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
