import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  servicingMessages,
  signatureCodeMinutes,
  signatureLockMinutes,
  signatureMaxWrongCodes,
} from "../../../domain/api/servicing";
import { formatDateTime } from "../../../domain/format-date";
import { formatLoanId } from "../../../domain/format-loan-id";
import { buildSchedule } from "../../../domain/loan-schedule";
import type { Db } from "../../db/client";
import {
  type ContractRow,
  contracts,
  documents,
  loanActivities,
  loanRequests,
  smsOutbox,
  user,
} from "../../db/schema";
import { AppError, conflict } from "../../http/app-error";
import { enqueueMail } from "../../mail/outbox";
import { channelColumns, channelsOf, notifyClient } from "../../notices/notify-client";
import { enqueueSms } from "../../sms/sms-outbox";
import { smsText } from "../../sms/sms-texts";
import type { Storage } from "../../storage/storage";
import { addSignaturePage, makeContractPdf } from "./contract-pdf";
import { type ContractSeal, sealPdf } from "./contract-seal";
import { contractReadyMail, contractSignedMail, signatureCodeMail } from "./servicing.mail";
import {
  insertPdfDocument,
  lockServicingLoan,
  readStored,
  sha256,
  withStoredPdf,
} from "./servicing-store";

// The contract and its signature (issue 28). Prepared when a request is approved (and again by
// an officer after a withdrawal or an expiry); the client asks for a one-time code (SMS, or
// e-mail without SMS consent), valid 10 minutes, 5 wrong codes lock 15 minutes; the right code
// signs the exact PDF read (its SHA-256 checked), a last page records the evidence and the firm
// seals the whole (PAdES). Every step is journaled in the request's history.

const liveStates = ["prepared", "sent", "signed"] as const;

/** The request's live contract (prepared, sent or signed), locked. */
async function lockLiveContract(tx: Db, loanId: number): Promise<ContractRow | null> {
  const [row] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.loanId, loanId), inArray(contracts.state, [...liveStates])))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** An unsigned contract past its validity becomes expired (and the request waits for another). */
async function expireIfDue(tx: Db, contract: ContractRow, now: Date): Promise<boolean> {
  if (contract.state === "signed" || contract.expiresAt.getTime() > now.getTime()) return false;
  await tx
    .update(contracts)
    .set({ state: "expired", codeHash: null, codeExpiresAt: null })
    .where(eq(contracts.id, contract.id));
  return true;
}

/**
 * Prepares the contract of an approved request: the PDF from the approved terms, kept as a
 * document of the request, the contract row, the history, the client told (e-mail and SMS).
 * Does nothing when a live contract exists or the request is not approved (`ifNeeded`), else
 * refuses with a 409.
 */
export async function prepareContract({
  db,
  storage,
  loanId,
  officerId,
  validityDays,
  baseUrl,
  ifNeeded = false,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  loanId: number;
  officerId: string | null;
  validityDays: number;
  baseUrl: string;
  ifNeeded?: boolean;
  now?: Date;
}): Promise<void> {
  // The PDF is made before the transaction (a third of a second), from a first read; the
  // transaction checks that nothing changed meanwhile.
  const [first] = await db
    .select({ id: loanRequests.id })
    .from(loanRequests)
    .where(eq(loanRequests.id, loanId));
  if (!first) return;
  const loan = await db.transaction(async (tx) => lockServicingLoan(tx as unknown as Db, loanId));
  if (loan.status !== "approved" || loan.approvedAmount === null) {
    if (ifNeeded) return;
    throw conflict("not_approved", servicingMessages.notApproved);
  }
  const expiresAt = new Date(now.getTime() + validityDays * 86_400_000);
  const terms = {
    amount: Number(loan.approvedAmount),
    durationMonths: loan.durationMonths,
    annualRatePercent: Number(loan.interestRate ?? 0),
    feesAmount: Number(loan.feesAmount ?? 0),
  };
  const pdf = await makeContractPdf({
    loanId,
    loanType: loan.loanType,
    purpose: loan.purpose,
    client: {
      firstName: loan.clientFirstName,
      lastName: loan.clientLastName,
      email: loan.clientEmail,
      phone: loan.clientPhone,
      address: loan.clientAddress,
      city: loan.clientCity,
      country: loan.clientCountry,
    },
    ...terms,
    preparedAt: now,
    expiresAt,
  });
  await withStoredPdf(storage, pdf, (storageKey) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const locked = await lockServicingLoan(tx, loanId);
      if (locked.status !== "approved")
        throw conflict("not_approved", servicingMessages.notApproved);
      const live = await lockLiveContract(tx, loanId);
      if (live && !(await expireIfDue(tx, live, now))) {
        if (ifNeeded) throw new AlreadyPrepared();
        throw conflict("contract_exists", servicingMessages.liveContractExists);
      }
      const documentId = await insertPdfDocument(tx, {
        userId: loan.userId,
        loanId,
        fileName: `contrat-pret-${formatLoanId(loanId).slice(1)}.pdf`,
        storageKey,
        size: pdf.byteLength,
      });
      const monthlyPayment = buildSchedule(terms)[0]?.amount ?? 0;
      await tx.insert(contracts).values({
        loanId,
        amount: terms.amount,
        durationMonths: terms.durationMonths,
        interestRate: String(terms.annualRatePercent),
        feesAmount: terms.feesAmount,
        monthlyPayment,
        preparedBy: officerId,
        expiresAt,
        unsignedDocumentId: documentId,
        unsignedSha256: sha256(pdf),
      });
      await tx
        .update(loanRequests)
        .set({ servicingStage: "contract", updatedAt: sql`now()` })
        .where(eq(loanRequests.id, loanId));
      await tx.insert(loanActivities).values({
        loanId,
        type: "contract_prepared",
        comment: `Contrat préparé, valable jusqu'au ${formatDateTime(expiresAt)}`,
        createdBy: officerId,
      });
      await notifyClient(tx, {
        userId: loan.userId,
        loanId,
        baseUrl,
        mail: {
          topic: `contract_ready:${loanId}`,
          content: contractReadyMail({
            loanId,
            firstName: loan.clientFirstName,
            baseUrl,
            expiresAt,
          }),
        },
        sms: { kind: "contract_ready" },
      });
    }),
  ).catch((error) => {
    if (error instanceof AlreadyPrepared) return;
    throw error;
  });
}

class AlreadyPrepared extends Error {}

/** An officer withdraws the live unsigned contract (journaled with the reason). */
export async function withdrawContract({
  db,
  loanId,
  officerId,
  reason,
}: {
  db: Db;
  loanId: number;
  officerId: string;
  reason: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockServicingLoan(tx, loanId);
    const live = await lockLiveContract(tx, loanId);
    if (!live) throw conflict("no_contract", servicingMessages.noLiveContract);
    if (live.state === "signed") throw conflict("contract_signed", servicingMessages.alreadySigned);
    await tx
      .update(contracts)
      .set({
        state: "withdrawn",
        withdrawnAt: sql`now()`,
        withdrawnBy: officerId,
        withdrawalReason: reason,
        codeHash: null,
        codeExpiresAt: null,
      })
      .where(eq(contracts.id, live.id));
    await tx.insert(loanActivities).values({
      loanId,
      type: "contract_withdrawn",
      comment: reason,
      createdBy: officerId,
    });
  });
}

function hashCode(contractId: number, code: string): string {
  return createHash("sha256").update(`${contractId}:${code}`).digest("hex");
}

/**
 * The client's request locked, and its live contract ready for a code: not signed, not locked;
 * "expired" when its validity passed (the expiry is written: the caller commits, then answers
 * 409). Another client's request answers as a missing one.
 */
async function clientContract(tx: Db, loanId: number, userId: string, now: Date) {
  const loan = await lockServicingLoan(tx, loanId);
  if (loan.userId !== userId) throw new AppError("not_found", 404, servicingMessages.notFound);
  const live = await lockLiveContract(tx, loanId);
  if (!live) throw conflict("no_contract", servicingMessages.noContract);
  if (live.state === "signed") throw conflict("contract_signed", servicingMessages.alreadySigned);
  if (await expireIfDue(tx, live, now)) return { loan, contract: "expired" as const };
  if (live.lockedUntil && live.lockedUntil.getTime() > now.getTime()) {
    throw signatureLocked(live.lockedUntil, now);
  }
  return { loan, contract: live };
}

function signatureLocked(until: Date, now: Date): AppError {
  return new AppError(
    "signature_locked",
    429,
    servicingMessages.locked(formatDateTime(until).split(" à ")[1] ?? ""),
    undefined,
    Math.ceil((until.getTime() - now.getTime()) / 1000),
  );
}

const contractExpired = () => conflict("contract_expired", servicingMessages.contractExpired);

/**
 * Sends the client a new one-time code: by SMS when the client takes SMS, else by e-mail.
 * Returns the channel. A new code replaces the previous one; the wrong tries are kept.
 */
export async function sendSignatureCode({
  db,
  userId,
  loanId,
  baseUrl,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  loanId: number;
  baseUrl: string;
  now?: Date;
}): Promise<"sms" | "email"> {
  const channel = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { loan, contract } = await clientContract(tx, loanId, userId, now);
    if (contract === "expired") return null;
    const [client] = await tx.select(channelColumns).from(user).where(eq(user.id, userId));
    if (!client) throw new AppError("not_found", 404, servicingMessages.notFound);
    const channels = channelsOf(client);
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await tx
      .update(contracts)
      .set({
        state: "sent",
        codeHash: hashCode(contract.id, code),
        codeSentAt: now,
        codeExpiresAt: new Date(now.getTime() + signatureCodeMinutes * 60_000),
      })
      .where(eq(contracts.id, contract.id));
    if (channels.sms && channels.number) {
      await enqueueSms(tx, {
        to: channels.number,
        kind: "signature_code",
        loanId,
        text: smsText({ kind: "signature_code", loanId, code, baseUrl }),
      });
      return "sms" as const;
    }
    // No SMS consent: the code goes by e-mail, the one channel every account has.
    await enqueueMail(tx, {
      to: client.email,
      topic: `signature_code:${loanId}`,
      mail: signatureCodeMail({ loanId, firstName: loan.clientFirstName, baseUrl, code }),
      loanId,
    });
    return "email" as const;
  });
  if (channel === null) throw contractExpired();
  return channel;
}

/**
 * Signs with the code: a wrong one counts (5 lock the signature 15 minutes) and is committed
 * before the 400; the right one signs the exact PDF the client read (its SHA-256 checked), adds
 * the evidence page, seals it, keeps it as a document, and moves the request to 'À décaisser'.
 */
export async function signContract({
  db,
  storage,
  seal,
  userId,
  loanId,
  code,
  ip,
  userAgent,
  baseUrl,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  seal: ContractSeal;
  userId: string;
  loanId: number;
  code: string;
  ip: string;
  userAgent: string;
  baseUrl: string;
  now?: Date;
}): Promise<void> {
  const checked = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const { loan, contract } = await clientContract(tx, loanId, userId, now);
    if (contract === "expired") return { outcome: "expired" as const };
    if (!contract.codeHash || !contract.codeExpiresAt) return { outcome: "no_code" as const };
    if (contract.codeExpiresAt.getTime() <= now.getTime())
      return { outcome: "code_expired" as const };
    const expected = Buffer.from(contract.codeHash, "hex");
    const given = Buffer.from(hashCode(contract.id, code), "hex");
    if (!timingSafeEqual(expected, given)) {
      const wrong = contract.wrongAttempts + 1;
      const locks = wrong >= signatureMaxWrongCodes;
      await tx
        .update(contracts)
        .set(
          locks
            ? {
                wrongAttempts: 0,
                lockedUntil: new Date(now.getTime() + signatureLockMinutes * 60_000),
                codeHash: null,
                codeExpiresAt: null,
              }
            : { wrongAttempts: wrong },
        )
        .where(eq(contracts.id, contract.id));
      return { outcome: locks ? ("locked" as const) : ("wrong" as const) };
    }
    return { outcome: "ok" as const, contract, loan };
  });
  switch (checked.outcome) {
    case "expired":
      throw contractExpired();
    case "no_code":
      throw new AppError("validation_error", 400, servicingMessages.noCode, {
        code: servicingMessages.noCode,
      });
    case "code_expired":
      throw new AppError("validation_error", 400, servicingMessages.codeExpired, {
        code: servicingMessages.codeExpired,
      });
    case "wrong":
      throw new AppError("validation_error", 400, servicingMessages.codeInvalid, {
        code: servicingMessages.codeInvalid,
      });
    case "locked":
      throw signatureLocked(new Date(now.getTime() + signatureLockMinutes * 60_000), now);
  }
  const { contract, loan } = checked;
  if (!contract.unsignedDocumentId) throw conflict("no_contract", servicingMessages.noContract);
  const [document] = await db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(eq(documents.id, contract.unsignedDocumentId));
  const unsigned = await readStored(storage, String(document?.storageKey));
  // The exact PDF the client read: its bytes must be those whose hash was recorded.
  if (sha256(unsigned) !== contract.unsignedSha256) {
    throw new Error(`contrat ${contract.id} : le PDF conservé ne correspond plus à son empreinte`);
  }
  const channel = contract.codeHash && (await codeWentBySms(db, loanId)) ? "sms" : "email";
  const signedPdf = await sealPdf(
    await addSignaturePage(unsigned, {
      signerName: `${loan.clientFirstName} ${loan.clientLastName}`.trim(),
      signedAt: now,
      ip,
      userAgent,
      unsignedSha256: contract.unsignedSha256,
      channel,
    }),
    seal,
    now,
  );
  await withStoredPdf(storage, signedPdf, (storageKey) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockServicingLoan(tx, loanId);
      const documentId = await insertPdfDocument(tx, {
        userId,
        loanId,
        fileName: `contrat-pret-${formatLoanId(loanId).slice(1)}-signe.pdf`,
        storageKey,
        size: signedPdf.byteLength,
      });
      // Conditional on the code checked: a second tab signing at once, or a withdrawal
      // meanwhile, leaves this one nothing to sign.
      const signed = await tx
        .update(contracts)
        .set({
          state: "signed",
          signerId: userId,
          signedAt: now,
          signerIp: ip,
          signerUserAgent: userAgent.slice(0, 500),
          signedDocumentId: documentId,
          signedSha256: sha256(signedPdf),
          codeHash: null,
          codeExpiresAt: null,
          wrongAttempts: 0,
        })
        .where(
          and(
            eq(contracts.id, contract.id),
            eq(contracts.state, "sent"),
            eq(contracts.codeHash, contract.codeHash as string),
          ),
        )
        .returning({ id: contracts.id });
      if (signed.length === 0)
        throw conflict("contract_changed", servicingMessages.contractNotSignable);
      await tx
        .update(loanRequests)
        .set({ servicingStage: "to_disburse", updatedAt: sql`now()` })
        .where(eq(loanRequests.id, loanId));
      await tx.insert(loanActivities).values({
        loanId,
        type: "contract_signed",
        comment: `Signé par code à usage unique depuis ${ip}. Empreinte SHA-256 : ${contract.unsignedSha256}`,
        createdBy: userId,
      });
      await notifyClient(tx, {
        userId,
        loanId,
        baseUrl,
        mail: {
          topic: `contract_signed:${loanId}`,
          content: contractSignedMail({ loanId, firstName: loan.clientFirstName, baseUrl }),
        },
      });
    }),
  );
}

async function codeWentBySms(db: Db, loanId: number): Promise<boolean> {
  const rows = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.loanId, loanId), eq(smsOutbox.kind, "signature_code")))
    .limit(1);
  return rows.length > 0;
}

/** Every contract of a request, newest first. */
export function contractsOf(db: Db, loanId: number) {
  return db
    .select()
    .from(contracts)
    .where(eq(contracts.loanId, loanId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
}
