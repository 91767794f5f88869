import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type AdminLoanJson,
  type AdminLoanSummaryJson,
  type AdminNoteJson,
  adminLoanMessages,
} from "../../../domain/api/admin-loans";
import type { AdminLoanFilter, LoanStatusChange } from "../../../domain/api/admin-loans.schema";
import { dossierMessages } from "../../../domain/api/dossier";
import type { LoanActivityJson } from "../../../domain/api/loans";
import type { Page, PageQuery } from "../../../domain/api/page";
import { overdueBefore } from "../../../domain/decision-promise";
import type { OfficeId } from "../../../domain/firm";
import { monthlyPayment } from "../../../domain/loan-simulator";
import { canTransition, type LoanStatus, undecidedStatuses } from "../../../domain/loan-status";
import type { LoanType } from "../../../domain/loan-type";
import type { Db } from "../../db/client";
import { keepingPlan, prepared } from "../../db/prepared";
import { infoRequests, loanActivities, loanNotes, loanRequests, user } from "../../db/schema";
import { AppError, conflict, notFound } from "../../http/app-error";
import { loanNotices } from "../../notices/loan-notices";
import { notifyClient } from "../../notices/notify-client";
import { latestInfoRequest } from "../loans/info-request-json";
import { activityColumns, insertLoanNote, loanDocuments } from "../loans/loan-history";
import { toActivityJson } from "../loans/loan-json";
import {
  adminLoanDetailColumns,
  adminLoanSummaryColumns,
  adminLoanSummaryJsonSql,
  assigneeUser,
  clientUser,
  toAdminLoanJson,
} from "./admin-loan-json";
import { loanStatusMail } from "./admin-loans.mail";
import {
  lockLoanForDecision,
  needsSecondOfficer,
  proposeApproval,
  refuseWhileProposalPending,
} from "./approval.service";
import { pendingApprovalProposal } from "./approval-json";

/**
 * `%`, `_` and `\` of a search term taken literally by LIKE (whose default escape character is
 * the backslash).
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Overdue at `now`: no decision yet, and submitted before the 48 h promise's limit
 * (decision-promise.ts). One definition for `?retard=1` and the dashboard's count, which links to it.
 */
export function overdueLoans(now: Date): SQL {
  return overdueBeforeCutoff(overdueBefore(now));
}

function overdueBeforeCutoff(cutoff: Date | Placeholder): SQL {
  return and(
    inArray(loanRequests.status, [...undecidedStatuses]),
    lt(loanRequests.createdAt, cutoff),
  ) as SQL;
}

/**
 * What the list's WHERE is made of: a filter's values (`listInputs`), or the placeholders a
 * prepared statement fills in with them (`listPlaceholders`). One builder serves both, so the
 * route's prepared statement and the export's or the benchmark's query are the same SQL.
 */
type ListInputs<V> = {
  status?: LoanStatus | V;
  type?: LoanType | V;
  agence?: OfficeId | V;
  overdueBefore?: Date | V;
  /** Already escaped for LIKE. */
  q?: string | V;
};

function listInputs(filter: AdminLoanFilter, now: Date): ListInputs<never> {
  return {
    status: filter.status,
    type: filter.type,
    agence: filter.agence,
    overdueBefore: filter.retard ? overdueBefore(now) : undefined,
    q: filter.q ? escapeLike(filter.q) : undefined,
  };
}

/** The same keys, a placeholder for each filter the request uses. */
function listPlaceholders(filter: AdminLoanFilter): ListInputs<Placeholder> {
  return {
    status: filter.status && sql.placeholder("status"),
    type: filter.type && sql.placeholder("type"),
    agence: filter.agence && sql.placeholder("agence"),
    overdueBefore: filter.retard && sql.placeholder("overdueBefore"),
    q: filter.q ? sql.placeholder("q") : undefined,
  };
}

function listConditions<V extends Placeholder>(inputs: ListInputs<V>): SQL | undefined {
  const conditions: SQL[] = [];
  if (inputs.status) conditions.push(eq(loanRequests.status, inputs.status));
  if (inputs.type) conditions.push(eq(loanRequests.loanType, inputs.type));
  if (inputs.agence) conditions.push(eq(loanRequests.office, inputs.agence));
  if (inputs.overdueBefore) conditions.push(overdueBeforeCutoff(inputs.overdueBefore));
  if (inputs.q) {
    conditions.push(
      sql`${clientUser.searchText} like '%' || f_unaccent(lower(${inputs.q})) || '%'`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The WHERE of the officers' list and of its CSV export. The term is normalised by the same
 * f_unaccent(lower()) as the generated user.search_text (migration 0002), so that its trigram
 * index answers the search.
 */
export function adminLoanConditions(
  filter: AdminLoanFilter,
  now: Date = new Date(),
): SQL | undefined {
  return listConditions(listInputs(filter, now));
}

/** What the list's statement needs besides the filters. */
type PageInputs<V> = {
  limit: number | V;
  offset: number | V;
  /** overdueBefore(now): the lines' `overdue`, judged at the instant of the answer. */
  overdueCutoff: Date | V;
};

function listStatement<V extends Placeholder>(
  db: Db,
  inputs: ListInputs<V>,
  { limit, offset, overdueCutoff }: PageInputs<V>,
) {
  const where = listConditions(inputs);
  // Deferred join: the page's ten ids are chosen first, over loan_requests (and the client's
  // search_text when searching) alone; only those ten rows then fetch their columns, client and
  // assignee, by primary key. A broad search or a deep page costs index entries, not thousands of
  // joined rows; and a small table is not read whole to join ten ids (= any(array(...)) is ten
  // index lookups whatever the planner thinks of the table's size).
  const pageIds = (
    inputs.q
      ? db
          .select({ id: loanRequests.id })
          .from(loanRequests)
          .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
      : db.select({ id: loanRequests.id }).from(loanRequests)
  )
    .where(where)
    .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
    .limit(limit)
    .offset(offset);
  // The client join only when searching: every request has its client (foreign key, NOT NULL),
  // so without a term the count reads the loan_requests indexes alone.
  const total = inputs.q
    ? db
        .select({ total: count() })
        .from(loanRequests)
        .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
        .where(where)
    : db.select({ total: count() }).from(loanRequests).where(where);
  // One row whatever the page (an aggregate without GROUP BY): the exact count (an InitPlan,
  // computed once) and the page's lines as the JSON the API answers, built by PostgreSQL (see
  // adminLoanSummaryJsonSql); a page past the last has `[]` and still its total.
  return db
    .select({
      total: sql<number | string>`(${total})`.as("total"),
      items: sql<AdminLoanSummaryJson[]>`coalesce(json_agg(${adminLoanSummaryJsonSql(
        overdueBeforeCutoff(overdueCutoff),
      )} order by ${loanRequests.createdAt} desc, ${loanRequests.id} desc), '[]'::json)`.as(
        "items",
      ),
    })
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
    .where(sql`${loanRequests.id} = any(array(${pageIds}))`);
}

function pageInputs({ page, pageSize }: PageQuery, now: Date): PageInputs<never> {
  return { limit: pageSize, offset: (page - 1) * pageSize, overdueCutoff: overdueBefore(now) };
}

/**
 * The officers' list's statement (one page, newest first, id breaking ties, with the exact
 * count), unexecuted. Exported so the benchmark can run the very same SQL bare (`.toSQL()` gives
 * the text and its parameters); the route runs it prepared (below).
 */
export function adminLoanListQuery({
  db,
  filter,
  page,
  pageSize,
  now = new Date(),
}: { db: Db; filter: AdminLoanFilter; now?: Date } & PageQuery) {
  return listStatement(db, listInputs(filter, now), pageInputs({ page, pageSize }, now));
}

/**
 * The list's statement for the filters a request uses (at most 32 shapes), built once per shape.
 * Without any filter (the list as officers open it) its plan may be kept (db/prepared.ts): no
 * value can change it (limit and offset aside, which PostgreSQL weighs itself: on the
 * 100 000-request set it keeps planning each execution). With filters it is planned for each
 * execution (unnamed), as the list's indexes were chosen for: a generic plan, blind to the
 * values, walks the same index for a rare status or type as for a common one (measured there: a
 * deep page of approved mortgages, 5 ms planned for its values, 19 ms with the generic plan), and
 * for a term it cannot weigh the trigram index against reading the requests in order.
 */
export function preparedListStatement(db: Db, filter: AdminLoanFilter) {
  const placeholders = listPlaceholders(filter);
  const shape = Object.entries(placeholders)
    .filter(([, placeholder]) => placeholder !== undefined)
    .map(([key]) => key);
  const name = `admin_loans_${shape.join("_").toLowerCase() || "all"}`;
  return prepared(db, name, () => {
    const statement = listStatement(db, placeholders, {
      limit: sql.placeholder("limit"),
      offset: sql.placeholder("offset"),
      overdueCutoff: sql.placeholder("overdueCutoff"),
    });
    return {
      /** The SQL text, the benchmark's (tests compare them). */
      sql: statement.toSQL().sql,
      run: shape.length > 0 ? statement.prepare("") : keepingPlan(db, name, statement),
    };
  });
}

/** One page of the officers' list with the exact number of matching requests. */
export async function listAdminLoans(
  options: { db: Db; filter: AdminLoanFilter; now?: Date } & PageQuery,
): Promise<Page<AdminLoanSummaryJson>> {
  const { db, filter, page, pageSize } = options;
  const now = options.now ?? new Date();
  const [row] = await preparedListStatement(db, filter).run.execute({
    ...listInputs(filter, now),
    ...pageInputs({ page, pageSize }, now),
  });
  return { items: row?.items ?? [], total: Number(row?.total ?? 0), page, pageSize };
}

export const exportBatchSize = 1000;

/** Where the previous batch of an export stopped: created_at as PostgreSQL wrote it, and id. */
export type ExportCursor = { createdAt: string; id: number };

/**
 * One batch of the CSV export, in the list's order, after `cursor` (keyset: every batch is an
 * index range scan, however deep into the export). The cursor's created_at is PostgreSQL's own
 * text, not a JS Date, which would drop the microseconds and skip or repeat rows.
 */
export function adminLoanExportBatch({
  db,
  filter,
  cursor,
  limit = exportBatchSize,
  now = new Date(),
}: {
  db: Db;
  filter: AdminLoanFilter;
  cursor: ExportCursor | null;
  limit?: number;
  now?: Date;
}) {
  const after = cursor
    ? sql`(${loanRequests.createdAt}, ${loanRequests.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : undefined;
  return db
    .select({
      ...adminLoanSummaryColumns,
      monthlyIncome: loanRequests.monthlyIncome,
      approvedAmount: loanRequests.approvedAmount,
      interestRate: loanRequests.interestRate,
      monthlyPayment: loanRequests.monthlyPayment,
      cursor: sql<string>`${loanRequests.createdAt}::text`,
    })
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
    .where(and(adminLoanConditions(filter, now), after))
    .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
    .limit(limit);
}

export type AdminLoanExportRow = Awaited<ReturnType<typeof adminLoanExportBatch>>[number];

const oldAssignee = alias(user, "old_assignee");
const newAssignee = alias(user, "new_assignee");

function fullName(person: { firstName: string | null; lastName: string | null }): string | null {
  if (person.firstName === null && person.lastName === null) return null;
  return `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim();
}

/**
 * The complete history of a request, newest first. Assignments store the officers' ids; the
 * officers read their names instead (old and new value), joined here.
 */
async function adminActivities(db: Db, loanId: number): Promise<LoanActivityJson[]> {
  const isAssignment = eq(loanActivities.type, "assignment");
  const rows = await db
    .select({
      ...activityColumns,
      oldFirstName: oldAssignee.firstName,
      oldLastName: oldAssignee.lastName,
      newFirstName: newAssignee.firstName,
      newLastName: newAssignee.lastName,
    })
    .from(loanActivities)
    .leftJoin(user, eq(user.id, loanActivities.createdBy))
    .leftJoin(oldAssignee, and(isAssignment, eq(oldAssignee.id, loanActivities.oldValue)))
    .leftJoin(newAssignee, and(isAssignment, eq(newAssignee.id, loanActivities.newValue)))
    .where(eq(loanActivities.loanId, loanId))
    .orderBy(desc(loanActivities.createdAt), desc(loanActivities.id));
  return rows.map((row) => {
    const json = toActivityJson(row);
    if (json.type !== "assignment") return json;
    return {
      ...json,
      oldValue:
        json.oldValue === null
          ? null
          : (fullName({ firstName: row.oldFirstName, lastName: row.oldLastName }) ?? json.oldValue),
      newValue:
        json.newValue === null
          ? null
          : (fullName({ firstName: row.newFirstName, lastName: row.newLastName }) ?? json.newValue),
    };
  });
}

const noteColumns = {
  id: loanNotes.id,
  note: loanNotes.note,
  createdAt: loanNotes.createdAt,
  authorId: user.id,
  authorFirstName: user.firstName,
  authorLastName: user.lastName,
  authorEmail: user.email,
  authorRole: user.role,
};

function toAdminNoteJson(row: {
  id: number;
  note: string;
  createdAt: Date | string;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorEmail: string;
  authorRole: string;
}): AdminNoteJson {
  return {
    id: row.id,
    note: row.note,
    createdAt: new Date(row.createdAt).toISOString(),
    author: {
      id: row.authorId,
      firstName: row.authorFirstName,
      lastName: row.authorLastName,
      email: row.authorEmail,
      role: row.authorRole === "admin" ? "admin" : "client",
    },
  };
}

function notes(db: Db, where: SQL) {
  return db
    .select(noteColumns)
    .from(loanNotes)
    .innerJoin(user, eq(user.id, loanNotes.userId))
    .where(where)
    .orderBy(desc(loanNotes.createdAt), desc(loanNotes.id));
}

/** A request as the officers review it: client, assignee, documents, every note, full history. */
export async function getAdminLoan({ db, id }: { db: Db; id: number }): Promise<AdminLoanJson> {
  const [row] = await db
    .select(adminLoanDetailColumns)
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
    .where(eq(loanRequests.id, id))
    .limit(1);
  if (!row) throw notFound(adminLoanMessages.notFound);
  const [documentList, noteRows, activities, infoRequest, approvalProposal, notices] =
    await Promise.all([
      loanDocuments(db, id),
      notes(db, eq(loanNotes.loanId, id)),
      adminActivities(db, id),
      latestInfoRequest(db, id),
      pendingApprovalProposal(db, id),
      loanNotices(db, id),
    ]);
  return toAdminLoanJson(row, {
    documents: documentList,
    notes: noteRows.map(toAdminNoteJson),
    activities,
    infoRequest,
    approvalProposal,
    notices,
  });
}

/**
 * An officer's status change, in one transaction: the update, conditional on the status the
 * officer saw (a second officer acting at once gets a conflict, not a silent overwrite), the
 * history row, and the client's e-mail in the outbox (sent after the commit by the caller's
 * dispatch; retried until delivered). An approval above `approvalSecondOfficerAbove` is a
 * four-eyes proposal instead (approval.service.ts); while one waits, every change is refused.
 */
export async function changeLoanStatus({
  db,
  officerId,
  loanId,
  change,
  baseUrl,
  approvalSecondOfficerAbove,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  change: LoanStatusChange;
  baseUrl: string;
  approvalSecondOfficerAbove: number;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Amount, duration and client never change after submission: safe to read before the update.
    // The row is locked: a four-eyes proposal of the same request waits for this change, or
    // this change for it (then refused below).
    const loan = await lockLoanForDecision(tx, loanId);
    // Leaving 'Complément demandé' for 'En cours' is the client's move (sending the complements).
    if (change.from === "info_requested" && change.to === "in_review") {
      throw conflict("complement_awaited", dossierMessages.complementAwaited);
    }
    await refuseWhileProposalPending(tx, loanId);
    if (!canTransition(change.from, change.to)) {
      throw conflict(
        "transition_refused",
        adminLoanMessages.transitionRefused(change.from, change.to),
      );
    }

    let decision: {
      approvedAmount?: number;
      interestRate?: number;
      monthlyPayment?: number;
      rejectionReason?: string | null;
    } = {};
    if (change.to === "approved") {
      if (change.approvedAmount > Number(loan.amount)) {
        throw new AppError("validation_error", 400, adminLoanMessages.approvedAboveRequested, {
          approvedAmount: adminLoanMessages.approvedAboveRequested,
        });
      }
      const terms = {
        approvedAmount: change.approvedAmount,
        interestRate: change.interestRate,
        monthlyPayment: monthlyPayment(
          change.approvedAmount,
          loan.durationMonths,
          change.interestRate,
        ),
      };
      if (needsSecondOfficer(terms.approvedAmount, approvalSecondOfficerAbove)) {
        await proposeApproval(tx, {
          loanId,
          officerId,
          seenStatus: change.from,
          currentStatus: loan.status,
          durationMonths: loan.durationMonths,
          terms,
        });
        return;
      }
      decision = terms;
    } else if (change.to === "rejected") {
      decision = { rejectionReason: change.rejectionReason ?? null };
    }

    const updated = await tx
      .update(loanRequests)
      .set({
        status: change.to,
        updatedAt: sql`now()`,
        // The 48 h promise measures submission to decision (decision-promise.ts).
        ...(change.to === "approved" || change.to === "rejected" ? { decidedAt: sql`now()` } : {}),
        ...(decision.approvedAmount !== undefined
          ? {
              approvedAmount: decision.approvedAmount,
              interestRate: String(decision.interestRate),
              monthlyPayment: decision.monthlyPayment,
            }
          : {}),
        ...(decision.rejectionReason !== undefined
          ? { rejectionReason: decision.rejectionReason }
          : {}),
      })
      .where(and(eq(loanRequests.id, loanId), eq(loanRequests.status, change.from)))
      .returning({ id: loanRequests.id });
    if (updated.length === 0) throw conflict("conflict", adminLoanMessages.conflict);

    if (change.from === "info_requested") {
      // Rejected while waiting for complements: the request for them stops waiting too (the
      // client can no longer send them; the officers' card says it was closed, not answered).
      await tx
        .update(infoRequests)
        .set({ closedAt: sql`now()` })
        .where(
          and(
            eq(infoRequests.loanId, loanId),
            isNull(infoRequests.answeredAt),
            isNull(infoRequests.closedAt),
          ),
        );
    }
    await tx.insert(loanActivities).values({
      loanId,
      type: "status_change",
      oldValue: change.from,
      newValue: change.to,
      comment: decision.rejectionReason ?? null,
      createdBy: officerId,
    });
    const status = change.to as Exclude<LoanStatus, "pending">;
    await notifyClient(tx, {
      userId: loan.clientId,
      loanId,
      baseUrl,
      mail: {
        topic: `loan_status:${loanId}:${change.to}`,
        content: loanStatusMail({
          loanId,
          loanType: loan.loanType,
          firstName: loan.clientFirstName,
          status,
          durationMonths: loan.durationMonths,
          ...decision,
          baseUrl,
        }),
      },
      // A repaid loan ('completed') is told by e-mail only: nothing the client waits for.
      ...(status === "completed"
        ? {}
        : { sms: { kind: status, approvedAmount: decision.approvedAmount ?? null } }),
    });
  });
}

/** Assigns the request to an officer (an admin) or removes the assignment (`null`). */
export async function assignLoan({
  db,
  officerId,
  loanId,
  assigneeId,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  assigneeId: string | null;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked: two officers assigning at once both see the assignee they replace in the history.
    const [loan] = await tx
      .select({ assignedTo: loanRequests.assignedTo })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId))
      .for("update");
    if (!loan) throw notFound(adminLoanMessages.notFound);
    if (assigneeId !== null) {
      const [assignee] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, assigneeId), eq(user.role, "admin")))
        .limit(1);
      if (!assignee) {
        throw new AppError("validation_error", 400, adminLoanMessages.assigneeNotAdmin, {
          assigneeId: adminLoanMessages.assigneeNotAdmin,
        });
      }
    }
    if (loan.assignedTo === assigneeId) return;
    await tx
      .update(loanRequests)
      .set({ assignedTo: assigneeId, updatedAt: sql`now()` })
      .where(eq(loanRequests.id, loanId));
    await tx.insert(loanActivities).values({
      loanId,
      type: "assignment",
      oldValue: loan.assignedTo,
      newValue: assigneeId,
      createdBy: officerId,
    });
  });
}

/** An officer's note on a request (with its 'comment' activity, one transaction). */
export async function addAdminNote({
  db,
  officerId,
  loanId,
  note,
}: {
  db: Db;
  officerId: string;
  loanId: number;
  note: string;
}): Promise<AdminNoteJson> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [loan] = await tx
      .select({ id: loanRequests.id })
      .from(loanRequests)
      .where(eq(loanRequests.id, loanId))
      .limit(1);
    if (!loan) throw notFound(adminLoanMessages.notFound);
    const { noteId } = await insertLoanNote(tx, { loanId, userId: officerId, note });
    const [row] = await notes(tx, eq(loanNotes.id, noteId));
    if (!row) throw new Error("note not found after insert");
    return toAdminNoteJson(row);
  });
}
