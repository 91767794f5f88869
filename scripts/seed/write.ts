import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { hashPassword } from "better-auth/crypto";
import { count, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import {
  approvalProposals,
  documents,
  infoRequests,
  loanRequests,
  user,
} from "../../src/server/db/schema";
import { removeServicing } from "../../src/server/modules/servicing/servicing-retention";
import type { Storage } from "../../src/server/storage/storage";
import { documentBytes } from "./files";
import {
  type GenerateOptions,
  generateLoans,
  generatePeople,
  type SeedLoan,
  type SeedUser,
} from "./generate";
import { demoEmailDomains } from "./names";
import { writeDemoServicing } from "./servicing";

// Writes the demo data: multi-row inserts in batches, one transaction per batch, so that 100 000
// requests and their history take minutes, not hours, on PGlite as on PostgreSQL.

export type WriteOptions = GenerateOptions & {
  /** Every demo account (officers and clients) signs in with it. */
  password: string;
  /** false: requests without documents (and without their document_added activities). */
  documents: boolean;
  /** Requests per transaction. */
  batchSize?: number;
  onProgress?: (message: string) => void;
};

export type WriteSummary = {
  officers: SeedUser[];
  clients: number;
  loans: number;
  byStatus: Record<string, number>;
  documents: number;
  activities: number;
  notes: number;
  timings: Record<string, number>;
};

const demoDomainList = sql.join(
  demoEmailDomains.map((domain) => sql`${domain}`),
  sql`, `,
);
const isDemoEmail = sql`split_part(${user.email}, '@', 2) in (${demoDomainList})`;

/** How much demo data the database holds already (accounts recognised by their e-mail domain). */
export async function countDemoData(db: Db): Promise<{ accounts: number; loans: number }> {
  const [accounts] = await db.select({ value: count() }).from(user).where(isDemoEmail);
  const [loans] = await db
    .select({ value: count() })
    .from(loanRequests)
    .where(sql`${loanRequests.userId} in (select ${user.id} from ${user} where ${isDemoEmail})`);
  return { accounts: Number(accounts?.value ?? 0), loans: Number(loans?.value ?? 0) };
}

/**
 * Removes every demo account with its requests, documents (rows and files), notes and history.
 * Refused by the database (foreign keys) if a demo officer acted on a request that is not demo
 * data: that trail is kept.
 */
export async function removeDemoData(
  db: Db,
  storage: Storage,
): Promise<{ accounts: number; files: number }> {
  const demoUsers = sql`(select ${user.id} from ${user} where ${isDemoEmail})`;
  const { keys, accounts } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // What points at the documents and requests without cascading (issue 8's dossiers) goes first.
    const demoLoans = sql`(select ${loanRequests.id} from ${loanRequests} where ${loanRequests.userId} in ${demoUsers})`;
    await tx.delete(infoRequests).where(sql`${infoRequests.loanId} in ${demoLoans}`);
    await tx.delete(approvalProposals).where(sql`${approvalProposals.loanId} in ${demoLoans}`);
    await removeServicing(tx, demoLoans);
    const removed = await tx
      .delete(documents)
      .where(sql`${documents.userId} in ${demoUsers}`)
      .returning({ storageKey: documents.storageKey });
    await tx.delete(loanRequests).where(sql`${loanRequests.userId} in ${demoUsers}`);
    const gone = await tx.delete(user).where(isDemoEmail).returning({ id: user.id });
    return { keys: removed.map((row) => row.storageKey), accounts: gone.length };
  });
  // After the commit: a failed transaction leaves every file its rows point at.
  await eachConcurrently(keys, 16, (key) => storage.delete(key));
  return { accounts, files: keys.length };
}

export async function writeDemoData(
  db: Db,
  storage: Storage,
  options: WriteOptions,
): Promise<WriteSummary> {
  const progress = options.onProgress ?? (() => {});
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      timings[name] = (timings[name] ?? 0) + (performance.now() - started);
    }
  };

  const people = generatePeople(options);
  // One hash for every account: scrypt is slow on purpose, 20 000 of them would take minutes.
  const passwordHash = await timed("hachage du mot de passe", () => hashPassword(options.password));

  await timed("comptes", async () => {
    const everyone = [...people.officers, ...people.clients];
    for (const rows of chunks(everyone, 1000)) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await insertRows(
          tx,
          "user",
          userColumns,
          rows.map((person) => ({
            id: person.id,
            name: `${person.firstName} ${person.lastName}`,
            email: person.email,
            email_verified: true,
            first_name: person.firstName,
            last_name: person.lastName,
            phone: person.phone,
            address: person.address,
            city: person.city,
            country: person.country,
            role: person.role,
            office: person.office,
            created_at: person.createdAt,
            updated_at: person.createdAt,
          })),
        );
        await insertRows(
          tx,
          "account",
          accountColumns,
          rows.map((person) => ({
            id: `${person.id}a`,
            account_id: person.id,
            provider_id: "credential",
            user_id: person.id,
            password: passwordHash,
            created_at: person.createdAt,
            updated_at: person.createdAt,
          })),
        );
      });
    }
    progress(`${everyone.length} comptes écrits`);
  });

  const byStatus: Record<string, number> = {};
  let loans = 0;
  let documentCount = 0;
  let activityCount = 0;
  let noteCount = 0;
  const batchSize = options.batchSize ?? 500;
  let batch: SeedLoan[] = [];
  let lastReport = performance.now();

  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    const stored = new Map<SeedLoan, Array<{ key: string; size: number }>>();
    if (options.documents) {
      // Written before the rows that point at them: a document row never lacks its file.
      await timed("fichiers", () =>
        eachConcurrently(
          current.flatMap((loan) =>
            loan.documents.map((document, index) => ({ loan, document, index })),
          ),
          16,
          async ({ loan, document, index }) => {
            const key = `demo/${loan.submissionKey.slice(0, 2)}/${loan.submissionKey}-${document.category}`;
            const bytes = documentBytes(document);
            await storage.put(key, Readable.from([bytes]));
            const files = stored.get(loan) ?? [];
            files[index] = { key, size: bytes.length };
            stored.set(loan, files);
          },
        ),
      );
    }
    await timed("demandes et historique", () =>
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const inserted = await insertRows(
          tx,
          "loan_requests",
          loanColumns,
          current.map((loan) => ({
            user_id: loan.userId,
            loan_type: loan.loanType,
            amount: loan.amount,
            duration_months: loan.durationMonths,
            purpose: loan.purpose,
            description: loan.description,
            monthly_income: loan.monthlyIncome,
            status: loan.status,
            office: loan.office,
            decided_at: loan.decidedAt,
            assigned_to: loan.assignedTo,
            rejection_reason: loan.rejectionReason,
            approved_amount: loan.approvedAmount,
            interest_rate: loan.interestRate,
            monthly_payment: loan.monthlyPayment,
            submission_key: loan.submissionKey,
            created_at: loan.createdAt,
            updated_at: loan.updatedAt,
          })),
          "id, submission_key",
        );
        const idOf = new Map(inserted.map((row) => [String(row.submission_key), Number(row.id)]));
        const loanId = (loan: SeedLoan) => {
          const id = idOf.get(loan.submissionKey);
          if (id === undefined) throw new Error(`no id for request ${loan.submissionKey}`);
          return id;
        };

        // Ids drawn here: verdicts, their activities and requests for a complement point at them.
        const documentIds = new Map<SeedLoan, Partial<Record<string, string>>>();
        const documentId = (loan: SeedLoan, category: string | undefined) =>
          category === undefined ? null : (documentIds.get(loan)?.[category] ?? null);
        const documentRows = options.documents
          ? current.flatMap((loan) =>
              loan.documents.map((document, index) => {
                const file = stored.get(loan)?.[index];
                if (!file) throw new Error("document file not written");
                const id = randomUUID();
                documentIds.set(loan, { ...documentIds.get(loan), [document.category]: id });
                return {
                  id,
                  review_verdict: document.review ? "a_remplacer" : null,
                  review_reason: document.review?.reason ?? null,
                  review_comment: document.review?.comment ?? null,
                  reviewed_by: document.review?.reviewedBy ?? null,
                  reviewed_at: document.review?.reviewedAt ?? null,
                  user_id: loan.userId,
                  loan_id: loanId(loan),
                  file_name: document.fileName,
                  file_type: document.fileType,
                  file_size: file.size,
                  storage_key: file.key,
                  category: document.category,
                  uploaded_at: document.uploadedAt,
                  created_at: loan.createdAt,
                };
              }),
            )
          : [];
        const activityRows = current.flatMap((loan) =>
          loan.activities
            .filter(
              (activity) =>
                options.documents ||
                (activity.type !== "document_added" && activity.type !== "document_review"),
            )
            .map((activity) => ({
              loan_id: loanId(loan),
              document_id: documentId(loan, activity.documentCategory),
              type: activity.type,
              old_value: activity.oldValue,
              new_value: activity.newValue,
              comment: activity.comment,
              document_name: activity.documentName,
              created_by: activity.createdBy,
              created_at: activity.createdAt,
            })),
        );
        const noteRows = current.flatMap((loan) =>
          loan.notes.map((note) => ({
            loan_id: loanId(loan),
            user_id: note.userId,
            note: note.note,
            created_at: note.createdAt,
          })),
        );
        await insertRows(tx, "documents", documentColumns, documentRows);
        await insertRows(tx, "loan_activities", activityColumns, activityRows);
        await insertRows(tx, "loan_notes", noteColumns, noteRows);
        await insertInfoRequests(tx, current, loanId, documentId);
        documentCount += documentRows.length;
        activityCount += activityRows.length;
        noteCount += noteRows.length;
      }),
    );
    loans += current.length;
    for (const loan of current) byStatus[loan.status] = (byStatus[loan.status] ?? 0) + 1;
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      progress(`${loans} / ${options.loans} demandes écrites`);
    }
  };

  for (const loan of generateLoans(options, people)) {
    batch.push(loan);
    if (batch.length >= batchSize) await flush();
  }
  await flush();

  // The loans after the decision (issue 28): contracts, disbursements, schedules, payments.
  const servicing = await timed("contrats, échéanciers et paiements", () =>
    writeDemoServicing(db, insertRows),
  );
  progress(
    `${servicing.loans} prêts suivis : ${servicing.installments} échéances, ${servicing.payments} paiements`,
  );

  // What autovacuum does to a table that has been in use for a while: statistics for the planner,
  // and the visibility map that lets index-only scans skip the table.
  await timed("VACUUM ANALYZE", () =>
    db.execute(
      sql`vacuum analyze "user", account, loan_requests, documents, loan_activities, loan_notes, info_requests, info_request_items, contracts, disbursements, installments, payments, payment_allocations`,
    ),
  );
  return {
    officers: people.officers,
    clients: people.clients.length,
    loans,
    byStatus,
    documents: documentCount,
    activities: activityCount,
    notes: noteCount,
    timings,
  };
}

/**
 * The open requests for a complement, then what each asks (a document to replace exists only
 * where documents were written: without them, the question alone).
 */
async function insertInfoRequests(
  tx: Db,
  loans: readonly SeedLoan[],
  loanId: (loan: SeedLoan) => number,
  documentId: (loan: SeedLoan, category: string) => string | null,
) {
  const asking = loans.filter((loan) => loan.infoRequest !== null);
  const inserted = await insertRows(
    tx,
    "info_requests",
    infoRequestColumns,
    asking.map((loan) => ({
      loan_id: loanId(loan),
      question: loan.infoRequest?.question ?? null,
      created_by: loan.infoRequest?.createdBy,
      created_at: loan.infoRequest?.createdAt,
    })),
    "id, loan_id",
  );
  const requestOf = new Map(inserted.map((row) => [Number(row.loan_id), Number(row.id)]));
  const items = asking.flatMap((loan) =>
    (loan.infoRequest?.replace ?? []).flatMap((item) => {
      const document = documentId(loan, item.category);
      if (document === null) return [];
      return [
        {
          info_request_id: requestOf.get(loanId(loan)),
          kind: "replace",
          category: item.category,
          document_id: document,
          reason: item.reason,
          comment: item.comment,
        },
      ];
    }),
  );
  await insertRows(tx, "info_request_items", infoRequestItemColumns, items);
}

const infoRequestColumns = {
  loan_id: "integer",
  question: "text",
  created_by: "text",
  created_at: "timestamptz",
};
const infoRequestItemColumns = {
  info_request_id: "integer",
  kind: "text",
  category: "text",
  document_id: "uuid",
  reason: "text",
  comment: "text",
};

const userColumns = {
  id: "text",
  name: "text",
  email: "text",
  email_verified: "boolean",
  first_name: "text",
  last_name: "text",
  phone: "text",
  address: "text",
  city: "text",
  country: "text",
  role: "text",
  office: "text",
  created_at: "timestamptz",
  updated_at: "timestamptz",
};
const accountColumns = {
  id: "text",
  account_id: "text",
  provider_id: "text",
  user_id: "text",
  password: "text",
  created_at: "timestamptz",
  updated_at: "timestamptz",
};
const loanColumns = {
  user_id: "text",
  loan_type: "text",
  amount: "bigint",
  duration_months: "integer",
  purpose: "text",
  description: "text",
  monthly_income: "bigint",
  status: "text",
  office: "text",
  decided_at: "timestamptz",
  assigned_to: "text",
  rejection_reason: "text",
  approved_amount: "bigint",
  interest_rate: "numeric(5,2)",
  monthly_payment: "bigint",
  submission_key: "uuid",
  created_at: "timestamptz",
  updated_at: "timestamptz",
};
const documentColumns = {
  id: "uuid",
  review_verdict: "text",
  review_reason: "text",
  review_comment: "text",
  reviewed_by: "text",
  reviewed_at: "timestamptz",
  user_id: "text",
  loan_id: "integer",
  file_name: "text",
  file_type: "text",
  file_size: "integer",
  storage_key: "text",
  category: "text",
  uploaded_at: "timestamptz",
  created_at: "timestamptz",
};
const activityColumns = {
  loan_id: "integer",
  document_id: "uuid",
  type: "text",
  old_value: "text",
  new_value: "text",
  comment: "text",
  document_name: "text",
  created_by: "text",
  created_at: "timestamptz",
};
const noteColumns = {
  loan_id: "integer",
  user_id: "text",
  note: "text",
  created_at: "timestamptz",
};

/**
 * INSERT … SELECT FROM jsonb_to_recordset($1): thousands of rows as one parameter. Much cheaper
 * than a VALUES list of 40 000 parameters, for the driver as for the server, and within
 * PostgreSQL's 65 535-parameter limit whatever the batch.
 */
export type InsertRows = typeof insertRows;

async function insertRows(
  tx: Db,
  table: string,
  columns: Record<string, string>,
  rows: Array<Record<string, unknown>>,
  returning?: string,
): Promise<Array<Record<string, unknown>>> {
  if (rows.length === 0) return [];
  const names = sql.raw(
    Object.keys(columns)
      .map((name) => `"${name}"`)
      .join(", "),
  );
  const types = sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `"${name}" ${type}`)
      .join(", "),
  );
  const result = await tx.execute(
    sql`insert into ${sql.identifier(table)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as rows(${types})${returning ? sql.raw(` returning ${returning}`) : sql``}`,
  );
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
