import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  type AdminClientDetailJson,
  type AdminClientJson,
  type AdminClientSummaryJson,
  adminClientMessages,
} from "../../../domain/api/admin-clients";
import type { Page, PageQuery } from "../../../domain/api/page";
import { type LoanStatus, loanStatuses } from "../../../domain/loan-status";
import type { Db } from "../../db/client";
import { documents, loanRequests, user } from "../../db/schema";
import { notFound } from "../../http/app-error";
import {
  adminLoanSummaryColumns,
  assigneeUser,
  clientUser,
  toAdminLoanSummaryJson,
} from "../admin-loans/admin-loan-json";
import { documentColumns, documentsNewestFirst, toDocumentJson } from "../documents/document-json";
import { clientSearchCondition } from "./client-search";

const iso = (value: Date | string) => new Date(value).toISOString();

type ClientSummaryRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  city: string | null;
  createdAt: Date | string;
  closedAt: Date | string | null;
  loanCount: number | string;
};

function toClientSummaryJson(row: ClientSummaryRow): AdminClientSummaryJson {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone || null,
    city: row.city || null,
    createdAt: iso(row.createdAt),
    closedAt: row.closedAt === null ? null : iso(row.closedAt),
    loanCount: Number(row.loanCount),
  };
}

/** Clients (role client only), newest first, with their number of requests; one page. */
export async function listClients({
  db,
  q,
  page,
  pageSize,
}: { db: Db; q?: string | undefined } & PageQuery): Promise<Page<AdminClientSummaryJson>> {
  const conditions: SQL[] = [eq(user.role, "client")];
  if (q) conditions.push(clientSearchCondition(q));
  const where = and(...conditions);
  // The page of clients is chosen first, then its requests counted: a lateral subquery run once
  // per client kept (ten) on the (user_id, ...) index, rather than for every client the search
  // matches before the sort, or by grouping every request of the firm.
  const clients = db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      city: user.city,
      createdAt: user.createdAt,
      closedAt: user.closedAt,
    })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_clients");
  const counts = db
    .select({ loanCount: count().as("loan_count") })
    .from(loanRequests)
    .where(eq(loanRequests.userId, clients.id))
    .as("loan_counts");
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        phone: clients.phone,
        city: clients.city,
        createdAt: clients.createdAt,
        closedAt: clients.closedAt,
        loanCount: counts.loanCount,
      })
      .from(clients)
      .leftJoinLateral(counts, sql`true`)
      .orderBy(desc(clients.createdAt), desc(clients.id)),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return {
    items: rows.map((row) => toClientSummaryJson({ ...row, loanCount: row.loanCount ?? 0 })),
    total: Number(totals?.total ?? 0),
    page,
    pageSize,
  };
}

/** The dashboard's latest clients. */
export async function latestClients({ db, limit }: { db: Db; limit: number }) {
  return (await listClients({ db, page: 1, pageSize: limit })).items;
}

/**
 * One client as the officers see it: the card, every request (newest first), every document
 * (newest first) and the summary. A missing id and an administrator's id alike are 'Client
 * introuvable': officers' accounts are not clients.
 */
export async function getClientDetail({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<AdminClientDetailJson> {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, id), eq(user.role, "client")))
    .limit(1);
  if (!row) throw notFound(adminClientMessages.notFound);

  const [loanRows, documentRows] = await Promise.all([
    db
      .select(adminLoanSummaryColumns)
      .from(loanRequests)
      .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
      .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
      .where(eq(loanRequests.userId, id))
      .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id)),
    db
      .select(documentColumns)
      .from(documents)
      .leftJoin(loanRequests, eq(loanRequests.id, documents.loanId))
      .where(eq(documents.userId, id))
      .orderBy(...documentsNewestFirst),
  ]);
  const loans = loanRows.map((row) => toAdminLoanSummaryJson(row));

  // Every request is on the page already: the summary is counted from it, not asked again.
  const statusCounts = Object.fromEntries(loanStatuses.map((status) => [status, 0])) as Record<
    LoanStatus,
    number
  >;
  let totalAmountRequested = 0;
  for (const loan of loans) {
    statusCounts[loan.status] += 1;
    totalAmountRequested += loan.amount;
  }

  const client: AdminClientJson = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone || null,
    address: row.address || null,
    city: row.city || null,
    country: row.country || null,
    postalCode: row.postalCode || null,
    createdAt: iso(row.createdAt),
    closedAt: row.closedAt === null ? null : iso(row.closedAt),
  };
  const documentList = documentRows.map(toDocumentJson);
  return {
    client,
    loans,
    documents: documentList,
    summary: {
      totalLoans: loans.length,
      totalAmountRequested,
      statusCounts,
      // Every document kept, a replaced version included: the rule of documentCountText.
      documentCount: documentList.length,
    },
  };
}
