import { useQuery } from "@tanstack/react-query";
import type { AdminMonthlyStatsJson } from "../../../../domain/api/admin-stats";
import { api, unwrap } from "../../../lib/api-client";
import { adminStatsKey } from "./get-stats";

export const adminMonthlyStatsQueryKey = [...adminStatsKey, "monthly"] as const;

/** GET /api/admin/stats/monthly: twelve months of requests by status and of amounts approved. */
export async function fetchAdminMonthlyStats(signal?: AbortSignal) {
  return unwrap(await api.get<AdminMonthlyStatsJson>("/api/admin/stats/monthly", { signal }));
}

export function useAdminMonthlyStats() {
  return useQuery({
    queryKey: adminMonthlyStatsQueryKey,
    // Decisions are taken on other pages: the dashboard refreshes each time it is shown.
    staleTime: 0,
    queryFn: ({ signal }) => fetchAdminMonthlyStats(signal),
  });
}
