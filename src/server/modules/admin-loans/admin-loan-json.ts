import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type {
  AdminLoanJson,
  AdminLoanSummaryJson,
  AdminNoteJson,
  PersonJson,
} from "../../../domain/api/admin-loans";
import type { ApprovalProposalJson } from "../../../domain/api/approval";
import type { DocumentJson } from "../../../domain/api/documents";
import type { InfoRequestJson } from "../../../domain/api/dossier";
import type { LoanActivityJson } from "../../../domain/api/loans";
import type { LoanNoticeJson } from "../../../domain/api/notices";
import { isOverdue } from "../../../domain/decision-promise";
import type { LoanStatus } from "../../../domain/loan-status";
import { type LoanRequestRow, loanRequests, user } from "../../db/schema";
import { loanSummaryColumns, toLoanDetailFields, toLoanSummaryJson } from "../loans/loan-json";
import { awaitingConfirmationColumn } from "./approval-json";

/** The request's client and the officer it is assigned to: two joins on the same user table. */
export const clientUser = alias(user, "client_user");
export const assigneeUser = alias(user, "assignee_user");

/** The columns of a line of the officers' list: the request, its client, its assignee. */
export const adminLoanSummaryColumns = {
  ...loanSummaryColumns,
  clientId: clientUser.id,
  clientFirstName: clientUser.firstName,
  clientLastName: clientUser.lastName,
  clientEmail: clientUser.email,
  assigneeId: assigneeUser.id,
  assigneeFirstName: assigneeUser.firstName,
  assigneeLastName: assigneeUser.lastName,
  assigneeEmail: assigneeUser.email,
  awaitingConfirmation: awaitingConfirmationColumn,
};

type PersonColumns = {
  clientId: string;
  clientFirstName: string;
  clientLastName: string;
  clientEmail: string;
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
};

export type AdminLoanSummaryRow = Pick<
  LoanRequestRow,
  "id" | "loanType" | "amount" | "durationMonths" | "purpose" | "status" | "office" | "createdAt"
> &
  PersonColumns & { awaitingConfirmation: boolean };

function people(row: PersonColumns): Pick<AdminLoanSummaryJson, "client" | "assignee"> {
  const client: PersonJson = {
    id: row.clientId,
    firstName: row.clientFirstName,
    lastName: row.clientLastName,
    email: row.clientEmail,
  };
  const assignee: PersonJson | null =
    row.assigneeId === null
      ? null
      : {
          id: row.assigneeId,
          firstName: row.assigneeFirstName ?? "",
          lastName: row.assigneeLastName ?? "",
          email: row.assigneeEmail ?? "",
        };
  return { client, assignee };
}

/** `now`: the instant the answer is computed at, so one list is judged at one time. */
export function toAdminLoanSummaryJson(
  row: AdminLoanSummaryRow,
  now: Date = new Date(),
): AdminLoanSummaryJson {
  return {
    ...toLoanSummaryJson(row),
    ...people(row),
    awaitingConfirmation: row.awaitingConfirmation,
    overdue: isOverdue({ status: row.status as LoanStatus, createdAt: row.createdAt }, now),
  };
}

/**
 * The same line as toAdminLoanSummaryJson gives, built by PostgreSQL (json_build_object, in the
 * same key order) for the officers' list: the route then has one JSON value to parse per page
 * instead of eighteen columns a line to map and reassemble. `overdue`: the condition of being
 * overdue at the answer's instant (overdueLoans in the service). createdAt as toISOString writes
 * it: UTC, milliseconds (both truncate the microseconds). The tests compare both builders.
 */
export function adminLoanSummaryJsonSql(overdue: SQL): SQL {
  const person = (table: Record<"id" | "firstName" | "lastName" | "email", AnyPgColumn>) =>
    sql`json_build_object('id', ${table.id}, 'firstName', ${table.firstName}, 'lastName', ${table.lastName}, 'email', ${table.email})`;
  return sql`json_build_object(
    'id', ${loanRequests.id}, 'loanType', ${loanRequests.loanType}, 'amount', ${loanRequests.amount},
    'durationMonths', ${loanRequests.durationMonths}, 'purpose', ${loanRequests.purpose},
    'status', ${loanRequests.status}, 'office', ${loanRequests.office},
    'createdAt', to_char(${loanRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'client', ${person(clientUser)},
    'assignee', case when ${assigneeUser.id} is null then null else ${person(assigneeUser)} end,
    'awaitingConfirmation', ${awaitingConfirmationColumn},
    'overdue', ${overdue})`;
}

/** The whole request with its client (and contact details) and its assignee. */
export const adminLoanDetailColumns = {
  loan: loanRequests,
  clientId: clientUser.id,
  clientFirstName: clientUser.firstName,
  clientLastName: clientUser.lastName,
  clientEmail: clientUser.email,
  clientPhone: clientUser.phone,
  clientAddress: clientUser.address,
  clientCity: clientUser.city,
  clientCountry: clientUser.country,
  clientClosedAt: clientUser.closedAt,
  assigneeId: assigneeUser.id,
  assigneeFirstName: assigneeUser.firstName,
  assigneeLastName: assigneeUser.lastName,
  assigneeEmail: assigneeUser.email,
};

export type AdminLoanDetailRow = PersonColumns & {
  loan: LoanRequestRow;
  clientPhone: string | null;
  clientAddress: string | null;
  clientCity: string | null;
  clientCountry: string | null;
  clientClosedAt: Date | string | null;
};

export function toAdminLoanJson(
  row: AdminLoanDetailRow,
  related: {
    documents: DocumentJson[];
    notes: AdminNoteJson[];
    activities: LoanActivityJson[];
    infoRequest: InfoRequestJson | null;
    approvalProposal: ApprovalProposalJson | null;
    notices: LoanNoticeJson[];
  },
): AdminLoanJson {
  const { client, assignee } = people(row);
  return {
    ...toLoanDetailFields(row.loan),
    client: {
      ...client,
      phone: row.clientPhone,
      address: row.clientAddress,
      city: row.clientCity,
      country: row.clientCountry,
      closedAt: row.clientClosedAt === null ? null : new Date(row.clientClosedAt).toISOString(),
    },
    assignee,
    awaitingConfirmation: related.approvalProposal !== null,
    overdue: isOverdue({ status: row.loan.status as LoanStatus, createdAt: row.loan.createdAt }),
    ...related,
  };
}
