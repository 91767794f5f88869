import type { ContactMessageJson } from "../../../../domain/api/contact-messages";
import { api, unwrap } from "../../../lib/api-client";

/**
 * GET /api/admin/messages/:id: the whole message; opening it marks it read (an officer's act,
 * not a page's data: it is asked for when the officer opens the message).
 */
export async function openMessage(id: number, signal?: AbortSignal) {
  return unwrap(
    await api.get<{ message: ContactMessageJson }>(`/api/admin/messages/${id}`, { signal }),
  ).message;
}
