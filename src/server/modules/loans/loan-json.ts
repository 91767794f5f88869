import type { ActorJson, LoanActivityJson, LoanSummaryJson } from "../../../domain/api/loans";
import type { DocumentCategory } from "../../../domain/document-category";
import type { OfficeId } from "../../../domain/firm";
import type { LoanActivityType } from "../../../domain/loan-activity";
import type { LoanStatus } from "../../../domain/loan-status";
import type { LoanType } from "../../../domain/loan-type";
import { type LoanRequestRow, loanRequests } from "../../db/schema";

const iso = (value: Date | string) => new Date(value).toISOString();

/** The columns of a LoanSummaryJson. */
export const loanSummaryColumns = {
  id: loanRequests.id,
  loanType: loanRequests.loanType,
  amount: loanRequests.amount,
  durationMonths: loanRequests.durationMonths,
  purpose: loanRequests.purpose,
  status: loanRequests.status,
  office: loanRequests.office,
  createdAt: loanRequests.createdAt,
};

export function toLoanSummaryJson(
  row: Pick<
    LoanRequestRow,
    "id" | "loanType" | "amount" | "durationMonths" | "purpose" | "status" | "office" | "createdAt"
  >,
): LoanSummaryJson {
  return {
    id: row.id,
    loanType: row.loanType as LoanType,
    amount: Number(row.amount),
    durationMonths: row.durationMonths,
    purpose: row.purpose,
    status: row.status as LoanStatus,
    office: row.office as OfficeId,
    createdAt: iso(row.createdAt),
  };
}

/** numeric(5,2) comes back as a string: "12.50" -> 12.5. */
function rate(value: string | null): number | null {
  return value === null ? null : Number(value);
}

export function toLoanDetailFields(row: LoanRequestRow) {
  return {
    ...toLoanSummaryJson(row),
    description: row.description,
    monthlyIncome: row.monthlyIncome === null ? null : Number(row.monthlyIncome),
    rejectionReason: row.rejectionReason,
    approvedAmount: row.approvedAmount === null ? null : Number(row.approvedAmount),
    interestRate: rate(row.interestRate),
    monthlyPayment: row.monthlyPayment === null ? null : Number(row.monthlyPayment),
    updatedAt: iso(row.updatedAt),
  };
}

export type ActivityRowWithAuthor = {
  id: number;
  type: string;
  oldValue: string | null;
  newValue: string | null;
  comment: string | null;
  documentName: string | null;
  documentCategory: DocumentCategory | null;
  createdAt: Date | string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorRole: string | null;
};

export function toActivityJson(row: ActivityRowWithAuthor): LoanActivityJson {
  const author: ActorJson =
    row.authorRole === null
      ? null
      : {
          firstName: row.authorFirstName ?? "",
          lastName: row.authorLastName ?? "",
          role: row.authorRole === "admin" ? "admin" : "client",
        };
  return {
    id: row.id,
    type: row.type as LoanActivityType,
    oldValue: row.oldValue,
    newValue: row.newValue,
    comment: row.comment,
    documentName: row.documentName,
    documentCategory: row.documentCategory,
    createdAt: iso(row.createdAt),
    author,
  };
}
