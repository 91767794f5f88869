import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  ContactMessageJson,
  ContactMessageSummary,
} from "../../../../domain/api/contact-messages";
import type { ContactStatus } from "../../../../domain/schemas/contact";
import { api, unwrap } from "../../../lib/api-client";

/** A contact message as the admin inbox API returns it (declared once, in the domain). */
export type ContactMessage = ContactMessageJson;
export type { ContactMessageSummary };

export type ContactMessagePage = {
  messages: ContactMessageSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

export type MessagesFilter = { status: ContactStatus | undefined; page: number };

/** Every query of the inbox starts with this key. */
export const messagesKey = ["admin", "messages"] as const;
export const messagesListKey = [...messagesKey, "list"] as const;
export const messagesQueryKey = (filter: MessagesFilter) =>
  [...messagesListKey, filter.status ?? "inbox", filter.page] as const;

/** GET /api/admin/messages?status=&page=: newest first, 20 per page; no status = not archived. */
export async function fetchMessages(filter: MessagesFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) query.set("status", filter.status);
  return unwrap(await api.get<ContactMessagePage>(`/api/admin/messages?${query}`, { signal }));
}

export function useMessages(filter: MessagesFilter) {
  return useQuery({
    queryKey: messagesQueryKey(filter),
    queryFn: ({ signal }) => fetchMessages(filter, signal),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
