import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type AdminLoanJson, adminLoanMessages } from "../../../domain/api/admin-loans";
import type { LoanActivityJson } from "../../../domain/api/loans";
import type { Db } from "../../db/client";
import { loanActivities, loanNotes, loanRequests, user } from "../../db/schema";
import { notFound } from "../../http/app-error";
import { loanNotices } from "../../notices/loan-notices";
import { latestInfoRequest } from "../loans/info-request-json";
import { activityColumns, activityDocument, loanDocuments } from "../loans/loan-history";
import { toActivityJson } from "../loans/loan-json";
import {
  adminLoanDetailColumns,
  assigneeUser,
  clientUser,
  toAdminLoanJson,
} from "./admin-loan-json";
import { notes, toAdminNoteJson } from "./admin-notes.service";
import { pendingApprovalProposal } from "./approval-json";

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
    .leftJoin(activityDocument, eq(activityDocument.id, loanActivities.documentId))
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
