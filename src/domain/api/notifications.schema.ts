import { z } from "zod";
import { notificationMessages } from "./notifications";

/** PUT /api/me/notifications: the two channels and the number for SMS (blank: the profile's). */
export const notificationChoicesSchema = z.object({
  email: z.boolean({ error: "Choix invalide" }),
  sms: z.boolean({ error: "Choix invalide" }),
  smsPhone: z
    .string({ error: notificationMessages.smsPhoneTooLong })
    .trim()
    .max(30, { error: notificationMessages.smsPhoneTooLong })
    .optional()
    .default(""),
});
export type NotificationChoicesInput = z.input<typeof notificationChoicesSchema>;
export type NotificationChoicesValues = z.output<typeof notificationChoicesSchema>;
