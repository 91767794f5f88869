import type { PasswordResetDoneJson } from "../../../../domain/api/users";
import type { ResetConfirmValues } from "../../../../domain/schemas/auth.schema";
import { api } from "../../../lib/api-client";

export const invalidResetLinkMessage = "Lien de réinitialisation invalide ou expiré";

/** POST /api/password-reset/confirm: sets the new password chosen from the e-mailed link. */
export function confirmPasswordReset(values: ResetConfirmValues) {
  return api.post<PasswordResetDoneJson>("/api/password-reset/confirm", values, {
    fallbackMessage: invalidResetLinkMessage,
  });
}
