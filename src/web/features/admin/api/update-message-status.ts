import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContactStatus } from "../../../../domain/schemas/contact";
import { api, unwrap } from "../../../lib/api-client";
import { messageQueryKey } from "./get-message";
import { type ContactMessage, messagesListKey } from "./get-messages";
import { unreadCountQueryKey } from "./get-unread-count";

/** PATCH /api/admin/messages/:id { status } */
export async function updateMessageStatus(id: number, status: ContactStatus) {
  return unwrap(
    await api.patch<{ message: ContactMessage }>(`/api/admin/messages/${id}`, { status }),
  ).message;
}

export function useUpdateMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ContactStatus }) =>
      updateMessageStatus(id, status),
    onSuccess: (message) => {
      queryClient.setQueryData(messageQueryKey(message.id), message);
      // An unread message must be fetched again when next opened, so that opening marks it
      // read; but not now, while it is still on screen (that would mark it read at once).
      if (message.status === "unread") {
        void queryClient.invalidateQueries({
          queryKey: messageQueryKey(message.id),
          refetchType: "none",
        });
      }
      void queryClient.invalidateQueries({ queryKey: messagesListKey });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
