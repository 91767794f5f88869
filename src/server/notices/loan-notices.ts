import { asc, eq, inArray } from "drizzle-orm";
import type { LoanNoticeJson } from "../../domain/api/notices";
import type { Db } from "../db/client";
import { mailOutbox, smsOutbox, smsReceipts } from "../db/schema";

/** What a status e-mail's topic says it announced: "loan_status:42:approved" -> "approved". */
function mailKind(topic: string): string {
  const parts = topic.split(":");
  return parts[0] === "loan_status" ? (parts[2] ?? topic) : (parts[0] ?? topic);
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Every notice the client was sent (or is to be sent) about request `loanId`, newest first:
 * e-mails and SMS, each SMS with the latest receipt the SMS centre sent for it.
 */
export async function loanNotices(db: Db, loanId: number): Promise<LoanNoticeJson[]> {
  const [smsRows, mailRows] = await Promise.all([
    db.select().from(smsOutbox).where(eq(smsOutbox.loanId, loanId)),
    db
      .select({
        id: mailOutbox.id,
        topic: mailOutbox.topic,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
        failedAt: mailOutbox.failedAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.loanId, loanId)),
  ]);
  const messageIds = smsRows.flatMap((row) => (row.messageId ? [row.messageId] : []));
  const receipts =
    messageIds.length === 0
      ? []
      : await db
          .select()
          .from(smsReceipts)
          .where(inArray(smsReceipts.messageId, messageIds))
          .orderBy(asc(smsReceipts.receivedAt), asc(smsReceipts.id));
  // The last receipt of each SMS wins (an ENROUTE followed by DELIVRD).
  const latest = new Map(receipts.map((receipt) => [receipt.messageId, receipt]));
  const notices: LoanNoticeJson[] = [
    ...smsRows.map((row) => {
      const receipt = row.messageId ? latest.get(row.messageId) : undefined;
      return {
        id: `sms-${row.id}`,
        channel: "sms" as const,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        sentAt: iso(row.sentAt),
        failedAt: iso(row.failedAt),
        delivery: receipt
          ? receipt.stat === "DELIVRD"
            ? ("delivered" as const)
            : receipt.stat === "ENROUTE" || receipt.stat === "ACCEPTD"
              ? null
              : ("not_delivered" as const)
          : null,
        deliveredAt: receipt ? receipt.receivedAt.toISOString() : null,
        deliveryState: receipt?.stat ?? null,
      };
    }),
    ...mailRows.map((row) => ({
      id: `email-${row.id}`,
      channel: "email" as const,
      kind: mailKind(row.topic),
      createdAt: row.createdAt.toISOString(),
      sentAt: iso(row.sentAt),
      failedAt: iso(row.failedAt),
      delivery: null,
      deliveredAt: null,
      deliveryState: null,
    })),
  ];
  return notices.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
