import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { type ContactMessage, messagesKey, messagesListKey } from "./get-messages";
import { unreadCountQueryKey } from "./get-unread-count";

export const messageQueryKey = (id: number) => [...messagesKey, "detail", id] as const;

/** GET /api/admin/messages/:id: the whole message; opening it marks it read. */
export async function fetchMessage(id: number, signal?: AbortSignal) {
  return unwrap(await api.get<{ message: ContactMessage }>(`/api/admin/messages/${id}`, { signal }))
    .message;
}

export function useMessage(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageQueryKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const message = await fetchMessage(id ?? 0, signal);
      // The server has just marked it read: the list and the sidebar's count change.
      void queryClient.invalidateQueries({ queryKey: messagesListKey });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      return message;
    },
    // Reopening the same message must not mark it read again behind the officer's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
