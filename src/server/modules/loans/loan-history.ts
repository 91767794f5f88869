import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { documents, loanActivities, loanNotes, loanRequests, user } from "../../db/schema";
import { documentColumns, toDocumentJson } from "../documents/document-json";

// What the client's and the officers' views of a request share: its documents, the columns of
// its history, and how a note is added.

/** The document an activity is about (left join on loan_activities.document_id). */
export const activityDocument = alias(documents, "activity_document");

/**
 * The columns of LoanActivityJson: the activity, its author (left join on user) and its
 * document's category (left join on activityDocument).
 */
export const activityColumns = {
  id: loanActivities.id,
  type: loanActivities.type,
  oldValue: loanActivities.oldValue,
  newValue: loanActivities.newValue,
  comment: loanActivities.comment,
  documentName: loanActivities.documentName,
  documentCategory: activityDocument.category,
  createdAt: loanActivities.createdAt,
  authorFirstName: user.firstName,
  authorLastName: user.lastName,
  authorRole: user.role,
};

/** A request's documents: the wizard's three in its order, then later additions. */
export async function loanDocuments(db: Db, loanId: number) {
  const rows = await db
    .select(documentColumns)
    .from(documents)
    .innerJoin(loanRequests, eq(loanRequests.id, documents.loanId))
    .where(eq(documents.loanId, loanId))
    // One transaction creates the three: the wizard's order, then later additions.
    .orderBy(
      asc(documents.createdAt),
      sql`array_position(array['identite','revenu','banque']::text[], ${documents.category})`,
      asc(documents.id),
    );
  return rows.map(toDocumentJson);
}

/**
 * A note on a request, by its client or an officer, inside the caller's transaction: the note,
 * the 'comment' activity of the history, and updated_at (which tells the officers' lists that
 * something happened on the request).
 */
export async function insertLoanNote(
  tx: Db,
  { loanId, userId, note }: { loanId: number; userId: string; note: string },
): Promise<{ noteId: number; activityId: number }> {
  const [noteRow] = await tx
    .insert(loanNotes)
    .values({ loanId, userId, note })
    .returning({ id: loanNotes.id });
  const [activity] = await tx
    .insert(loanActivities)
    .values({ loanId, type: "comment", comment: note, createdBy: userId })
    .returning({ id: loanActivities.id });
  if (!noteRow || !activity) throw new Error("note insert returned no row");
  await tx.update(loanRequests).set({ updatedAt: sql`now()` }).where(eq(loanRequests.id, loanId));
  return { noteId: noteRow.id, activityId: activity.id };
}
