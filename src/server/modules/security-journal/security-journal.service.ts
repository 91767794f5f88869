import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Page } from "../../../domain/api/page";
import type { SecurityEventJson, SecurityEventType } from "../../../domain/api/security-events";
import type { SecurityEventFilter } from "../../../domain/api/security-events.schema";
import type { Db } from "../../db/client";
import { securityEvents } from "../../db/schema";
import { startPeriodic } from "../../periodic";

/** `%` and `_` typed in the account filter are literal characters, not patterns. */
function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const oneDayMs = 24 * 60 * 60 * 1000;

function conditions(filter: SecurityEventFilter, beforeId?: number): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.compte) parts.push(sql`${securityEvents.email} ilike ${likeTerm(filter.compte)}`);
  if (filter.type) parts.push(eq(securityEvents.type, filter.type));
  // Days of the firm's zone, which is UTC+0: `au` includes the whole of its day.
  if (filter.du) parts.push(gte(securityEvents.createdAt, new Date(`${filter.du}T00:00:00Z`)));
  if (filter.au) {
    parts.push(
      lt(securityEvents.createdAt, new Date(Date.parse(`${filter.au}T00:00:00Z`) + oneDayMs)),
    );
  }
  if (beforeId !== undefined) parts.push(lt(securityEvents.id, beforeId));
  return parts.length > 0 ? and(...parts) : undefined;
}

type SecurityEventRow = typeof securityEvents.$inferSelect;

function toJson(row: SecurityEventRow): SecurityEventJson {
  return {
    id: row.id,
    type: row.type as SecurityEventType,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    email: row.email,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** A page of the journal, newest first (the id follows the order of writing). */
export async function listSecurityEvents({
  db,
  filter,
  page,
  pageSize,
}: {
  db: Db;
  filter: SecurityEventFilter;
  page: number;
  pageSize: number;
}): Promise<Page<SecurityEventJson>> {
  const where = conditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(securityEvents).where(where),
  ]);
  return { items: rows.map(toJson), total: total?.value ?? 0, page, pageSize };
}

/** Every matching event, newest first, in batches read by id (keyset: no deep OFFSET). */
export async function* securityEventBatches({
  db,
  filter,
  batchSize = 1000,
}: {
  db: Db;
  filter: SecurityEventFilter;
  batchSize?: number;
}): AsyncGenerator<SecurityEventJson[]> {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(securityEvents)
      .where(conditions(filter, beforeId))
      .orderBy(desc(securityEvents.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(toJson);
    if (rows.length < batchSize) return;
    beforeId = rows[rows.length - 1]?.id;
  }
}

/**
 * The journal keeps every event for 13 months, one more than the 12 the firm must keep: the
 * pruning job deletes what is older, in a transaction that says so to the table's trigger, which
 * refuses any row younger than 12 months whatever the caller (migration 0007).
 */
export const retentionMonths = 13;

export async function pruneSecurityEvents({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local app.security_events_prune = 'on'`);
    const deleted = await tx
      .delete(securityEvents)
      .where(lt(securityEvents.createdAt, cutoff))
      .returning({ id: securityEvents.id });
    return deleted.length;
  });
}

const pruneIntervalMs = 24 * 60 * 60 * 1000;

export function startSecurityJournalPruning({
  db,
  logger,
}: {
  db: Db;
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}): () => Promise<void> {
  return startPeriodic({
    task: async () => {
      const deleted = await pruneSecurityEvents({ db });
      if (deleted > 0) logger.info({ deleted }, "journal de sécurité : événements anciens purgés");
    },
    intervalMs: pruneIntervalMs,
    onError: (error) => logger.error({ err: error }, "purge du journal de sécurité en échec"),
  });
}
