import type { TwoFactorEnrolmentJson } from "../../../../domain/api/two-factor";
import { api, apiRequest } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";

/** POST /api/me/two-factor {password}: starts an enrolment (the factor is not on yet). */
export function startTwoFactor(password: string) {
  return api.post<TwoFactorEnrolmentJson>("/api/me/two-factor", { password });
}

/** POST /api/me/two-factor/confirm {code}: the app's first code turns the factor on. */
export function confirmTwoFactor(code: string) {
  return api.post<{ user: User }>("/api/me/two-factor/confirm", { code });
}

/** DELETE /api/me/two-factor {password}: clients only (officers keep theirs). */
export function disableTwoFactor(password: string) {
  return apiRequest<{ user: User }>("/api/me/two-factor", {
    method: "DELETE",
    body: { password },
  });
}
