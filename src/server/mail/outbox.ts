import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import {
  dispatchDue,
  dispatchIntervalMs,
  type OutboxLogger,
  outboxChannel,
} from "../outbox/outbox-dispatch";
import { startPeriodic } from "../periodic";
import type { Mailer } from "./mailer";
import type { MailContent } from "./templates";

// The e-mail channel of the transactional outbox (outbox/outbox-dispatch.ts tells how rows are
// claimed, sent after the commit, retried and set aside).

export {
  claimMs,
  dispatchIntervalMs,
  maxAttempts,
  retryDelayMs,
} from "../outbox/outbox-dispatch";

/** Queues a mail inside the caller's transaction. `topic` names it in the logs (no body there). */
export async function enqueueMail(
  tx: Db,
  {
    to,
    topic,
    mail,
    loanId = null,
  }: { to: string; topic: string; mail: MailContent; loanId?: number | null },
): Promise<void> {
  await tx.insert(mailOutbox).values({
    loanId,
    toAddress: to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    topic,
  });
}

function mailChannel(mailer: Mailer) {
  return outboxChannel({
    table: mailOutbox,
    columns: {
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      topic: mailOutbox.topic,
    },
    async send(row) {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      return undefined;
    },
    // The topic only: the body holds the client's personal details.
    describe: (row) => ({ mail: row.id, topic: row.topic }),
    gaveUp: "courriel abandonné après plusieurs tentatives",
    willRetry: "envoi du courriel en échec, nouvel essai prévu",
  });
}

/** Sends the mails that are due (`now`: the tests move time forward). Returns how many were sent. */
export function dispatchOutbox({
  db,
  mailer,
  logger,
  now,
}: {
  db: Db;
  mailer: Mailer;
  logger: OutboxLogger;
  now?: Date;
}): Promise<number> {
  return dispatchDue(db, mailChannel(mailer), logger, now);
}

/**
 * Runs dispatchOutbox at start-up and then every minute, one pass at a time, so mails that failed
 * go out once the mail server is back, even after a restart. Returns the function that stops it.
 */
export function startOutboxDispatcher({
  db,
  mailer,
  logger,
  intervalMs = dispatchIntervalMs,
}: {
  db: Db;
  mailer: Mailer;
  logger: OutboxLogger;
  intervalMs?: number;
}): () => Promise<void> {
  return startPeriodic({
    task: () => dispatchOutbox({ db, mailer, logger }),
    intervalMs,
    onError: (error) => logger.error({ err: error }, "envoi des courriels en attente en échec"),
  });
}

/**
 * The outbox's periodic dispatcher, for the life of the app (registered with the API modules):
 * started when the app is ready, stopped on close.
 */
export async function mailOutboxModule(app: FastifyInstance) {
  const { db, mailer } = app.deps;
  let stop: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stop = startOutboxDispatcher({ db, mailer, logger: app.log });
  });
  app.addHook("onClose", async () => {
    await stop?.();
  });
}
