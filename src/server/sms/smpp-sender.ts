import smpp, { type Pdu, type Session } from "smpp";
import type { SmppSettings } from "../config";
import { smsSegments } from "./gsm7";
import type { SmsLogger, SmsSender } from "./sms-sender";

// One SMPP 3.4 session to the aggregator, bound as a transceiver: SMS go out on it and delivery
// receipts come back on it. It is opened at start-up and kept: enquire_link every 30 s keeps
// NATs and the SMS centre from dropping an idle link, and a session that drops or is refused is
// opened again after a growing delay (1 s, 2 s, 4 s... 1 min), so a restart of the aggregator
// needs nobody. An SMS is submitted only on a bound session; when none is bound, send() fails
// and the outbox tries again later: the SMS waits in the database, never in this process.

export type DeliveryReceipt = { messageId: string; stat: string };

export type SmppSenderOptions = {
  settings: SmppSettings;
  senderId: string;
  /** submit_sm per second, at most. */
  ratePerSecond: number;
  logger: SmsLogger;
  onReceipt: (receipt: DeliveryReceipt) => Promise<void>;
  enquireLinkMs?: number;
  /** How long send() waits for a bound session before failing (the outbox retries later). */
  bindWaitMs?: number;
  /** How long a submit_sm waits for its answer. */
  submitTimeoutMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
};

/** message_state of a receipt's TLV, as the stat field of its text names it. */
const messageStates: Record<number, string> = {
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};

/** The SMSC's message id and state from a receipt: TLVs first, else the text's id: and stat:. */
export function parseReceipt(pdu: Pdu): DeliveryReceipt | null {
  const shortMessage = pdu.short_message as { message?: unknown } | Buffer | string | undefined;
  const raw =
    typeof shortMessage === "string"
      ? shortMessage
      : Buffer.isBuffer(shortMessage)
        ? shortMessage.toString("latin1")
        : typeof shortMessage?.message === "string"
          ? shortMessage.message
          : Buffer.isBuffer(shortMessage?.message)
            ? shortMessage.message.toString("latin1")
            : "";
  const textId = /\bid:(\S+)/i.exec(raw)?.[1];
  const textStat = /\bstat:(\w+)/i.exec(raw)?.[1];
  const tlvId = typeof pdu.receipted_message_id === "string" ? pdu.receipted_message_id : "";
  const messageId = tlvId || textId;
  const stateCode = typeof pdu.message_state === "number" ? pdu.message_state : undefined;
  const stat = (stateCode !== undefined ? messageStates[stateCode] : undefined) ?? textStat;
  if (!messageId || !stat) return null;
  return { messageId, stat: stat.toUpperCase() };
}

/** The short_message (or message_payload, past one segment) and data_coding of a text. */
export function encodeForSmpp(text: string): {
  data_coding: number;
  short_message?: Buffer;
  message_payload?: Buffer;
} {
  const { encoding, segments } = smsSegments(text);
  // data_coding 0: the SMS centre's default alphabet, GSM 03.38 (one septet per byte here, as
  // SMPP carries it); 8: UCS-2, big-endian.
  const bytes =
    encoding === "gsm7" ? smpp.encodings.ASCII.encode(text) : Buffer.from(text, "utf16le").swap16();
  const data_coding = encoding === "gsm7" ? 0 : 8;
  // Longer than one SMS: message_payload, which the centre splits and joins again itself.
  return segments > 1
    ? { data_coding, message_payload: bytes }
    : { data_coding, short_message: bytes };
}

/** A delay that doubles from min to max, plus up to 20 % of jitter. */
function backoff(attempt: number, min: number, max: number): number {
  const base = Math.min(min * 2 ** attempt, max);
  return Math.round(base * (1 + Math.random() * 0.2));
}

export function createSmppSender(options: SmppSenderOptions): SmsSender & {
  /** Resolves when a session is bound (tests). */
  ready(): Promise<void>;
} {
  const {
    settings,
    senderId,
    logger,
    enquireLinkMs = 30_000,
    bindWaitMs = 10_000,
    submitTimeoutMs = 30_000,
    reconnectMinMs = 1_000,
    reconnectMaxMs = 60_000,
  } = options;
  const spacingMs = 1000 / options.ratePerSecond;

  let session: Session | null = null;
  let bound = false;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let nextSlot = 0;
  let boundWaiters: Array<() => void> = [];
  /** submit_sm waiting for their answer: failed at once if the session drops. */
  const inFlight = new Set<(error: Error) => void>();

  const numericSender = /^\+?\d+$/.test(senderId);

  function open() {
    if (closed) return;
    const current = smpp.connect(
      {
        host: settings.host,
        port: settings.port,
        tls: settings.tls,
        auto_enquire_link_period: enquireLinkMs,
      },
      () => {
        current.bind_transceiver(
          { system_id: settings.systemId, password: settings.password, interface_version: 0x34 },
          (pdu) => {
            if (pdu.command_status !== 0) {
              logger.error(
                { host: settings.host, status: pdu.command_status },
                "liaison SMPP refusée par le centre SMS (identifiant ou mot de passe ?)",
              );
              current.close();
              return;
            }
            bound = true;
            attempt = 0;
            logger.info({ host: settings.host, port: settings.port }, "session SMPP liée");
            const waiters = boundWaiters;
            boundWaiters = [];
            for (const wake of waiters) wake();
          },
        );
      },
    );
    session = current;
    current.on("deliver_sm", (pdu: Pdu) => {
      current.send(pdu.response());
      const esmClass = typeof pdu.esm_class === "number" ? pdu.esm_class : 0;
      if ((esmClass & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) === 0) return;
      const receipt = parseReceipt(pdu);
      if (!receipt) {
        logger.warn("accusé de réception SMS illisible, ignoré");
        return;
      }
      options.onReceipt(receipt).catch((error: unknown) => {
        logger.error({ err: error }, "accusé de réception SMS non enregistré");
      });
    });
    current.on("enquire_link", (pdu: Pdu) => {
      current.send(pdu.response());
    });
    current.on("unbind", (pdu: Pdu) => {
      current.send(pdu.response());
      current.close();
    });
    current.on("error", (error: Error) => {
      logger.warn({ err: error, host: settings.host }, "erreur de la session SMPP");
    });
    current.on("close", () => {
      if (session === current) {
        session = null;
        bound = false;
      }
      for (const fail of [...inFlight]) fail(new Error("session SMPP fermée pendant l'envoi"));
      if (closed) return;
      const delay = backoff(attempt, reconnectMinMs, reconnectMaxMs);
      attempt += 1;
      logger.warn({ host: settings.host, retryInMs: delay }, "session SMPP perdue, reconnexion");
      reconnectTimer = setTimeout(open, delay);
      reconnectTimer.unref();
    });
  }

  function waitBound(timeoutMs: number): Promise<void> {
    if (bound) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        boundWaiters = boundWaiters.filter((wake) => wake !== onBound);
        reject(new Error("aucune session SMPP liée"));
      }, timeoutMs);
      const onBound = () => {
        clearTimeout(timer);
        resolve();
      };
      boundWaiters.push(onBound);
    });
  }

  /** Spaces submits 1/rate apart, whoever calls: the aggregator's throttle is per session. */
  async function throttle() {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacingMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  open();

  return {
    ready: () => waitBound(bindWaitMs * 3),
    async send(message) {
      await waitBound(bindWaitMs);
      await throttle();
      const current = session;
      if (!current || !bound) throw new Error("aucune session SMPP liée");
      return new Promise<{ messageId: string | null }>((resolve, reject) => {
        let settled = false;
        const finish = (error: Error | null, messageId?: string) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          inFlight.delete(fail);
          if (error) reject(error);
          else resolve({ messageId: messageId ?? null });
        };
        const fail = (error: Error) => finish(error);
        const timer = setTimeout(
          () => finish(new Error("pas de réponse du centre SMS au submit_sm")),
          submitTimeoutMs,
        );
        inFlight.add(fail);
        const written = current.submit_sm(
          {
            source_addr_ton: numericSender ? 1 : 5,
            source_addr_npi: numericSender ? 1 : 0,
            source_addr: senderId.replace(/^\+/, ""),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: message.to.replace(/^\+/, ""),
            // A delivery receipt, success or failure: the officers' history shows it.
            registered_delivery: 1,
            ...encodeForSmpp(message.text),
          },
          (pdu) => {
            if (pdu.command_status !== 0) {
              finish(new Error(`SMS refusé par le centre SMS (statut ${pdu.command_status})`));
              return;
            }
            finish(null, typeof pdu.message_id === "string" ? pdu.message_id : undefined);
          },
        );
        if (!written) finish(new Error("session SMPP fermée"));
      });
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const current = session;
      session = null;
      bound = false;
      if (!current) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          current.destroy();
          resolve();
        }, 2000);
        current.unbind({}, () => {
          clearTimeout(timer);
          current.close(() => resolve());
        });
        current.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
