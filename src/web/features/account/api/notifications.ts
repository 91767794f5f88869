import type { NotificationChoicesJson } from "../../../../domain/api/notifications";
import type { NotificationChoicesInput } from "../../../../domain/api/notifications.schema";
import { api } from "../../../lib/api-client";

/** PUT /api/me/notifications: 400 with a French message on smsPhone for a non-mobile number. */
export function saveNotificationChoices(body: NotificationChoicesInput) {
  return api.put<{ choices: NotificationChoicesJson }>("/api/me/notifications", body);
}
