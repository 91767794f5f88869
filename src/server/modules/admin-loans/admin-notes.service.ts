import { desc, eq, type SQL } from "drizzle-orm";
import { type AdminNoteJson, adminLoanMessages } from "../../../domain/api/admin-loans";
import type { Db } from "../../db/client";
import { loanNotes, loanRequests, user } from "../../db/schema";
import { notFound } from "../../http/app-error";
import { insertLoanNote } from "../loans/loan-history";

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

export function toAdminNoteJson(row: {
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

/** Notes with their authors, newest first. */
export function notes(db: Db, where: SQL) {
  return db
    .select(noteColumns)
    .from(loanNotes)
    .innerJoin(user, eq(user.id, loanNotes.userId))
    .where(where)
    .orderBy(desc(loanNotes.createdAt), desc(loanNotes.id));
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
