import { join } from "node:path";
import type { Background } from "../background";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { smsOutbox, smsReceipts } from "../db/schema";
import { dispatchDue, dispatchIntervalMs, outboxChannel } from "../outbox/outbox-dispatch";
import { startPeriodic } from "../periodic";
import { smsSegments } from "./gsm7";
import { createSmppSender, type DeliveryReceipt } from "./smpp-sender";
import type { SmsLogger, SmsSender } from "./sms-sender";
import { createFileSmsSender } from "./sms-sender";

// The SMS channel of the transactional outbox (outbox/outbox-dispatch.ts tells how rows are
// claimed, sent after the commit, retried and set aside, as e-mails are). The SMS centre's
// message id is kept with the row; receipts name it.

/** Queues an SMS inside the caller's transaction. */
export async function enqueueSms(
  tx: Db,
  { to, kind, loanId, text }: { to: string; kind: string; loanId: number | null; text: string },
): Promise<void> {
  const { encoding, segments } = smsSegments(text);
  await tx.insert(smsOutbox).values({ toNumber: to, body: text, encoding, segments, kind, loanId });
}

function smsChannel(sender: SmsSender) {
  return outboxChannel({
    table: smsOutbox,
    columns: { toNumber: smsOutbox.toNumber, body: smsOutbox.body, kind: smsOutbox.kind },
    async send(row) {
      const { messageId } = await sender.send({ to: row.toNumber, text: row.body });
      return { messageId };
    },
    // The kind only: the number and the text are the client's.
    describe: (row) => ({ sms: row.id, kind: row.kind }),
    gaveUp: "SMS abandonné après plusieurs tentatives",
    willRetry: "envoi du SMS en échec, nouvel essai prévu",
  });
}

/**
 * Sends the SMS that are due through `sender` (`now`: tests move time instead of sleeping).
 * Returns how many were sent.
 */
export function dispatchSmsOutbox({
  db,
  sender,
  logger,
  now,
}: {
  db: Db;
  sender: SmsSender;
  logger: SmsLogger;
  now?: Date;
}): Promise<number> {
  return dispatchDue(db, smsChannel(sender), logger, now);
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
