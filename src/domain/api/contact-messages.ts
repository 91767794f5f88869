import type { ContactStatus } from "../schemas/contact";

/** A message as the admin inbox receives it (the sender's IP stays on the server). */
export type ContactMessageJson = {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: ContactStatus;
  createdAt: string;
  readAt: string | null;
};

/** A line of the inbox list: the start of the message only. */
export type ContactMessageSummary = Omit<ContactMessageJson, "message"> & { preview: string };

/** GET /api/admin/messages: newest first, 20 per page; no status = not archived. */
export type ContactMessagePage = {
  messages: ContactMessageSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};
