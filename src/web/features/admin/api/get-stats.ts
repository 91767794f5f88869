import { useQuery } from "@tanstack/react-query";
import type { AdminStatsJson } from "../../../../domain/api/admin-stats";
import { api, unwrap } from "../../../lib/api-client";

/** The dashboard's queries start with this key: a decision on a request refreshes them all. */
export const adminStatsKey = ["admin", "stats"] as const;
export const adminStatsQueryKey = [...adminStatsKey, "summary"] as const;

/** GET /api/admin/stats: the four cards, the latest requests and the latest clients. */
export async function fetchAdminStats(signal?: AbortSignal) {
  return unwrap(await api.get<AdminStatsJson>("/api/admin/stats", { signal }));
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminStatsQueryKey,
    // Decisions are taken on other pages: the dashboard refreshes each time it is shown.
    staleTime: 0,
    queryFn: ({ signal }) => fetchAdminStats(signal),
  });
}
