import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminLoanFilter, AdminLoanSummaryJson } from "../../../domain/api/admin-loans";
import type { Page, PageQuery } from "../../../domain/api/page";
import type { Db } from "../../db/client";
import { loanRequests } from "../../db/schema";
import {
  adminLoanSummaryColumns,
  assigneeUser,
  clientUser,
  toAdminLoanSummaryJson,
} from "./admin-loan-json";

/**
 * `%`, `_` and `\` of a search term taken literally by LIKE (whose default escape character is
 * the backslash).
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The WHERE of the officers' list and of its CSV export. The term is normalised by the same
 * f_unaccent(lower()) as the generated user.search_text (migration 0002), so that its trigram
 * index answers the search.
 */
export function adminLoanConditions(filter: AdminLoanFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(loanRequests.status, filter.status));
  if (filter.type) conditions.push(eq(loanRequests.loanType, filter.type));
  if (filter.q) {
    conditions.push(
      sql`${clientUser.searchText} like '%' || f_unaccent(lower(${escapeLike(filter.q)})) || '%'`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The two queries of one page of the officers' list, unexecuted: the page (newest first, id
 * breaking ties) and the exact count. Exported so the benchmark can run the very same SQL bare
 * (`.toSQL()` gives the text and its parameters).
 */
export function adminLoanListQueries({
  db,
  filter,
  page,
  pageSize,
}: { db: Db; filter: AdminLoanFilter } & PageQuery) {
  const where = adminLoanConditions(filter);
  const items = db
    .select(adminLoanSummaryColumns)
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
    .where(where)
    .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // The client join only when searching: every request has its client (foreign key, NOT NULL),
  // so without a term the count reads the loan_requests indexes alone.
  const total = filter.q
    ? db
        .select({ total: count() })
        .from(loanRequests)
        .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
        .where(where)
    : db.select({ total: count() }).from(loanRequests).where(where);
  return { items, total };
}

/** One page of the officers' list with the exact number of matching requests. */
export async function listAdminLoans(
  options: { db: Db; filter: AdminLoanFilter } & PageQuery,
): Promise<Page<AdminLoanSummaryJson>> {
  const queries = adminLoanListQueries(options);
  const [rows, [totals]] = await Promise.all([queries.items, queries.total]);
  return {
    items: rows.map(toAdminLoanSummaryJson),
    total: Number(totals?.total ?? 0),
    page: options.page,
    pageSize: options.pageSize,
  };
}
