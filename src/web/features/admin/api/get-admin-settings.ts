import { useQuery } from "@tanstack/react-query";
import type { AdminSettingsJson } from "../../../../domain/api/approval";
import { api, unwrap } from "../../../lib/api-client";

export const adminSettingsQueryKey = ["admin", "settings"] as const;

/** GET /api/admin/settings: the platform's settings, fixed while the server runs. */
export async function fetchAdminSettings(signal?: AbortSignal) {
  return unwrap(await api.get<AdminSettingsJson>("/api/admin/settings", { signal }));
}

/** Read once per visit: the settings come from the server's environment and do not change. */
export function useAdminSettings(enabled = true) {
  return useQuery({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => fetchAdminSettings(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
