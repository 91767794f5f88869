import { and, eq, inArray, sql } from "drizzle-orm";
import { firmToday } from "../../../domain/loan-schedule";
import type { Db } from "../../db/client";
import { installments, loanRequests, remindersSent, user } from "../../db/schema";
import { notifyClient } from "../../notices/notify-client";
import { reminderMail } from "./servicing.mail";

// The repayment reminders (issue 28): an SMS and an e-mail 3 days before each due date, and on
// the first day of delay, from the firm's hour (REMINDER_HOUR, 08:00 UTC by default) on. What is
// due is read on every pass; the reminders_sent row (unique per instalment and event) is written
// in the transaction that queues the notices: a restart, a second pass or a second instance
// never reminds twice.

export const repaymentReminderIntervalMs = 10 * 60 * 1000;
export const daysBeforeDue = 3;

function shiftDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** Queues the reminders due at `now`; returns how many were queued. Nothing before the hour. */
export async function sendRepaymentReminders({
  db,
  baseUrl,
  hour,
  now = new Date(),
}: {
  db: Db;
  baseUrl: string;
  hour: number;
  now?: Date;
}): Promise<number> {
  if (now.getUTCHours() < hour) return 0;
  const today = firmToday(now);
  const events = [
    { event: "due_soon" as const, dueDate: shiftDays(today, daysBeforeDue) },
    { event: "first_late_day" as const, dueDate: shiftDays(today, -1) },
  ];
  let queued = 0;
  for (const { event, dueDate } of events) {
    const due = await db
      .select({
        id: installments.id,
        loanId: installments.loanId,
        dueDate: installments.dueDate,
        userId: loanRequests.userId,
        firstName: user.firstName,
        left: sql<string>`${installments.principal} + ${installments.interest} - ${installments.principalPaid} - ${installments.interestPaid}`,
      })
      .from(installments)
      .innerJoin(loanRequests, eq(loanRequests.id, installments.loanId))
      .innerJoin(user, eq(user.id, loanRequests.userId))
      .where(
        and(
          eq(installments.dueDate, dueDate),
          sql`${installments.principalPaid} + ${installments.interestPaid} < ${installments.principal} + ${installments.interest}`,
          inArray(loanRequests.servicingStage, ["repaying"]),
          sql`not exists (select 1 from ${remindersSent} where ${remindersSent.installmentId} = ${installments.id} and ${remindersSent.event} = ${event})`,
        ),
      )
      .limit(500);
    for (const row of due) {
      const done = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const marked = await tx
          .insert(remindersSent)
          .values({ installmentId: row.id, event })
          .onConflictDoNothing()
          .returning({ id: remindersSent.id });
        if (marked.length === 0) return false;
        const amount = Number(row.left);
        await notifyClient(tx, {
          userId: row.userId,
          loanId: row.loanId,
          baseUrl,
          mail: {
            topic: `repayment_${event}:${row.loanId}:${row.dueDate}`,
            content: reminderMail({
              loanId: row.loanId,
              firstName: row.firstName,
              baseUrl,
              event,
              dueDate: row.dueDate,
              amount,
            }),
          },
          sms: {
            kind: event === "due_soon" ? "payment_due_soon" : "payment_late",
            amount,
            dueDate: row.dueDate,
          },
        });
        return true;
      });
      if (done) queued += 1;
    }
  }
  return queued;
}
