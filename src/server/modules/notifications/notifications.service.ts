import { eq } from "drizzle-orm";
import type { NotificationChoicesJson } from "../../../domain/api/notifications";
import { notificationMessages } from "../../../domain/api/notifications";
import type { NotificationChoicesValues } from "../../../domain/api/notifications.schema";
import { mobileNumberMessages, toMobileE164 } from "../../../domain/mobile-number";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import { channelColumns, channelsOf } from "../../notices/notify-client";

async function channelFields(db: Db, userId: string) {
  const [row] = await db.select(channelColumns).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The channels in force for the user (SMS on by default only with a mobile number). */
export async function getNotificationChoices({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<NotificationChoicesJson> {
  const channels = channelsOf(await channelFields(db, userId));
  return { email: channels.email, sms: channels.sms, smsPhone: channels.number };
}

/**
 * Saves the client's choice. A number given for SMS must be a mobile number (of the profile's
 * country when written without its calling code) and is kept in E.164; SMS on needs a number,
 * given here or the profile's phone when it is a mobile.
 */
export async function saveNotificationChoices({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: NotificationChoicesValues;
}): Promise<NotificationChoicesJson> {
  const fields = await channelFields(db, userId);
  let smsPhone: string | null = null;
  if (input.smsPhone !== "") {
    const mobile = toMobileE164(input.smsPhone, fields.country);
    if (!mobile.ok) {
      const message = mobileNumberMessages[mobile.reason];
      throw new AppError("validation_error", 400, message, { smsPhone: message });
    }
    smsPhone = mobile.e164;
  }
  const next = { ...fields, notifyEmail: input.email, notifySms: input.sms, smsPhone };
  if (input.sms && channelsOf(next).number === null) {
    throw new AppError("validation_error", 400, notificationMessages.smsNeedsMobile, {
      smsPhone: notificationMessages.smsNeedsMobile,
    });
  }
  await db
    .update(user)
    .set({ notifyEmail: input.email, notifySms: input.sms, smsPhone })
    .where(eq(user.id, userId));
  const channels = channelsOf(next);
  return { email: channels.email, sms: channels.sms, smsPhone: channels.number };
}
