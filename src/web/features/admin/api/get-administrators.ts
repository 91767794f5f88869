import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

export const administratorsQueryKey = ["admin", "administrators"] as const;

/** GET /api/admin/administrators: the loan officers a request can be assigned to. */
export async function fetchAdministrators(signal?: AbortSignal) {
  return unwrap(await api.get<{ administrators: User[] }>("/api/admin/administrators", { signal }))
    .administrators;
}

export function useAdministrators(enabled = true) {
  return useQuery({
    queryKey: administratorsQueryKey,
    queryFn: ({ signal }) => fetchAdministrators(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
