import { Readable } from "node:stream";
import { hashPassword } from "better-auth/crypto";
import { count, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import {
  account,
  documents,
  loanActivities,
  loanNotes,
  loanRequests,
  user,
} from "../../src/server/db/schema";
import type { Storage } from "../../src/server/storage/storage";
import { documentBytes } from "./files";
import { type GenerateOptions, generateLoans, generatePeople, type SeedLoan, type SeedUser } from "./generate";
import { demoEmailDomains } from "./names";

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
export async function removeDemoData(db: Db, storage: Storage): Promise<{ accounts: number; files: number }> {
  const demoUsers = sql`(select ${user.id} from ${user} where ${isDemoEmail})`;
  const { keys, accounts } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
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

export async function writeDemoData(db: Db, storage: Storage, options: WriteOptions): Promise<WriteSummary> {
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
        await tx.insert(user).values(
          rows.map((person) => ({
            id: person.id,
            name: `${person.firstName} ${person.lastName}`,
            email: person.email,
            emailVerified: true,
            firstName: person.firstName,
            lastName: person.lastName,
            phone: person.phone,
            address: person.address,
            city: person.city,
            country: person.country,
            role: person.role,
            createdAt: person.createdAt,
            updatedAt: person.createdAt,
          })),
        );
        await tx.insert(account).values(
          rows.map((person) => ({
            id: `${person.id}a`,
            accountId: person.id,
            providerId: "credential",
            userId: person.id,
            password: passwordHash,
            createdAt: person.createdAt,
            updatedAt: person.createdAt,
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
          current.flatMap((loan) => loan.documents.map((document, index) => ({ loan, document, index }))),
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
        const inserted = await tx
          .insert(loanRequests)
          .values(
            current.map((loan) => ({
              userId: loan.userId,
              loanType: loan.loanType,
              amount: loan.amount,
              durationMonths: loan.durationMonths,
              purpose: loan.purpose,
              description: loan.description,
              monthlyIncome: loan.monthlyIncome,
              status: loan.status,
              assignedTo: loan.assignedTo,
              rejectionReason: loan.rejectionReason,
              approvedAmount: loan.approvedAmount,
              interestRate: loan.interestRate,
              monthlyPayment: loan.monthlyPayment,
              submissionKey: loan.submissionKey,
              createdAt: loan.createdAt,
              updatedAt: loan.updatedAt,
            })),
          )
          .returning({ id: loanRequests.id, submissionKey: loanRequests.submissionKey });
        const idOf = new Map(inserted.map((row) => [row.submissionKey, row.id]));
        const loanId = (loan: SeedLoan) => {
          const id = idOf.get(loan.submissionKey);
          if (id === undefined) throw new Error(`no id for request ${loan.submissionKey}`);
          return id;
        };

        const documentRows = options.documents
          ? current.flatMap((loan) =>
              loan.documents.map((document, index) => {
                const file = stored.get(loan)?.[index];
                if (!file) throw new Error("document file not written");
                return {
                  userId: loan.userId,
                  loanId: loanId(loan),
                  fileName: document.fileName,
                  fileType: document.fileType,
                  fileSize: file.size,
                  storageKey: file.key,
                  category: document.category,
                  uploadedAt: document.uploadedAt,
                  createdAt: loan.createdAt,
                };
              }),
            )
          : [];
        const activityRows = current.flatMap((loan) =>
          loan.activities
            .filter((activity) => options.documents || activity.type !== "document_added")
            .map((activity) => ({ loanId: loanId(loan), ...activity })),
        );
        const noteRows = current.flatMap((loan) =>
          loan.notes.map((note) => ({ loanId: loanId(loan), ...note })),
        );
        // PostgreSQL takes at most 65 535 parameters per statement.
        for (const rows of chunks(documentRows, 3000)) await tx.insert(documents).values(rows);
        for (const rows of chunks(activityRows, 5000)) await tx.insert(loanActivities).values(rows);
        for (const rows of chunks(noteRows, 5000)) await tx.insert(loanNotes).values(rows);
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

  await timed("statistiques (ANALYZE)", () => db.execute(sql`analyze`));
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

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

async function eachConcurrently<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

