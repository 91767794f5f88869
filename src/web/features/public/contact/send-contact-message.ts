import type { ContactValues } from "../../../../domain/schemas/contact.schema";
import { api } from "../../../lib/api-client";

export const contactPath = "/api/contact";

/** POST /api/contact: 201 on success; 400 with French field messages, 429 when sent too often. */
export function sendContactMessage(values: ContactValues) {
  return api.post<{ ok: true }>(contactPath, values);
}
