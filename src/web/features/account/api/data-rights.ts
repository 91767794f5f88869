import { useQuery } from "@tanstack/react-query";
import type { DataExportJson } from "../../../../domain/api/data-rights";
import type { CloseAccountInput } from "../../../../domain/api/data-rights.schema";
import { api, unwrap } from "../../../lib/api-client";

export const dataExportQueryKey = ["me", "data-export"] as const;

/** An export being built is asked about again every 1.5 s, until it is ready or failed. */
const pollMs = 1500;

/** GET /api/me/data-exports/latest: the latest export still of use, or null. */
export function useLatestDataExport() {
  return useQuery({
    queryKey: dataExportQueryKey,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ export: DataExportJson | null }>("/api/me/data-exports/latest", { signal }),
      ).export,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "pending" || status === "building" ? pollMs : false;
    },
  });
}

/** POST /api/me/data-exports: starts an export (or answers the one being built). */
export function startDataExport() {
  return api.post<{ export: DataExportJson }>("/api/me/data-exports");
}

/** Where the archive of a ready export is downloaded (its owner's session only). */
export function dataExportArchiveUrl(id: string): string {
  return `/api/me/data-exports/${encodeURIComponent(id)}/archive`;
}

/** POST /api/me/close-account: 204, the account closed and this browser signed out. */
export function closeAccount(body: CloseAccountInput) {
  return api.post<void>("/api/me/close-account", body);
}
