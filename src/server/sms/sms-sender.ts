import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { extractLinks } from "../mail/mailer";
import { smsSegments } from "./gsm7";

export type SmsMessage = {
  /** E.164, "+2250708091011". */
  to: string;
  /** Already in the GSM 03.38 alphabet where it can be (sms-texts.ts). */
  text: string;
};

/** What the outbox's dispatcher sends through: the SMPP session, or the local outbox. */
export interface SmsSender {
  /** Resolves once the SMS centre (or the outbox) took the SMS; its id names the receipts. */
  send(message: SmsMessage): Promise<{ messageId: string | null }>;
  close(): Promise<void>;
}

export type SmsLogger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/**
 * Without SMPP_URL: each SMS becomes a .sms.txt file under DATA_DIR/outbox, beside the e-mails'
 * .eml files, and is logged with its link, so that a local user sees what a client would get.
 */
export function createFileSmsSender({
  outboxDir,
  logger,
}: {
  outboxDir: string;
  logger: SmsLogger;
}): SmsSender {
  return {
    async send(message) {
      const { encoding, units, segments } = smsSegments(message.text);
      mkdirSync(outboxDir, { recursive: true });
      const stamp = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
      const file = join(outboxDir, `${stamp}-sms.sms.txt`);
      const content = [
        `À : ${message.to}`,
        `Encodage : ${encoding === "gsm7" ? "GSM-7" : "UCS-2"}, ${units} caractères, ${segments} SMS`,
        "",
        message.text,
        "",
      ].join("\n");
      writeFileSync(file, content, { mode: 0o600 });
      logger.info(
        { to: message.to, file, links: extractLinks(message.text) },
        "SMS écrit dans la boîte d'envoi locale (SMPP_URL non défini)",
      );
      return { messageId: null };
    },
    async close() {},
  };
}
