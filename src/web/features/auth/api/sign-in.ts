import type { LoginValues } from "../../../../domain/schemas/auth.schema";
import { api } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

export const signInFailedMessage = "Échec de la connexion";

/** POST /api/session: signs in; rememberMe keeps the session 30 days, else for the browser session. */
export function signIn(values: LoginValues) {
  return api.post<{ user: User }>("/api/session", values, { fallbackMessage: signInFailedMessage });
}
