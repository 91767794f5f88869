import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";
import { administratorsQueryKey } from "./get-administrators";

/** POST /api/admin/administrators/:id/two-factor/reset: another officer's lost phone. */
export async function resetTwoFactor(id: string) {
  return unwrap(
    await api.post<{ user: User }>(
      `/api/admin/administrators/${encodeURIComponent(id)}/two-factor/reset`,
    ),
  ).user;
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: administratorsQueryKey }),
  });
}
