import { and, count, desc, eq, inArray, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AdminLoanSummaryJson } from "../../../domain/api/admin-loans";
import type { AdminLoanFilter } from "../../../domain/api/admin-loans.schema";
import type { Page, PageQuery } from "../../../domain/api/page";
import type { ServicingFilter, ServicingStage } from "../../../domain/api/servicing";
import { overdueBefore } from "../../../domain/decision-promise";
import type { OfficeId } from "../../../domain/firm";
import { firmToday } from "../../../domain/loan-schedule";
import { type LoanStatus, undecidedStatuses } from "../../../domain/loan-status";
import type { LoanType } from "../../../domain/loan-type";
import type { OfficerRead } from "../../auth";
import type { Db } from "../../db/client";
import { keepingPlan, prepared } from "../../db/prepared";
import { loanRequests } from "../../db/schema";
import { adminLoanSummaryJsonSql, assigneeUser, clientUser } from "./admin-loan-json";

/** The servicing stage each `suivi` filter lists ('En retard': repaying, and past due). */
const stageOfFilter: Record<ServicingFilter, ServicingStage> = {
  a_decaisser: "to_disburse",
  en_remboursement: "repaying",
  en_retard: "repaying",
  solde: "repaid",
};

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
  /** `suivi` (issue 28): the servicing stage, and for 'En retard' today's date. */
  stage?: ServicingStage | V;
  lateBefore?: string | V;
  /** Already escaped for LIKE. */
  q?: string | V;
};

function listInputs(filter: AdminLoanFilter, now: Date): ListInputs<never> {
  return {
    status: filter.status,
    type: filter.type,
    agence: filter.agence,
    overdueBefore: filter.retard ? overdueBefore(now) : undefined,
    stage: filter.suivi ? stageOfFilter[filter.suivi] : undefined,
    lateBefore: filter.suivi === "en_retard" ? firmToday(now) : undefined,
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
    stage: filter.suivi && sql.placeholder("stage"),
    lateBefore: filter.suivi === "en_retard" ? sql.placeholder("lateBefore") : undefined,
    q: filter.q ? sql.placeholder("q") : undefined,
  };
}

function listConditions<V extends Placeholder>(inputs: ListInputs<V>): SQL | undefined {
  const conditions: SQL[] = [];
  if (inputs.status) conditions.push(eq(loanRequests.status, inputs.status));
  if (inputs.type) conditions.push(eq(loanRequests.loanType, inputs.type));
  if (inputs.agence) conditions.push(eq(loanRequests.office, inputs.agence));
  if (inputs.overdueBefore) conditions.push(overdueBeforeCutoff(inputs.overdueBefore));
  if (inputs.stage) conditions.push(eq(loanRequests.servicingStage, inputs.stage));
  if (inputs.lateBefore) conditions.push(lt(loanRequests.nextDueDate, inputs.lateBefore));
  if (inputs.q) {
    conditions.push(
      sql`${loanRequests.searchText} like '%' || f_unaccent(lower(${inputs.q})) || '%'`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The WHERE of the officers' list and of its CSV export. The search reads the request's own copy
 * of its client's search text (loan_requests.search_text, kept by triggers, migration 0012), no
 * join: the term is normalised by the same f_unaccent(lower()) as the generated user.search_text
 * it copies (0002), so that the trigram index on the copy answers it.
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
  // Deferred join: the page's ten ids are chosen first, over loan_requests alone (its search_text
  // included); only those ten rows then fetch their columns, client and assignee, by primary key. A broad search or a deep page costs index entries, not thousands of
  // joined rows; and a small table is not read whole to join ten ids (= any(array(...)) is ten
  // index lookups whatever the planner thinks of the table's size).
  const pageIds = db
    .select({ id: loanRequests.id })
    .from(loanRequests)
    .where(where)
    .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
    .limit(limit)
    .offset(offset);
  // The exact count (the spec asks for it), over loan_requests and its indexes alone.
  const total = db.select({ total: count() }).from(loanRequests).where(where);
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
  const { name, keepPlan, build } = listShape(filter);
  return prepared(db, name, () => {
    const statement = build(db);
    return {
      /** The SQL text, the benchmark's (tests compare them). */
      sql: statement.toSQL().sql,
      run: keepPlan ? keepingPlan(db, name, statement) : statement.prepare(""),
    };
  });
}

/** The statement of a filter's shape: its name, whether its plan may be kept, its builder. */
function listShape(filter: AdminLoanFilter) {
  const placeholders = listPlaceholders(filter);
  const shape = Object.entries(placeholders)
    .filter(([, placeholder]) => placeholder !== undefined)
    .map(([key]) => key);
  return {
    name: `admin_loans_${shape.join("_").toLowerCase() || "all"}`,
    keepPlan: shape.length === 0,
    build: (db: Db) =>
      listStatement(db, placeholders, {
        limit: sql.placeholder("limit"),
        offset: sql.placeholder("offset"),
        overdueCutoff: sql.placeholder("overdueCutoff"),
      }),
  };
}

/** The values of the prepared statement's placeholders. */
function listValues(filter: AdminLoanFilter, page: PageQuery, now: Date) {
  return { ...listInputs(filter, now), ...pageInputs(page, now) };
}

/** The list statement's row: the exact count, and the page's lines as the API answers them. */
type ListRow = { total: number | string; items: AdminLoanSummaryJson[] };

function toPage(row: ListRow | undefined, { page, pageSize }: PageQuery) {
  return { items: row?.items ?? [], total: Number(row?.total ?? 0), page, pageSize };
}

/**
 * The list's statement as an OfficerRead (auth/session-check.ts): the route runs it in the
 * session lookup's statement, one round trip to the database for the whole request. The same
 * statement as preparedListStatement's, the same values.
 */
export function adminLoanListRead(
  options: { filter: AdminLoanFilter; now?: Date } & PageQuery,
): OfficerRead<Page<AdminLoanSummaryJson>> {
  const { filter, page, pageSize } = options;
  const { name, keepPlan, build } = listShape(filter);
  return {
    key: name,
    build,
    keepPlan,
    values: listValues(filter, { page, pageSize }, options.now ?? new Date()),
    answer: (row) => toPage(row as ListRow, { page, pageSize }),
  };
}

/** One page of the officers' list with the exact number of matching requests. */
export async function listAdminLoans(
  options: { db: Db; filter: AdminLoanFilter; now?: Date } & PageQuery,
): Promise<Page<AdminLoanSummaryJson>> {
  const { db, filter, page, pageSize } = options;
  const now = options.now ?? new Date();
  const [row] = await preparedListStatement(db, filter).run.execute(
    listValues(filter, { page, pageSize }, now),
  );
  return toPage(row, { page, pageSize });
}
