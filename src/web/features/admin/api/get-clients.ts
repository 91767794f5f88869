import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  type AdminClientSummaryJson,
  adminClientPageSize,
} from "../../../../domain/api/admin-clients";
import type { Page } from "../../../../domain/api/page";
import { api, unwrap } from "../../../lib/api-client";

/** Every query of the officers' client screens (list and details) starts with this key. */
export const adminClientsKey = ["admin", "clients"] as const;

export type AdminClientListParams = { q: string | undefined; page: number };

export const adminClientsQueryKey = (params: AdminClientListParams) =>
  [...adminClientsKey, "list", params.q ?? "", params.page] as const;

/** GET /api/admin/clients?q=&page=&pageSize=: clients newest first, with the exact count. */
export async function fetchAdminClients(params: AdminClientListParams, signal?: AbortSignal) {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(adminClientPageSize),
  });
  if (params.q) search.set("q", params.q);
  return unwrap(
    await api.get<Page<AdminClientSummaryJson>>(`/api/admin/clients?${search}`, { signal }),
  );
}

export function useAdminClients(params: AdminClientListParams) {
  return useQuery({
    queryKey: adminClientsQueryKey(params),
    queryFn: ({ signal }) => fetchAdminClients(params, signal),
    // Keeps the current page on screen while the next one, or a new search, loads.
    placeholderData: keepPreviousData,
  });
}
