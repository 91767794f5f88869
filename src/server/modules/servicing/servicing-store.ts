import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { servicingMessages } from "../../../domain/api/servicing";
import type { Db } from "../../db/client";
import { documents, loanRequests, user } from "../../db/schema";
import { notFound } from "../../http/app-error";
import type { Storage } from "../../storage/storage";

// What the servicing services share: the loan's row locked for a step, and the PDFs kept as
// private documents of the request (so they are in the client's documents, the officers' file
// and the backup, and served by the documents' file route).

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The request's row, locked until the transaction ends, with its client. */
export async function lockServicingLoan(tx: Db, loanId: number) {
  const [loan] = await tx
    .select({
      id: loanRequests.id,
      userId: loanRequests.userId,
      status: loanRequests.status,
      loanType: loanRequests.loanType,
      purpose: loanRequests.purpose,
      durationMonths: loanRequests.durationMonths,
      approvedAmount: loanRequests.approvedAmount,
      interestRate: loanRequests.interestRate,
      feesAmount: loanRequests.feesAmount,
      servicingStage: loanRequests.servicingStage,
      clientFirstName: user.firstName,
      clientLastName: user.lastName,
      clientEmail: user.email,
      clientPhone: user.phone,
      clientAddress: user.address,
      clientCity: user.city,
      clientCountry: user.country,
    })
    .from(loanRequests)
    .innerJoin(user, eq(user.id, loanRequests.userId))
    .where(eq(loanRequests.id, loanId))
    .for("update", { of: loanRequests });
  if (!loan) throw notFound(servicingMessages.notFound);
  return loan;
}

export type ServicingLoan = Awaited<ReturnType<typeof lockServicingLoan>>;

/** Writes a PDF to the storage first (a file no row names is harmless; the reverse is not). */
export async function storePdf(storage: Storage, bytes: Uint8Array): Promise<string> {
  const key = `documents/${randomUUID()}.pdf`;
  await storage.put(key, Readable.from([Buffer.from(bytes)]));
  return key;
}

/** The document row of a stored PDF, in the caller's transaction. */
export async function insertPdfDocument(
  tx: Db,
  {
    userId,
    loanId,
    fileName,
    storageKey,
    size,
  }: { userId: string; loanId: number; fileName: string; storageKey: string; size: number },
): Promise<string> {
  const [row] = await tx
    .insert(documents)
    .values({
      userId,
      loanId,
      fileName,
      fileType: "application/pdf",
      fileSize: size,
      storageKey,
      category: "contrat",
    })
    .returning({ id: documents.id });
  if (!row) throw new Error("document insert returned no row");
  return row.id;
}

/** Reads a whole stored file. */
export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Runs `write` with a file stored first; the file is deleted when the rows were not written. */
export async function withStoredPdf<T>(
  storage: Storage,
  bytes: Uint8Array,
  write: (storageKey: string) => Promise<T>,
): Promise<T> {
  const key = await storePdf(storage, bytes);
  try {
    return await write(key);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
