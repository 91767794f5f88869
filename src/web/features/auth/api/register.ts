import type { RegisterValues } from "../../../../domain/schemas/auth.schema";
import { api } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

// The spec's service fallback is the English 'Registration failed'; DESIGN.md wants every message
// in French, so the screen's own fallback is used (docs/decisions/2026-11-22-browser-app-foundation.md).
export const registerFailedMessage = "Erreur lors de la création du compte";

/** POST /api/register: creates the account and signs it in (201 + session cookie). */
export function registerAccount(values: RegisterValues) {
  return api.post<{ user: User; error: null }>("/api/register", values, {
    fallbackMessage: registerFailedMessage,
  });
}
