import { useQuery } from "@tanstack/react-query";
import type { NotificationChoicesJson } from "../../../../domain/api/notifications";
import type { NotificationChoicesInput } from "../../../../domain/api/notifications.schema";
import { api, unwrap } from "../../../lib/api-client";

/**
 * The profile's phone and country are in the key: SMS are on by default with a mobile number,
 * so saving the personal information asks for the choices again.
 */
export const notificationsQueryKey = (phone: string | null, country: string | null) =>
  ["me", "notifications", phone ?? "", country ?? ""] as const;

/** GET /api/me/notifications: the channels in force and the number SMS go to. */
export function useNotificationChoices(phone: string | null, country: string | null) {
  return useQuery({
    queryKey: notificationsQueryKey(phone, country),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ choices: NotificationChoicesJson }>("/api/me/notifications", { signal }),
      ).choices,
  });
}

/** PUT /api/me/notifications: 400 with a French message on smsPhone for a non-mobile number. */
export function saveNotificationChoices(body: NotificationChoicesInput) {
  return api.put<{ choices: NotificationChoicesJson }>("/api/me/notifications", body);
}
