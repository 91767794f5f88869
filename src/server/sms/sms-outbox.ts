import { join } from "node:path";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Background } from "../background";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { smsOutbox, smsReceipts } from "../db/schema";
import { claimMs, dispatchIntervalMs, maxAttempts, retryDelayMs } from "../mail/outbox";
import { startPeriodic } from "../periodic";
import { smsSegments } from "./gsm7";
import { createSmppSender, type DeliveryReceipt } from "./smpp-sender";
import type { SmsLogger, SmsSender } from "./sms-sender";
import { createFileSmsSender } from "./sms-sender";

// The SMS side of the transactional outbox (mail/outbox.ts tells the why): an SMS that announces
// a change is a row written in the change's transaction, claimed by one dispatcher, sent after
// the commit, retried with the same backoff as e-mails, set aside after as many attempts. The
// SMS centre's message id is kept with the row; receipts name it.

/** Rows sent per dispatcher pass. */
const batchSize = 20;

/** Queues an SMS inside the caller's transaction. */
export async function enqueueSms(
  tx: Db,
  { to, kind, loanId, text }: { to: string; kind: string; loanId: number | null; text: string },
): Promise<void> {
  const { encoding, segments } = smsSegments(text);
  await tx.insert(smsOutbox).values({ toNumber: to, body: text, encoding, segments, kind, loanId });
}

function due(now: Date) {
  return and(
    isNull(smsOutbox.sentAt),
    isNull(smsOutbox.failedAt),
    lte(smsOutbox.nextAttemptAt, now),
    or(isNull(smsOutbox.claimedUntil), lte(smsOutbox.claimedUntil, now)),
  );
}

async function claimDue(db: Db, now: Date) {
  const candidates = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(due(now))
    .orderBy(smsOutbox.nextAttemptAt, smsOutbox.id)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(smsOutbox)
    .set({
      claimedUntil: new Date(now.getTime() + claimMs),
      attempts: sql`${smsOutbox.attempts} + 1`,
    })
    .where(and(inArray(smsOutbox.id, candidates), due(now)))
    .returning({
      id: smsOutbox.id,
      toNumber: smsOutbox.toNumber,
      body: smsOutbox.body,
      kind: smsOutbox.kind,
      attempts: smsOutbox.attempts,
    });
}

/**
 * Sends the SMS that are due through `sender` (`now`: tests move time instead of sleeping).
 * Claimed first, as mails are: two dispatchers, in one process or two, never send a row twice.
 * Returns how many were sent.
 */
export async function dispatchSmsOutbox({
  db,
  sender,
  logger,
  now = new Date(),
}: {
  db: Db;
  sender: SmsSender;
  logger: SmsLogger;
  now?: Date;
}): Promise<number> {
  let sent = 0;
  for (let pass = 0; pass < 50; pass += 1) {
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) break;
    for (const row of claimed) {
      let messageId: string | null;
      try {
        ({ messageId } = await sender.send({ to: row.toNumber, text: row.body }));
      } catch (error) {
        await recordFailure(db, row, now, error, logger);
        continue;
      }
      await db
        .update(smsOutbox)
        .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null, messageId })
        .where(eq(smsOutbox.id, row.id));
      sent += 1;
    }
    if (claimed.length < batchSize) break;
  }
  return sent;
}

async function recordFailure(
  db: Db,
  row: { id: number; kind: string; attempts: number },
  now: Date,
  error: unknown,
  logger: SmsLogger,
) {
  const message = error instanceof Error ? error.message : String(error);
  const givingUp = row.attempts >= maxAttempts;
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
  await db
    .update(smsOutbox)
    .set({
      claimedUntil: null,
      nextAttemptAt,
      lastError: message.slice(0, 1000),
      ...(givingUp ? { failedAt: now } : {}),
    })
    .where(eq(smsOutbox.id, row.id));
  // The kind and the error only: the number and the text are the client's.
  const details = { sms: row.id, kind: row.kind, attempts: row.attempts, error: message };
  if (givingUp) logger.error(details, "SMS abandonné après plusieurs tentatives");
  else logger.warn({ ...details, nextAttemptAt }, "envoi du SMS en échec, nouvel essai prévu");
}

/** Keeps a delivery receipt (sms_receipts; the history joins it to the SMS by message id). */
export async function recordReceipt(db: Db, receipt: DeliveryReceipt): Promise<void> {
  await db.insert(smsReceipts).values({ messageId: receipt.messageId, stat: receipt.stat });
}

/** The SMS of the app: its sender (opened when the app is ready) and the dispatch after commit. */
export type SmsService = {
  /** Sends what is due, in the background (after a change's commit). */
  kick(): void;
  /** One dispatch pass now (the periodic runner, tests). */
  dispatch(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export function createSmsService({
  config,
  db,
  logger,
  background,
  sender: givenSender,
}: {
  config: Pick<Config, "smpp" | "smsSenderId" | "smsRatePerSecond" | "dataDir">;
  db: Db;
  logger: SmsLogger;
  background: Background;
  /** Tests may give their own. */
  sender?: SmsSender;
}): SmsService {
  let sender: SmsSender | undefined = givenSender;
  let stopPeriodic: (() => Promise<void>) | undefined;
  const dispatch = async (now?: Date) =>
    sender ? dispatchSmsOutbox({ db, sender, logger, now }) : 0;
  return {
    kick() {
      if (!sender) return;
      background.run("SMS en attente", () => dispatch());
    },
    dispatch,
    start() {
      sender ??= config.smpp
        ? createSmppSender({
            settings: config.smpp,
            senderId: config.smsSenderId,
            ratePerSecond: config.smsRatePerSecond,
            logger,
            onReceipt: (receipt) => recordReceipt(db, receipt),
          })
        : createFileSmsSender({ outboxDir: join(config.dataDir, "outbox"), logger });
      stopPeriodic = startPeriodic({
        task: () => dispatch(),
        intervalMs: dispatchIntervalMs,
        onError: (error) => logger.error({ err: error }, "envoi des SMS en attente en échec"),
      });
    },
    async stop() {
      await stopPeriodic?.();
      await sender?.close();
      sender = undefined;
    },
  };
}
