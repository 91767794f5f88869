import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PaymentChannel } from "../../src/domain/api/servicing";
import { datedSchedule, firmToday } from "../../src/domain/loan-schedule";
import type { Db } from "../../src/server/db/client";
import type { InsertRows } from "./write";

// The demo's loans after the decision (issue 28), so that the dashboard's portfolio figures mean
// something: each approved or repaid request gets a stage from its number (contract to sign,
// signed to disburse, being repaid, some late by days, some past 30 days, repaid), its schedule
// from the domain's one implementation (loan-schedule.ts), the instalments paid by then, one
// payment per instalment paid. The contracts of the demo have no PDF: an officer's 'Préparer le
// contrat' after withdrawing one makes a real one.

type Granted = {
  id: number;
  status: string;
  amount: number;
  duration: number;
  rate: number;
  decidedAt: string;
  recordedBy: string;
};

const channels: PaymentChannel[] = [
  "orange_money",
  "wave",
  "mtn_momo",
  "moov",
  "free_money",
  "especes",
];
const day = (iso: string) => iso.slice(0, 10);
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const nul = createHash("sha256").update("").digest("hex");

/** What the demo makes of a granted request, from its number (stable across runs). */
function stageOf(
  loan: Granted,
): "contract" | "signed" | "late_long" | "late_short" | "paying" | "repaid" {
  if (loan.status === "completed") return "repaid";
  const slot = loan.id % 20;
  if (slot === 0) return "contract";
  if (slot === 1) return "signed";
  if (slot === 2 || slot === 3) return "late_long";
  if (slot === 4 || slot === 5) return "late_short";
  return "paying";
}

export async function writeDemoServicing(
  db: Db,
  insertRows: InsertRows,
  now = new Date(),
): Promise<{ loans: number; installments: number; payments: number }> {
  const today = firmToday(now);
  const result = await db.execute(sql`
    select l.id, l.status, l.approved_amount as amount, l.duration_months as duration,
           coalesce(l.interest_rate, 12)::float8 as rate, coalesce(l.decided_at, l.updated_at) as decided_at,
           coalesce(l.assigned_to, (select id from "user" where role = 'admin' order by created_at limit 1)) as recorded_by
      from loan_requests l
     where l.status in ('approved', 'completed') and l.approved_amount is not null
       and l.servicing_stage is null
       and coalesce(l.assigned_to, (select id from "user" where role = 'admin' limit 1)) is not null`);
  const granted: Granted[] = (
    result as unknown as { rows: Array<Record<string, unknown>> }
  ).rows.map((row) => ({
    id: Number(row.id),
    status: String(row.status),
    amount: Number(row.amount),
    duration: Math.min(Number(row.duration), 84),
    rate: Number(row.rate),
    decidedAt: new Date(String(row.decided_at)).toISOString(),
    recordedBy: String(row.recorded_by),
  }));
  let installmentCount = 0;
  let paymentCount = 0;
  for (let start = 0; start < granted.length; start += 500) {
    const batch = granted.slice(start, start + 500);
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const contracts: Array<Record<string, unknown>> = [];
      const disbursements: Array<Record<string, unknown>> = [];
      const installments: Array<Record<string, unknown>> = [];
      const payments: Array<Record<string, unknown>> = [];
      const updates: Array<Record<string, unknown>> = [];
      for (const loan of batch) {
        const stage = stageOf(loan);
        const signedOn = addDays(day(loan.decidedAt), 2);
        const schedule = datedSchedule({
          amount: loan.amount,
          durationMonths: loan.duration,
          annualRatePercent: loan.rate,
          startDate: addDays(signedOn, 3),
        });
        contracts.push({
          loan_id: loan.id,
          state: stage === "contract" ? "prepared" : "signed",
          amount: loan.amount,
          duration_months: loan.duration,
          interest_rate: loan.rate,
          fees_amount: Math.round(loan.amount / 100),
          monthly_payment: schedule[0]?.amount ?? 0,
          created_at: loan.decidedAt,
          expires_at: new Date(Date.parse(loan.decidedAt) + 30 * 86_400_000).toISOString(),
          unsigned_sha256: nul,
          signed_sha256: stage === "contract" ? null : nul,
          signed_at: stage === "contract" ? null : `${signedOn}T10:00:00Z`,
        });
        if (stage === "contract" || stage === "signed") {
          updates.push({ id: loan.id, stage: stage === "contract" ? "contract" : "to_disburse" });
          continue;
        }
        const disbursedOn = addDays(signedOn, 3);
        disbursements.push({
          loan_id: loan.id,
          status: "confirmed",
          disbursed_on: disbursedOn,
          channel: channels[loan.id % channels.length],
          reference: `DEMO-DEC-${loan.id}`,
          amount: loan.amount,
          recorded_by: loan.recordedBy,
          confirmed_by: loan.recordedBy,
          confirmed_at: `${disbursedOn}T12:00:00Z`,
        });
        // How far the client paid: everything (repaid), all due but the last 2 or 1 (late), or
        // all due.
        const due = schedule.filter((installment) => installment.dueDate <= today).length;
        const paidCount =
          stage === "repaid"
            ? schedule.length
            : stage === "late_long"
              ? Math.max(0, due - 2)
              : stage === "late_short"
                ? Math.max(0, due - 1)
                : due;
        let principalLeft = 0;
        let nextDue: string | null = null;
        // A repaid loan was repaid early, 2 to 8 months after its disbursement (not today).
        const repaidOn = [addDays(disbursedOn, 60 + (loan.id % 180)), today].sort()[0] as string;
        for (const installment of schedule) {
          const paid = installment.number <= paidCount;
          // Paid on its due date; a repaid loan's instalments due after it was repaid, that day.
          const paidOn = [
            installment.dueDate,
            stage === "repaid" ? repaidOn : today,
          ].sort()[0] as string;
          installments.push({
            loan_id: loan.id,
            number: installment.number,
            due_date: installment.dueDate,
            principal: installment.principal,
            interest: installment.interest,
            principal_paid: paid ? installment.principal : 0,
            interest_paid: paid ? installment.interest : 0,
          });
          if (paid) {
            payments.push({
              loan_id: loan.id,
              paid_on: paidOn,
              amount: installment.amount,
              channel: channels[(loan.id + installment.number) % channels.length],
              reference: `DEMO-${loan.id}-${installment.number}`,
              recorded_by: loan.recordedBy,
              created_at: `${paidOn}T09:00:00Z`,
            });
          } else {
            principalLeft += installment.principal;
            nextDue ??= installment.dueDate;
          }
        }
        updates.push({
          id: loan.id,
          stage: stage === "repaid" ? "repaid" : "repaying",
          next_due_date: nextDue,
          principal_outstanding: principalLeft,
        });
      }
      await insertRows(tx, "contracts", contractColumns, contracts);
      await insertRows(tx, "disbursements", disbursementColumns, disbursements);
      await insertRows(tx, "installments", installmentColumns, installments);
      await insertRows(tx, "payments", paymentColumns, payments);
      // One allocation per payment: the instalment it paid in full.
      await tx.execute(sql`
        insert into payment_allocations (payment_id, installment_id, kind, principal, interest)
        select p.id, i.id, 'payment', i.principal, i.interest
          from payments p
          join installments i on i.loan_id = p.loan_id
                             and p.reference = 'DEMO-' || i.loan_id || '-' || i.number
         where p.loan_id = any(${sql.raw(`array[${batch.map((loan) => loan.id).join(",")}]::int[]`)})`);
      await tx.execute(sql`
        update loan_requests l
           set servicing_stage = u.stage, next_due_date = u.next_due_date,
               principal_outstanding = u.principal_outstanding,
               fees_amount = round(l.approved_amount / 100.0)
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
               as u(id integer, stage text, next_due_date date, principal_outstanding bigint)
         where l.id = u.id`);
      installmentCount += installments.length;
      paymentCount += payments.length;
    });
  }
  return { loans: granted.length, installments: installmentCount, payments: paymentCount };
}

const contractColumns = {
  loan_id: "integer",
  state: "text",
  amount: "bigint",
  duration_months: "integer",
  interest_rate: "numeric(5,2)",
  fees_amount: "bigint",
  monthly_payment: "bigint",
  created_at: "timestamptz",
  expires_at: "timestamptz",
  unsigned_sha256: "text",
  signed_sha256: "text",
  signed_at: "timestamptz",
};
const disbursementColumns = {
  loan_id: "integer",
  status: "text",
  disbursed_on: "date",
  channel: "text",
  reference: "text",
  amount: "bigint",
  recorded_by: "text",
  confirmed_by: "text",
  confirmed_at: "timestamptz",
};
const installmentColumns = {
  loan_id: "integer",
  number: "integer",
  due_date: "date",
  principal: "bigint",
  interest: "bigint",
  principal_paid: "bigint",
  interest_paid: "bigint",
};
const paymentColumns = {
  loan_id: "integer",
  paid_on: "date",
  amount: "bigint",
  channel: "text",
  reference: "text",
  recorded_by: "text",
  created_at: "timestamptz",
};
