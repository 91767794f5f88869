import { eq } from "drizzle-orm";
import { toMobileE164 } from "../../domain/mobile-number";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import type { MailContent } from "../mail/templates";
import { enqueueSms } from "../sms/sms-outbox";
import { type SmsTextInput, smsText } from "../sms/sms-texts";

// Every notice to a client about one of its requests goes through here, inside the change's
// transaction: the e-mail and the SMS the client's channels call for ('Mon profil').

/** What 'Mon profil' keeps about channels, and the profile's phone and country. */
export type ChannelFields = {
  phone: string | null;
  country: string | null;
  notifyEmail: boolean;
  notifySms: boolean | null;
  smsPhone: string | null;
};

/** The number SMS go to: the one chosen for SMS, else the profile's phone when it is a mobile. */
export function smsNumber(fields: Pick<ChannelFields, "phone" | "country" | "smsPhone">) {
  if (fields.smsPhone) return fields.smsPhone;
  if (!fields.phone) return null;
  const mobile = toMobileE164(fields.phone, fields.country);
  return mobile.ok ? mobile.e164 : null;
}

/**
 * The channels in force: e-mail unless turned off; SMS as chosen, and until the client has
 * chosen, on exactly when a mobile number is known. Never SMS without a number.
 */
export function channelsOf(fields: ChannelFields): {
  email: boolean;
  sms: boolean;
  number: string | null;
} {
  const number = smsNumber(fields);
  return { email: fields.notifyEmail, sms: number !== null && (fields.notifySms ?? true), number };
}

export const channelColumns = {
  email: user.email,
  phone: user.phone,
  country: user.country,
  notifyEmail: user.notifyEmail,
  notifySms: user.notifySms,
  smsPhone: user.smsPhone,
};

/**
 * Queues the client's notices about request `loanId` in the caller's transaction: the e-mail
 * (when given and the client takes e-mails) and the SMS of `sms` (when the client takes SMS).
 */
export async function notifyClient(
  tx: Db,
  {
    userId,
    loanId,
    baseUrl,
    mail,
    sms,
  }: {
    userId: string;
    loanId: number;
    baseUrl: string;
    mail?: { topic: string; content: MailContent };
    sms?: Omit<SmsTextInput, "loanId" | "baseUrl">;
  },
): Promise<void> {
  const [client] = await tx.select(channelColumns).from(user).where(eq(user.id, userId)).limit(1);
  if (!client) return;
  const channels = channelsOf(client);
  if (mail && channels.email) {
    await enqueueMail(tx, { to: client.email, topic: mail.topic, mail: mail.content, loanId });
  }
  if (sms && channels.sms && channels.number) {
    await enqueueSms(tx, {
      to: channels.number,
      kind: sms.kind,
      loanId,
      text: smsText({ ...sms, loanId, baseUrl }),
    });
  }
}
