import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

/** What every module uses to send an e-mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type MailerOptions = {
  from: string;
  logger: Pick<Logger, "info" | "error">;
} & ({ smtpUrl: string } | { outboxDir: string });

/**
 * SMTP_URL set: a real SMTP transport. Unset: each mail becomes an .eml file under
 * DATA_DIR/outbox and its links are logged, so that a local user can still follow a reset link
 * (the one place where a token reaches the logs, and only in this local mode).
 */
export function createMailer(options: MailerOptions): Mailer {
  if ("smtpUrl" in options) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, "courriel envoyé");
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  const outboxDir = options.outboxDir;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(outboxDir, { recursive: true });
      const file = join(outboxDir, `${timestamp()}-${slug(message.subject)}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info(
        { to: message.to, subject: message.subject, file, links: extractLinks(message.text) },
        "courriel écrit dans la boîte d'envoi locale (SMTP_URL non défini)",
      );
    },
  };
}

function timestamp(): string {
  // Sortable, safe in file names, unique even for two mails in the same millisecond.
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
}

export function slug(text: string): string {
  const value = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return value || "courriel";
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
