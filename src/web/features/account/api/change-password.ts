import { api } from "../../../lib/api-client";

export type PasswordChangeBody = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/** POST /api/me/password: 204, or 400 'Mot de passe actuel incorrect'. */
export function changePassword(body: PasswordChangeBody) {
  return api.post<undefined>("/api/me/password", body);
}
