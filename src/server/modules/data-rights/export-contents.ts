import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DataExportArchive, ExportedMail, ExportedSms } from "../../../domain/api/data-rights";
import type { LoanAccountJson } from "../../../domain/api/servicing";
import type { DocumentCategory } from "../../../domain/document-category";
import { toUserJson } from "../../auth/user-json";
import type { Db } from "../../db/client";
import { documents, loanRequests, mailOutbox, smsOutbox, smsReceipts, user } from "../../db/schema";
import type { Storage } from "../../storage/storage";
import { documentColumns, toDocumentJson } from "../documents/document-json";
import { getClientLoan } from "../loans/loans.service";
import { getClientLoanAccount } from "../servicing/loan-account";

// What a data export holds (docs/decisions/2026-11-26-data-rights.md): the profile, each request
// exactly as the client's own page shows it (getClientLoan: its history without the officers'
// internal notes, assignments and four-eyes proposals; getClientLoanAccount: its contract,
// schedule and payments), every document with its replaced
// versions, and the e-mails and SMS sent about the requests. The officers' internal notes are
// their working papers, never shown to the client: they stay out.

/** A document's file as the archive will hold it. */
export type ArchivedFile = { storageKey: string; archivePath: string; size: number };

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Letters, digits, dot, dash and underscore: a file name that every unzip tool accepts. */
function safeName(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "");
  return cleaned.slice(-80) || "document";
}

function archivePathOf(row: { id: string; category: DocumentCategory; fileName: string }) {
  return `documents/${row.category}/${row.id.slice(0, 8)}-${safeName(row.fileName)}`;
}

/** The JSON of the archive and the files to add beside it, read now in a few queries. */
export async function collectExport({
  db,
  storage,
  userId,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  userId: string;
  now?: Date;
}): Promise<{ archive: DataExportArchive; files: ArchivedFile[] }> {
  const [me] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!me) throw new Error(`no user ${userId} for a data export`);
  const loanRows = await db
    .select({ id: loanRequests.id })
    .from(loanRequests)
    .where(eq(loanRequests.userId, userId))
    .orderBy(asc(loanRequests.createdAt), asc(loanRequests.id));
  const loanIds = loanRows.map((row) => row.id);
  const requests = [];
  for (const id of loanIds) requests.push(await getClientLoan({ db, userId, id }));
  const servicing: LoanAccountJson[] = [];
  for (const id of loanIds) {
    // The firm's payment accounts are not the client's data: none in the archive.
    const account = await getClientLoanAccount({ db, userId, loanId: id, accounts: [], now });
    if (account.contract !== null || account.installments.length > 0) servicing.push(account);
  }

  const documentRows = await db
    .select({ ...documentColumns, storageKey: documents.storageKey })
    .from(documents)
    .leftJoin(loanRequests, eq(loanRequests.id, documents.loanId))
    .where(eq(documents.userId, userId))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const files: ArchivedFile[] = [];
  const exportedDocuments: DataExportArchive["documents"] = [];
  for (const row of documentRows) {
    // The size the storage reports (a file missing there is named as such, not a failed export).
    const size = await storage.size(row.storageKey);
    const archivePath = size === null ? null : archivePathOf(row);
    if (archivePath !== null && size !== null) {
      files.push({ storageKey: row.storageKey, archivePath, size });
    }
    exportedDocuments.push({ ...toDocumentJson(row), archivePath });
  }

  return {
    archive: {
      format: "horizon-credit-donnees-personnelles/1",
      exportedAt: now.toISOString(),
      profile: {
        ...toUserJson(me),
        notifications: { email: me.notifyEmail, sms: me.notifySms, smsPhone: me.smsPhone },
      },
      requests,
      servicing,
      documents: exportedDocuments,
      notices: {
        emails: await sentMails(db, me.email, loanIds),
        sms: await sentSms(db, loanIds),
      },
    },
    files,
  };
}

/** The e-mails to the client about its requests (the officers' own e-mails are not its data). */
async function sentMails(db: Db, email: string, loanIds: number[]): Promise<ExportedMail[]> {
  if (loanIds.length === 0) return [];
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.loanId, loanIds), eq(mailOutbox.toAddress, email)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((row) => ({
    loanId: row.loanId,
    subject: row.subject,
    text: row.textBody,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
  }));
}

async function sentSms(db: Db, loanIds: number[]): Promise<ExportedSms[]> {
  if (loanIds.length === 0) return [];
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(inArray(smsOutbox.loanId, loanIds))
    .orderBy(asc(smsOutbox.createdAt), asc(smsOutbox.id));
  const messageIds = rows.map((row) => row.messageId).filter((id): id is string => id !== null);
  const receipts =
    messageIds.length === 0
      ? []
      : await db
          .select({ messageId: smsReceipts.messageId, stat: smsReceipts.stat })
          .from(smsReceipts)
          .where(inArray(smsReceipts.messageId, messageIds))
          .orderBy(desc(smsReceipts.receivedAt));
  const latest = new Map<string, string>();
  for (const receipt of receipts) {
    if (!latest.has(receipt.messageId)) latest.set(receipt.messageId, receipt.stat);
  }
  return rows.map((row) => ({
    loanId: row.loanId,
    toNumber: row.toNumber,
    text: row.body,
    kind: row.kind,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
    delivery: row.messageId ? (latest.get(row.messageId) ?? null) : null,
  }));
}
