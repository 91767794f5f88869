import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { infoRequests, loanRequests } from "../db/schema";
import { notifyClient } from "./notify-client";

// 48 h after an officer asked for complements that have not come, the client gets one reminder
// by SMS (issue 18). What is due is read from the database on every pass, and the request for
// complements is marked in the same transaction as the SMS is queued: a restart loses nothing,
// and two instances, or two passes, remind once.

export const reminderAfterMs = 48 * 60 * 60 * 1000;
export const reminderIntervalMs = 10 * 60 * 1000;

/** Queues the reminders that are due; returns how many requests were reminded. */
export async function sendComplementReminders({
  db,
  baseUrl,
  now = new Date(),
}: {
  db: Db;
  baseUrl: string;
  now?: Date;
}): Promise<number> {
  const dueBefore = new Date(now.getTime() - reminderAfterMs);
  const due = await db
    .select({ id: infoRequests.id, loanId: infoRequests.loanId, userId: loanRequests.userId })
    .from(infoRequests)
    .innerJoin(loanRequests, eq(loanRequests.id, infoRequests.loanId))
    .where(
      and(
        isNull(infoRequests.answeredAt),
        isNull(infoRequests.reminderSentAt),
        lte(infoRequests.createdAt, dueBefore),
        eq(loanRequests.status, "info_requested"),
      ),
    )
    .orderBy(infoRequests.createdAt)
    .limit(200);
  let reminded = 0;
  for (const row of due) {
    const done = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // Conditional: another pass that took this request first leaves nothing to mark here.
      const marked = await tx
        .update(infoRequests)
        .set({ reminderSentAt: sql`now()` })
        .where(
          and(
            eq(infoRequests.id, row.id),
            isNull(infoRequests.reminderSentAt),
            isNull(infoRequests.answeredAt),
          ),
        )
        .returning({ id: infoRequests.id });
      if (marked.length === 0) return false;
      await notifyClient(tx, {
        userId: row.userId,
        loanId: row.loanId,
        baseUrl,
        sms: { kind: "complement_reminder" },
      });
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}
