import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";

// The transactional outbox, whatever the channel (e-mail: mail/outbox.ts, SMS: sms/sms-outbox.ts).
// A notice that announces a change is a row written in the change's own transaction, then sent
// after the commit: a mail server or SMS centre that is down delays the notice, never the change.
// A row is claimed before sending, so two instances (or two dispatches in one) never send the same
// row; it is marked sent once delivered. A crash between the delivery and the mark can still send
// it twice after the claim expires: that window is a few milliseconds wide.

/** A claimed row is its dispatcher's for this long (well beyond an SMTP or SMPP exchange). */
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

export type OutboxLogger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** The columns every outbox table has (migrations 0003 and 0008 made them alike). */
type OutboxTable = PgTable & {
  id: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  claimedUntil: PgColumn;
  sentAt: PgColumn;
  failedAt: PgColumn;
  lastError: PgColumn;
};

/** What a row gives its channel: the columns `columns` names, plus its id and attempts. */
type ClaimedRow<C extends Record<string, PgColumn>> = {
  [K in keyof C]: C[K]["_"]["data"];
} & { id: number; attempts: number };

export type OutboxChannel<C extends Record<string, PgColumn>> = {
  table: OutboxTable;
  /** The columns sending needs (the body, the address...). */
  columns: C;
  /**
   * Delivers one row; what it returns is written with the mark of sent (the SMS centre's
   * message id). Throws when the row must be tried again later.
   */
  send(row: ClaimedRow<C>): Promise<Record<string, unknown> | undefined>;
  /** What the logs may say of a row: a kind or topic, never the address or the body. */
  describe(row: ClaimedRow<C>): Record<string, unknown>;
  /** The French log lines: a row set aside, a row to try again. */
  gaveUp: string;
  willRetry: string;
};

/** Declares a channel; its rows' type is inferred from `columns`. */
export function outboxChannel<C extends Record<string, PgColumn>>(
  channel: OutboxChannel<C>,
): OutboxChannel<C> {
  return channel;
}

/**
 * Sends the rows that are due (`now`: the tests move time forward instead of sleeping). Each
 * row is claimed by one conditional UPDATE ... RETURNING first: under concurrency the loser's
 * UPDATE re-reads the row, finds it claimed and skips it (FOR UPDATE SKIP LOCKED keeps PostgreSQL
 * from even waiting; PGlite runs one transaction at a time). Returns how many were sent.
 */
export async function dispatchDue<C extends Record<string, PgColumn>>(
  db: Db,
  channel: OutboxChannel<C>,
  logger: OutboxLogger,
  given?: Date,
): Promise<number> {
  // The clock's next millisecond: a row is stamped by the database in microseconds, so one written
  // in this very millisecond (just before the dispatch that follows its commit) is due too, not
  // left to the next periodic pass.
  const now = given ?? new Date(Date.now() + 1);
  let sent = 0;
  // Bounded: a pass never loops forever on rows that keep failing (they move to a later time).
  for (let pass = 0; pass < 50; pass += 1) {
    const claimed = await claimDue(db, channel, now);
    if (claimed.length === 0) break;
    for (const row of claimed) {
      let written: Record<string, unknown> | undefined;
      try {
        written = await channel.send(row);
      } catch (error) {
        await recordFailure(db, channel, row, now, error, logger);
        continue;
      }
      await db
        .update(channel.table)
        // The table is one of the outboxes: these columns are its own (see OutboxTable).
        .set({ ...written, sentAt: sql`now()`, claimedUntil: null, lastError: null } as never)
        .where(eq(channel.table.id, row.id));
      sent += 1;
    }
    if (claimed.length < batchSize) break;
  }
  return sent;
}

function due(table: OutboxTable, now: Date) {
  return and(
    isNull(table.sentAt),
    isNull(table.failedAt),
    lte(table.nextAttemptAt, now),
    or(isNull(table.claimedUntil), lte(table.claimedUntil, now)),
  );
}

async function claimDue<C extends Record<string, PgColumn>>(
  db: Db,
  { table, columns }: OutboxChannel<C>,
  now: Date,
): Promise<ClaimedRow<C>[]> {
  const candidates = db
    .select({ id: table.id })
    .from(table)
    .where(due(table, now))
    .orderBy(table.nextAttemptAt, table.id)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(table)
    .set({
      claimedUntil: new Date(now.getTime() + claimMs),
      attempts: sql`${table.attempts} + 1`,
    } as never)
    // The conditions again: a row another dispatcher claimed meanwhile no longer matches them.
    .where(and(inArray(table.id, candidates), due(table, now)))
    .returning({ ...columns, id: table.id, attempts: table.attempts });
  return rows as ClaimedRow<C>[];
}

async function recordFailure<C extends Record<string, PgColumn>>(
  db: Db,
  channel: OutboxChannel<C>,
  row: ClaimedRow<C>,
  now: Date,
  error: unknown,
  logger: OutboxLogger,
) {
  const message = error instanceof Error ? error.message : String(error);
  const givingUp = row.attempts >= maxAttempts;
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
  await db
    .update(channel.table)
    .set({
      claimedUntil: null,
      nextAttemptAt,
      lastError: message.slice(0, 1000),
      ...(givingUp ? { failedAt: now } : {}),
    } as never)
    .where(eq(channel.table.id, row.id));
  const details = { ...channel.describe(row), attempts: row.attempts, error: message };
  if (givingUp) logger.error(details, channel.gaveUp);
  else logger.warn({ ...details, nextAttemptAt }, channel.willRetry);
}
