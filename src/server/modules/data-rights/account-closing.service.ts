import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { dataRightsMessages } from "../../../domain/api/data-rights";
import { undecidedStatuses } from "../../../domain/loan-status";
import { isAdminRole } from "../../../domain/roles";
import type { Auth } from "../../auth/auth";
import { recordSecurityEvent } from "../../auth/security-journal";
import type { Db } from "../../db/client";
import {
  account,
  dataExports,
  documents,
  loanRequests,
  mailOutbox,
  session,
  smsOutbox,
  twoFactor,
  uploads,
  user,
  verification,
} from "../../db/schema";
import { AppError, conflict, forbidden } from "../../http/app-error";
import type { Storage } from "../../storage/storage";
import { deleteQueuedFiles, queueFileDeletions } from "../../storage/storage-deletions";
import { exportKey } from "./export-worker";

// 'Fermer mon compte' (issue 18). What is erased at once and what is kept until the retention
// job, and why: docs/decisions/2026-11-26-data-rights.md.

/** The password, checked against the account's credential (better-auth's own hashing). */
async function checkPassword(auth: Auth, db: Db, userId: string, password: string) {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  const context = await auth.$context;
  const valid =
    credential?.hash != null &&
    (await context.password.verify({ hash: credential.hash, password }));
  if (!valid) {
    throw new AppError("wrong_password", 400, dataRightsMessages.wrongPassword, {
      password: dataRightsMessages.wrongPassword,
    });
  }
}

/**
 * Closes the client's account in one transaction: refused (409) while a request is still under
 * review; else closed_at is set, the contact data the credit file does not need erased, every
 * session, second factor, reset link, upload in progress, standalone document, data export and
 * unsent notice removed, and the files of those rows deleted after the commit.
 */
export async function closeAccount({
  db,
  auth,
  storage,
  userId,
  password,
  request,
}: {
  db: Db;
  auth: Auth;
  storage: Storage;
  userId: string;
  password: string;
  request: FastifyRequest;
}): Promise<void> {
  await checkPassword(auth, db, userId, password);
  const fileKeys = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked: two closings at once, or a request created meanwhile, wait for this one.
    const [me] = await tx
      .select({ id: user.id, email: user.email, role: user.role, closedAt: user.closedAt })
      .from(user)
      .where(eq(user.id, userId))
      .for("update")
      .limit(1);
    if (!me || me.closedAt) throw new AppError("unauthenticated", 401, "Vous devez être connecté");
    if (isAdminRole(me.role)) throw forbidden(dataRightsMessages.officersCannotClose);
    const [undecided] = await tx
      .select({ id: loanRequests.id })
      .from(loanRequests)
      .where(
        and(eq(loanRequests.userId, userId), inArray(loanRequests.status, [...undecidedStatuses])),
      )
      .limit(1);
    if (undecided) throw conflict("account_under_review", dataRightsMessages.underReview);

    const now = new Date();
    await tx
      .update(user)
      .set({
        closedAt: now,
        // Contact data: the credit file needs none of it. Names and e-mail are kept (they
        // identify the file; the decision note says why), the country too (whose law applies).
        phone: null,
        address: null,
        city: null,
        postalCode: null,
        smsPhone: null,
        image: null,
        notifyEmail: false,
        notifySms: false,
        twoFactorEnabled: false,
        updatedAt: now,
      })
      .where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    // Password-reset links name the account in `value`.
    await tx.delete(verification).where(eq(verification.value, userId));

    // Documents outside any request (requests are all decided here: their documents are the
    // credit file's), uploads in progress, and exports: rows now, files after the commit.
    const removedDocuments = await tx
      .delete(documents)
      .where(and(eq(documents.userId, userId), isNull(documents.loanId)))
      .returning({ key: documents.storageKey });
    const removedUploads = await tx
      .delete(uploads)
      .where(eq(uploads.userId, userId))
      .returning({ key: uploads.storageKey });
    const removedExports = await tx
      .delete(dataExports)
      .where(eq(dataExports.userId, userId))
      .returning({ id: dataExports.id });

    // Notices not yet sent are not sent to a closed account; those sent keep their text (the
    // history of a decided request) but lose the phone number they went to.
    const ownLoans = tx
      .select({ id: loanRequests.id })
      .from(loanRequests)
      .where(eq(loanRequests.userId, userId));
    await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, me.email), isNull(mailOutbox.sentAt)));
    await tx
      .delete(smsOutbox)
      .where(and(inArray(smsOutbox.loanId, ownLoans), isNull(smsOutbox.sentAt)));
    await tx
      .update(smsOutbox)
      .set({ toNumber: sql`''` })
      .where(inArray(smsOutbox.loanId, ownLoans));

    await recordSecurityEvent(tx, request, { type: "account_closed", userId, email: me.email });
    const keys = [
      ...[...removedDocuments, ...removedUploads].map((row) => row.key),
      // An export being built is removed too: its builder deletes the file it then finishes.
      ...removedExports.map((row) => exportKey(row.id)),
    ];
    await queueFileDeletions(tx, keys);
    return keys;
  });
  await deleteQueuedFiles({ db, storage, keys: fileKeys });
}
