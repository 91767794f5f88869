import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import { startPeriodic } from "../periodic";
import type { Mailer } from "./mailer";
import type { MailContent } from "./templates";

// The transactional outbox of e-mails: a mail that announces a change is written in the change's
// own transaction, then sent after the commit. A mail server that is down delays the mail, never
// the change; a row is claimed before sending, so two instances (or two dispatches in one) never
// send the same row; it is marked sent once delivered. A crash between the delivery and the mark
// can still send it twice after the claim expires: that window is a few milliseconds wide.

/** A claimed row is its dispatcher's for this long (well beyond an SMTP exchange's timeouts). */
export const claimMs = 5 * 60 * 1000;
/** After this many failed attempts the row is set aside (failed_at), no longer retried. */
export const maxAttempts = 12;
/** Rows sent per dispatcher pass. */
const batchSize = 20;
export const dispatchIntervalMs = 60 * 1000;

/** 30 s, 1 min, 2 min... doubling after each failure, at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

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

type Logger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/**
 * Sends the mails that are due (`now`: the tests move time forward instead of sleeping). Each
 * row is claimed by one conditional UPDATE ... RETURNING first: under concurrency the loser's
 * UPDATE re-reads the row, finds it claimed and skips it (FOR UPDATE SKIP LOCKED keeps PostgreSQL
 * from even waiting; PGlite runs one transaction at a time). Returns how many were sent.
 */
export async function dispatchOutbox({
  db,
  mailer,
  logger,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  now?: Date;
}): Promise<number> {
  let sent = 0;
  // Bounded: a pass never loops forever on rows that keep failing (they move to a later time).
  for (let pass = 0; pass < 50; pass += 1) {
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) break;
    for (const row of claimed) {
      try {
        await mailer.send({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
      } catch (error) {
        await recordFailure(db, row, now, error, logger);
        continue;
      }
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent += 1;
    }
    if (claimed.length < batchSize) break;
  }
  return sent;
}

function due(now: Date) {
  return and(
    isNull(mailOutbox.sentAt),
    isNull(mailOutbox.failedAt),
    lte(mailOutbox.nextAttemptAt, now),
    or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
  );
}

async function claimDue(db: Db, now: Date) {
  const candidates = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due(now))
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return (
    db
      .update(mailOutbox)
      .set({
        claimedUntil: new Date(now.getTime() + claimMs),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      // The conditions again: a row another dispatcher claimed meanwhile no longer matches them.
      .where(and(inArray(mailOutbox.id, candidates), due(now)))
      .returning({
        id: mailOutbox.id,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        textBody: mailOutbox.textBody,
        htmlBody: mailOutbox.htmlBody,
        topic: mailOutbox.topic,
        attempts: mailOutbox.attempts,
      })
  );
}

async function recordFailure(
  db: Db,
  row: { id: number; topic: string; attempts: number },
  now: Date,
  error: unknown,
  logger: Logger,
) {
  const message = error instanceof Error ? error.message : String(error);
  const givingUp = row.attempts >= maxAttempts;
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
  await db
    .update(mailOutbox)
    .set({
      claimedUntil: null,
      nextAttemptAt,
      lastError: message.slice(0, 1000),
      ...(givingUp ? { failedAt: now } : {}),
    })
    .where(eq(mailOutbox.id, row.id));
  // The topic and the error only: the body holds the client's personal details.
  const details = { mail: row.id, topic: row.topic, attempts: row.attempts, error: message };
  if (givingUp) logger.error(details, "courriel abandonné après plusieurs tentatives");
  else logger.warn({ ...details, nextAttemptAt }, "envoi du courriel en échec, nouvel essai prévu");
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
  logger: Logger;
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
