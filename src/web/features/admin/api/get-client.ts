import { useQuery } from "@tanstack/react-query";
import type { AdminClientDetailJson } from "../../../../domain/api/admin-clients";
import { api, unwrap } from "../../../lib/api-client";
import { freshForAMoment } from "../../../lib/query-client";
import { adminClientsKey } from "./get-clients";

export const adminClientQueryKey = (id: string) => [...adminClientsKey, "detail", id] as const;

/** GET /api/admin/clients/:id: the client's card, requests, documents and summary. */
export async function fetchAdminClient(id: string, signal?: AbortSignal) {
  return unwrap(
    await api.get<AdminClientDetailJson>(`/api/admin/clients/${encodeURIComponent(id)}`, {
      signal,
    }),
  );
}

export function useAdminClient(id: string) {
  return useQuery({
    queryKey: adminClientQueryKey(id),
    queryFn: ({ signal }) => fetchAdminClient(id, signal),
    // Requests change status on other pages: coming back here shows them as they are now
    // (not just after the server drew it with them).
    staleTime: freshForAMoment,
  });
}
