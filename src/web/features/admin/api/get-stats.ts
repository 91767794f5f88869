import { useQuery } from "@tanstack/react-query";
import type { AdminStatsJson } from "../../../../domain/api/admin-stats";
import type { OfficeId } from "../../../../domain/firm";
import { api, unwrap } from "../../../lib/api-client";
import { freshForAMoment } from "../../../lib/query-client";

/** The dashboard's queries start with this key: a decision on a request refreshes them all. */
export const adminStatsKey = ["admin", "stats"] as const;
export const adminStatsQueryKey = (office?: OfficeId) =>
  [...adminStatsKey, "summary", office ?? ""] as const;

/** "?agence=dakar", or nothing for the whole firm. */
export function officeSearch(office?: OfficeId): string {
  return office ? `?${new URLSearchParams({ agence: office })}` : "";
}

/** GET /api/admin/stats?agence=: the cards, the latest requests and the latest clients. */
export async function fetchAdminStats(office?: OfficeId, signal?: AbortSignal) {
  return unwrap(
    await api.get<AdminStatsJson>(`/api/admin/stats${officeSearch(office)}`, { signal }),
  );
}

export function useAdminStats(office?: OfficeId) {
  return useQuery({
    queryKey: adminStatsQueryKey(office),
    // Decisions are taken on other pages: the dashboard refreshes each time it is shown
    // (not just after the server drew it with them).
    staleTime: freshForAMoment,
    queryFn: ({ signal }) => fetchAdminStats(office, signal),
  });
}
