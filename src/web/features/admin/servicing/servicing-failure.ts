import { servicingOfficerMessages } from "../../../../domain/api/servicing-officer";
import { ApiRequestError } from "../../../lib/api-client";

/**
 * The page's banner for a servicing step that failed: the server's French refusals (409 another
 * officer was first or the step no longer applies, 403 one's own disbursement, 404) are whole
 * sentences shown as they are; anything else (the network, a 500) is wrapped.
 */
export function servicingFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && [403, 404, 409].includes(error.status) && error.message) {
    return error.message;
  }
  if (error instanceof Error && error.message)
    return servicingOfficerMessages.actionError(error.message);
  return servicingOfficerMessages.actionErrorGeneric;
}
