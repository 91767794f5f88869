import { useQuery } from "@tanstack/react-query";
import type { ProfileValues } from "../../../../domain/schemas/profile.schema";
import { api, unwrap } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

export const meQueryKey = ["me"] as const;

/** GET /api/me: the signed-in user's profile. */
export async function fetchMe(signal?: AbortSignal): Promise<User> {
  return unwrap(await api.get<{ user: User }>("/api/me", { signal })).user;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal) });
}

/** PATCH /api/me: updates the profile (the e-mail is not editable). */
export function updateMe(values: ProfileValues) {
  return api.patch<{ user: User }>("/api/me", values);
}
