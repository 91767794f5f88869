import type { SignInAnswerJson } from "../../../../domain/api/two-factor";
import type { LoginValues } from "../../../../domain/schemas/auth.schema";
import { api } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

export const signInFailedMessage = "Échec de la connexion";

/**
 * POST /api/session: signs in; rememberMe keeps the session 30 days, else for the browser session.
 * An account with a second factor gets no session yet: `twoFactorRequired`, then the code step.
 */
export function signIn(values: LoginValues) {
  return api.post<SignInAnswerJson>("/api/session", values, {
    fallbackMessage: signInFailedMessage,
  });
}

/** POST /api/session/two-factor: the sign-in's second step, with a code or a backup code. */
export function verifySignInCode(
  body: { code: string; trustDevice: boolean } | { backupCode: string; trustDevice: boolean },
) {
  return api.post<{ user: User }>("/api/session/two-factor", body, {
    fallbackMessage: signInFailedMessage,
  });
}
