import type { ProfileValues } from "../../../../domain/schemas/profile.schema";
import { api } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

/** PATCH /api/me: updates the profile (the e-mail is not editable). */
export function updateMe(values: ProfileValues) {
  return api.patch<{ user: User }>("/api/me", values);
}
