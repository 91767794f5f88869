import { api } from "../../../lib/api-client";

/** DELETE /api/me/sessions/:id: another session of the account ends at once. */
export function endSession(id: string) {
  return api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`);
}

/** DELETE /api/me/sessions: every session but this browser's ends. */
export function endOtherSessions() {
  return api.delete<{ ended: number }>("/api/me/sessions");
}
