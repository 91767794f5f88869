import { api } from "../api-client";
import type { User } from "./user";

export const sessionPath = "/api/session";

/** GET /api/session: the signed-in user, or null. */
export function fetchSession(signal?: AbortSignal) {
  return api.get<{ user: User | null }>(sessionPath, { signal });
}

/** DELETE /api/session: signs out (204). */
export function deleteSession() {
  return api.delete<undefined>(sessionPath);
}
