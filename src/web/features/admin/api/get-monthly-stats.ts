import { useQuery } from "@tanstack/react-query";
import type { AdminMonthlyStatsJson } from "../../../../domain/api/admin-stats";
import type { OfficeId } from "../../../../domain/firm";
import { api, unwrap } from "../../../lib/api-client";
import { freshForAMoment } from "../../../lib/query-client";
import { adminStatsKey, officeSearch } from "./get-stats";

export const adminMonthlyStatsQueryKey = (office?: OfficeId) =>
  [...adminStatsKey, "monthly", office ?? ""] as const;

/** GET /api/admin/stats/monthly?agence=: twelve months of requests by status and of amounts approved. */
export async function fetchAdminMonthlyStats(office?: OfficeId, signal?: AbortSignal) {
  return unwrap(
    await api.get<AdminMonthlyStatsJson>(`/api/admin/stats/monthly${officeSearch(office)}`, {
      signal,
    }),
  );
}

export function useAdminMonthlyStats(office?: OfficeId) {
  return useQuery({
    queryKey: adminMonthlyStatsQueryKey(office),
    // Decisions are taken on other pages: the dashboard refreshes each time it is shown
    // (not just after the server drew it with them).
    staleTime: freshForAMoment,
    queryFn: ({ signal }) => fetchAdminMonthlyStats(office, signal),
  });
}
