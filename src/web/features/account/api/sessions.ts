import { useQuery } from "@tanstack/react-query";
import type { AccountSessionJson } from "../../../../domain/api/account-sessions";
import { api, unwrap } from "../../../lib/api-client";

export const sessionsQueryKey = ["me", "sessions"] as const;

/** GET /api/me/sessions: the account's live sessions, the current one first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) =>
      unwrap(await api.get<{ sessions: AccountSessionJson[] }>("/api/me/sessions", { signal }))
        .sessions,
  });
}

/** DELETE /api/me/sessions/:id: another session of the account ends at once. */
export function endSession(id: string) {
  return api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`);
}

/** DELETE /api/me/sessions: every session but this browser's ends. */
export function endOtherSessions() {
  return api.delete<{ ended: number }>("/api/me/sessions");
}
