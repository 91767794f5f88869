import type { ContactMessageJson } from "../../../../domain/api/contact-messages";
import type { ContactStatus } from "../../../../domain/schemas/contact";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** PATCH /api/admin/messages/:id { status } */
export async function updateMessageStatus(id: number, status: ContactStatus) {
  return unwrap(
    await api.patch<{ message: ContactMessageJson }>(`/api/admin/messages/${id}`, { status }),
  ).message;
}

/** The inbox and the sidebar's count are read again. */
export function useUpdateMessageStatus() {
  return useApiMutation(({ id, status }: { id: number; status: ContactStatus }) =>
    updateMessageStatus(id, status),
  );
}
