import { and, count, desc, eq, ne, notInArray, or, sql } from "drizzle-orm";
import type { ClientLoanJson, LoanActivityJson, LoanSummaryJson } from "../../../domain/api/loans";
import { loanMessages } from "../../../domain/api/loans";
import type { ClientLoanListQuery } from "../../../domain/api/loans.schema";
import type { Page } from "../../../domain/api/page";
import { loanDocumentCategories } from "../../../domain/document-category";
import { type OfficeId, officeForCountry } from "../../../domain/firm";
import type { LoanRequestCreateValues } from "../../../domain/schemas/loan-request.schema";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { documents, loanActivities, loanRequests, user } from "../../db/schema";
import { notFound } from "../../http/app-error";
import { notifyClient } from "../../notices/notify-client";
import { takeFinishedUpload } from "../uploads/uploads.service";
import { forClient } from "./client-activity";
import { latestInfoRequest } from "./info-request-json";
import { activityColumns, activityDocument, insertLoanNote, loanDocuments } from "./loan-history";
import {
  loanSummaryColumns,
  toActivityJson,
  toLoanDetailFields,
  toLoanSummaryJson,
} from "./loan-json";

/** The office serving the client's country (the wizard's default), for a body without one. */
async function clientOffice(db: Db, userId: string): Promise<OfficeId> {
  const [row] = await db
    .select({ country: user.country })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return officeForCountry(row?.country);
}

/**
 * Creates a loan request in one transaction: the request (pending), its three documents taken
 * from the client's finished uploads (identite, revenu, banque), and the activities that open its
 * history. Any failure leaves nothing: no request, no document, and the uploads untouched (still
 * the client's, to retry with; swept after a day otherwise). A submission key already used by
 * this client returns the request it created (`created: false`): a double tap creates one.
 */
export async function createLoanRequest({
  db,
  userId,
  input,
  baseUrl,
}: {
  db: Db;
  userId: string;
  input: LoanRequestCreateValues;
  /** PUBLIC_URL (or the local address): the 'request received' SMS links to the request. */
  baseUrl: string;
}): Promise<{ loanId: number; created: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const office = input.office ?? (await clientOffice(tx, userId));
    const [loan] = await tx
      .insert(loanRequests)
      .values({
        userId,
        loanType: input.loanType,
        amount: input.amount,
        durationMonths: input.durationMonths,
        purpose: input.purpose,
        description: input.description,
        monthlyIncome: input.monthlyIncome ?? null,
        office,
        status: "pending",
        submissionKey: input.submissionKey,
      })
      // A second submission with the same key waits for the first, then finds it here.
      .onConflictDoNothing({ target: [loanRequests.userId, loanRequests.submissionKey] })
      .returning({ id: loanRequests.id });
    if (!loan) {
      const [existing] = await tx
        .select({ id: loanRequests.id })
        .from(loanRequests)
        .where(
          and(eq(loanRequests.userId, userId), eq(loanRequests.submissionKey, input.submissionKey)),
        )
        .limit(1);
      if (!existing) throw new Error("submission key conflict without a request");
      return { loanId: existing.id, created: false };
    }

    await tx.insert(loanActivities).values({
      loanId: loan.id,
      type: "status_change",
      oldValue: null,
      newValue: "pending",
      createdBy: userId,
    });
    for (const category of loanDocumentCategories) {
      const upload = await takeFinishedUpload({
        tx,
        userId,
        id: input.documents[category],
        field: `documents.${category}`,
      });
      await tx.insert(documents).values({
        userId,
        loanId: loan.id,
        fileName: upload.fileName,
        fileType: upload.fileType,
        fileSize: upload.fileSize,
        storageKey: upload.storageKey,
        category,
      });
      await tx.insert(loanActivities).values({
        loanId: loan.id,
        type: "document_added",
        documentName: upload.fileName,
        newValue: category,
        createdBy: userId,
      });
    }
    // The client hears at once that the request arrived (issue 18): by SMS, when it takes them.
    await notifyClient(tx, { userId, loanId: loan.id, baseUrl, sms: { kind: "received" } });
    return { loanId: loan.id, created: true };
  });
}

/**
 * One page of the client's requests with the number of them (count(*) over the whole selection,
 * in the same statement), only those of a status when `byStatus`. Prepared: built once.
 */
function clientLoanPage(db: Db, byStatus: boolean) {
  return prepared(db, byStatus ? "client_loans_by_status" : "client_loans", () =>
    db
      .select({ ...loanSummaryColumns, total: sql<string>`count(*) over ()` })
      .from(loanRequests)
      .where(
        and(
          eq(loanRequests.userId, sql.placeholder("userId")),
          byStatus ? eq(loanRequests.status, sql.placeholder("status")) : undefined,
        ),
      )
      .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(byStatus ? "client_loans_by_status" : "client_loans"),
  );
}

/** The client's requests, newest first, one page; only those of `status` when it is given. */
export async function listClientLoans({
  db,
  userId,
  page,
  pageSize,
  status,
}: { db: Db; userId: string } & ClientLoanListQuery): Promise<Page<LoanSummaryJson>> {
  const rows = await clientLoanPage(db, status !== undefined).execute({
    userId,
    status,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  let total = Number(rows[0]?.total ?? 0);
  // A page past the last one has no row to carry the count: counted apart (rare).
  if (rows.length === 0 && page > 1) {
    const [totals] = await db
      .select({ total: count() })
      .from(loanRequests)
      .where(
        and(eq(loanRequests.userId, userId), status ? eq(loanRequests.status, status) : undefined),
      );
    total = Number(totals?.total ?? 0);
  }
  return { items: rows.map(toLoanSummaryJson), total, page, pageSize };
}

/**
 * What the client's history never shows: the officers' own work on the request (assignments,
 * four-eyes proposals and their returns).
 */
const officersOnlyActivities = [
  "assignment",
  "approval_proposed",
  "approval_returned",
  "disbursement_proposed",
] as const;

/**
 * A request as its client sees it. The history leaves out what belongs to the officers' work:
 * assignments, four-eyes proposals and the officers' own notes.
 */
export async function getClientLoan({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: number;
}): Promise<ClientLoanJson> {
  const [loan] = await db
    .select()
    .from(loanRequests)
    .where(and(eq(loanRequests.id, id), eq(loanRequests.userId, userId)))
    .limit(1);
  if (!loan) throw notFound(loanMessages.notFound);
  const [documentRows, activityRows, infoRequest] = await Promise.all([
    loanDocuments(db, id),
    db
      .select(activityColumns)
      .from(loanActivities)
      .leftJoin(user, eq(user.id, loanActivities.createdBy))
      .leftJoin(activityDocument, eq(activityDocument.id, loanActivities.documentId))
      .where(
        and(
          eq(loanActivities.loanId, id),
          notInArray(loanActivities.type, [...officersOnlyActivities]),
          or(ne(loanActivities.type, "comment"), eq(loanActivities.createdBy, userId)),
        ),
      )
      .orderBy(desc(loanActivities.createdAt), desc(loanActivities.id)),
    latestInfoRequest(db, id),
  ]);
  return {
    ...toLoanDetailFields(loan),
    documents: documentRows,
    activities: activityRows.map(toActivityJson).map(forClient),
    infoRequest,
  };
}

/**
 * A note of the client on its own request: kept with the officers' notes (shown to them tagged
 * '(Client)') and in the request's history.
 */
export async function addClientNote({
  db,
  userId,
  loanId,
  note,
}: {
  db: Db;
  userId: string;
  loanId: number;
  note: string;
}): Promise<LoanActivityJson> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [loan] = await tx
      .select({ id: loanRequests.id })
      .from(loanRequests)
      .where(and(eq(loanRequests.id, loanId), eq(loanRequests.userId, userId)))
      .limit(1);
    if (!loan) throw notFound(loanMessages.notFound);
    const { activityId } = await insertLoanNote(tx, { loanId, userId, note });
    const [row] = await tx
      .select(activityColumns)
      .from(loanActivities)
      .leftJoin(user, eq(user.id, loanActivities.createdBy))
      .leftJoin(activityDocument, eq(activityDocument.id, loanActivities.documentId))
      .where(eq(loanActivities.id, activityId));
    if (!row) throw new Error("activity not found after insert");
    return toActivityJson(row);
  });
}
