import { api, unwrap } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/admin/administrators/:id/two-factor/reset: another officer's lost phone. */
export async function resetTwoFactor(id: string) {
  return unwrap(
    await api.post<{ user: User }>(
      `/api/admin/administrators/${encodeURIComponent(id)}/two-factor/reset`,
    ),
  ).user;
}

export function useResetTwoFactor() {
  return useApiMutation(resetTwoFactor);
}
