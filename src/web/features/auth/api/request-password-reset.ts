import type { ResetRequestValues } from "../../../../domain/schemas/auth.schema";
import { api } from "../../../lib/api-client";

export const resetRequestFailedMessage = "Échec de l'envoi du lien de réinitialisation";

/** POST /api/password-reset: always 200, whether or not the account exists. */
export function requestPasswordReset(values: ResetRequestValues) {
  return api.post<{ ok: true }>("/api/password-reset", values, {
    fallbackMessage: resetRequestFailedMessage,
  });
}
