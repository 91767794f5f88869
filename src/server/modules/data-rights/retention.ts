import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  approvalProposals,
  documents,
  infoRequests,
  loanRequests,
  mailOutbox,
  smsOutbox,
  smsReceipts,
  user,
} from "../../db/schema";
import { queueFileDeletions } from "../../storage/storage-deletions";
import { removeServicing } from "../servicing/servicing-retention";

// The end of a closed account's retention (RETENTION_YEARS after closed_at, read at each pass,
// so the schedule is the database's closed_at and survives any restart): its requests, their
// documents and history, the notices about them and the account itself are removed, the files
// queued for deletion in the same transaction. Each account is claimed (purge_claimed_until) so
// that two instances never remove the same one at once; a removal that died is taken up again
// when its claim lapses, and it is idempotent: what is already gone is simply not found.

const claimMs = 10 * 60 * 1000;

/** The instant before which a closing is past its retention. */
export function retentionCutoff(now: Date, retentionYears: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retentionYears);
  return cutoff;
}

async function claimNextAccount(db: Db, now: Date, cutoff: Date) {
  const due = and(
    isNotNull(user.closedAt),
    lte(user.closedAt, cutoff),
    or(isNull(user.purgeClaimedUntil), lte(user.purgeClaimedUntil, now)),
  );
  const candidate = db
    .select({ id: user.id })
    .from(user)
    .where(due)
    .orderBy(user.closedAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(user)
    .set({ purgeClaimedUntil: new Date(now.getTime() + claimMs) })
    .where(and(inArray(user.id, candidate), due))
    .returning({ id: user.id });
  return row?.id;
}

/** Removes one closed account and everything it kept; returns the files to delete. */
async function removeAccount(db: Db, userId: string): Promise<string[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const loans = tx
      .select({ id: loanRequests.id })
      .from(loanRequests)
      .where(eq(loanRequests.userId, userId));
    const sms = await tx
      .delete(smsOutbox)
      .where(inArray(smsOutbox.loanId, loans))
      .returning({ messageId: smsOutbox.messageId });
    const messageIds = sms.map((row) => row.messageId).filter((id): id is string => id !== null);
    if (messageIds.length > 0)
      await tx.delete(smsReceipts).where(inArray(smsReceipts.messageId, messageIds));
    await tx.delete(mailOutbox).where(inArray(mailOutbox.loanId, loans));
    // Requests for complements name documents (restrict): they go first, their items with them.
    await tx.delete(infoRequests).where(inArray(infoRequests.loanId, loans));
    await tx.delete(approvalProposals).where(inArray(approvalProposals.loanId, loans));
    // The loan's servicing (issue 28), kept as long as the credit file: children first.
    await removeServicing(tx, loans);
    // A replaced document names its replacement (restrict): the links go before the rows.
    await tx.update(documents).set({ replacedBy: null }).where(eq(documents.userId, userId));
    const files = await tx
      .delete(documents)
      .where(eq(documents.userId, userId))
      .returning({ key: documents.storageKey });
    // Activities and notes go with their requests (on delete cascade).
    await tx.delete(loanRequests).where(eq(loanRequests.userId, userId));
    // Sessions, credentials, exports go with the account (on delete cascade).
    await tx.delete(user).where(and(eq(user.id, userId), isNotNull(user.closedAt)));
    const keys = files.map((row) => row.key);
    await queueFileDeletions(tx, keys);
    return keys;
  });
}

/**
 * Removes every closed account past its retention. Returns the accounts removed and the files
 * queued (the caller deletes them: deleteQueuedFiles).
 */
export async function purgeExpiredAccounts({
  db,
  retentionYears,
  now = new Date(),
}: {
  db: Db;
  retentionYears: number;
  now?: Date;
}): Promise<{ accounts: number; files: string[] }> {
  const cutoff = retentionCutoff(now, retentionYears);
  const files: string[] = [];
  let accounts = 0;
  for (let pass = 0; pass < 100; pass += 1) {
    const userId = await claimNextAccount(db, now, cutoff);
    if (!userId) break;
    files.push(...(await removeAccount(db, userId)));
    accounts += 1;
  }
  return { accounts, files };
}
