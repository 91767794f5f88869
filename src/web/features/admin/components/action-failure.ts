import { adminLoanMessages } from "../../../../domain/api/admin-loans";
import { ApiRequestError } from "../../../lib/api-client";

type FailureMessages = { withError: (error: string) => string; generic: string };

export const statusFailure: FailureMessages = {
  withError: adminLoanMessages.statusError,
  generic: adminLoanMessages.statusErrorGeneric,
};
export const assignFailure: FailureMessages = {
  withError: adminLoanMessages.assignError,
  generic: adminLoanMessages.assignErrorGeneric,
};
export const noteFailure: FailureMessages = {
  withError: adminLoanMessages.noteError,
  generic: adminLoanMessages.noteErrorGeneric,
};

/**
 * The red banner's text for a failed action: a conflict's own message (another officer acted,
 * or the transition is refused) is a whole sentence and shown as is; other failures are wrapped
 * in the action's message ('Erreur lors de l'attribution: …'), or its generic one.
 */
export function actionFailureMessage(error: unknown, messages: FailureMessages): string {
  if (error instanceof ApiRequestError && error.status === 409 && error.message) {
    return error.message;
  }
  if (error instanceof Error && error.message) return messages.withError(error.message);
  return messages.generic;
}
