import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const unreadCountQueryKey = ["admin", "messages", "unread-count"] as const;

/** GET /api/admin/messages/unread-count */
export async function fetchUnreadCount(signal?: AbortSignal) {
  return unwrap(await api.get<{ count: number }>("/api/admin/messages/unread-count", { signal }))
    .count;
}

/** The number of unread contact messages, refreshed every minute (the sidebar's badge). */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
