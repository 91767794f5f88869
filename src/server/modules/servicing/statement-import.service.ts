import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import {
  type PaymentChannel,
  type StatementImportJson,
  type StatementMappingJson,
  type StatementRowJson,
  servicingMessages,
} from "../../../domain/api/servicing";
import { toMobileE164 } from "../../../domain/mobile-number";
import type { Db } from "../../db/client";
import { loanRequests, payments, statementImports, statementMappings, user } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import { recordPayment } from "./ledger.service";

// Statements of mobile-money operators and banks (issue 28): a CSV with the columns the channel's
// saved mapping names (date, amount, reference, phone). Each row is matched to a loan being
// repaid, by the request's reference ("#00042" or "00042" in the operation's reference), else by
// the client's phone and an amount equal to the next instalment; the officer confirms the rows to
// record. The file's SHA-256 is unique: the same file imported again is the first import, and a
// row already recorded (its channel and reference) is never recorded twice.

export async function listMappings(db: Db): Promise<StatementMappingJson[]> {
  const rows = await db.select().from(statementMappings).orderBy(statementMappings.channel);
  return rows.map((row) => ({
    channel: row.channel,
    dateColumn: row.dateColumn,
    amountColumn: row.amountColumn,
    referenceColumn: row.referenceColumn,
    phoneColumn: row.phoneColumn,
  }));
}

export async function saveMapping(
  db: Db,
  officerId: string,
  mapping: StatementMappingJson,
): Promise<StatementMappingJson> {
  const values = {
    dateColumn: mapping.dateColumn,
    amountColumn: mapping.amountColumn,
    referenceColumn: mapping.referenceColumn,
    phoneColumn: mapping.phoneColumn ?? null,
    updatedBy: officerId,
  };
  await db
    .insert(statementMappings)
    .values({ channel: mapping.channel, ...values })
    .onConflictDoUpdate({ target: statementMappings.channel, set: values });
  return { ...mapping, phoneColumn: mapping.phoneColumn ?? null };
}

/** "05/12/2026", "2026-12-05", "05-12-2026 14:03" -> "2026-12-05"; null when unreadable. */
export function statementDate(value: string): string | null {
  const text = value.trim();
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const french = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/);
  const parts = iso
    ? [iso[1], iso[2], iso[3]]
    : french
      ? [french[3], french[2]?.padStart(2, "0"), french[1]?.padStart(2, "0")]
      : null;
  if (!parts) return null;
  const date = `${parts[0]}-${parts[1]}-${parts[2]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(date) ? null : date;
}

/** "150 000", "150000,00", "150.000" (thousands) -> 150000; null when not a whole positive amount. */
export function statementAmount(value: string): number | null {
  const text = value.replace(/[\s\u00a0\u202f]|FCFA|XOF|F$/gi, "").replace(/[.,]00$/, "");
  const digits = /^\d{1,3}([.,]\d{3})+$/.test(text) ? text.replace(/[.,]/g, "") : text;
  if (!/^\d{1,13}$/.test(digits)) return null;
  const amount = Number(digits);
  return amount > 0 ? amount : null;
}

function parseRows(csv: string): Record<string, string>[] {
  const text = csv.replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = [";", ",", "\t"].sort(
    (a, b) => firstLine.split(b).length - firstLine.split(a).length,
  )[0];
  try {
    return parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      bom: true,
    }) as Record<string, string>[];
  } catch {
    throw new AppError("validation_error", 400, servicingMessages.csvUnreadable, {
      csv: servicingMessages.csvUnreadable,
    });
  }
}

/** The loans being repaid, with what matching needs: their number, client phone, next amount. */
async function repayingLoans(db: Db) {
  const rows = await db
    .select({
      id: loanRequests.id,
      phone: user.phone,
      smsPhone: user.smsPhone,
      country: user.country,
      nextAmount: sql<string | null>`(
        select i.principal + i.interest - i.principal_paid - i.interest_paid from installments i
        where i.loan_id = ${loanRequests.id}
          and i.principal_paid + i.interest_paid < i.principal + i.interest
        order by i.number limit 1)`,
    })
    .from(loanRequests)
    .innerJoin(user, eq(user.id, loanRequests.userId))
    .where(eq(loanRequests.servicingStage, "repaying"));
  return rows.map((row) => {
    const mobile = row.phone ? toMobileE164(row.phone, row.country) : null;
    const phones = [row.smsPhone, mobile?.ok ? mobile.e164 : null].filter(
      (phone): phone is string => Boolean(phone),
    );
    return {
      id: row.id,
      phones,
      nextAmount: row.nextAmount === null ? null : Number(row.nextAmount),
    };
  });
}

function normalisePhone(value: string, country: string | null): string | null {
  const mobile = toMobileE164(value, country);
  return mobile.ok ? mobile.e164 : null;
}

/**
 * Reads a statement: each row with its match proposed (or the reason it has none). Importing a
 * file already imported answers that import (`duplicate`), nothing read again.
 */
export async function importStatement({
  db,
  officerId,
  channel,
  fileName,
  csv,
}: {
  db: Db;
  officerId: string;
  channel: PaymentChannel;
  fileName: string;
  csv: string;
}): Promise<{ id: number; duplicate: boolean }> {
  const fileSha256 = createHash("sha256").update(csv, "utf8").digest("hex");
  const [seen] = await db
    .select({ id: statementImports.id })
    .from(statementImports)
    .where(eq(statementImports.fileSha256, fileSha256));
  if (seen) return { id: seen.id, duplicate: true };
  const [mapping] = await db
    .select()
    .from(statementMappings)
    .where(eq(statementMappings.channel, channel));
  if (!mapping) {
    throw new AppError("validation_error", 400, servicingMessages.mappingMissing, {
      channel: servicingMessages.mappingMissing,
    });
  }
  const records = parseRows(csv);
  const header = Object.keys(records[0] ?? {});
  for (const column of [mapping.dateColumn, mapping.amountColumn, mapping.referenceColumn]) {
    if (records.length > 0 && !header.includes(column)) {
      throw new AppError("validation_error", 400, servicingMessages.csvColumnMissing(column), {
        csv: servicingMessages.csvColumnMissing(column),
      });
    }
  }
  const loans = await repayingLoans(db);
  const byId = new Map(loans.map((loan) => [loan.id, loan]));
  const taken = new Set(
    (
      await db
        .select({ reference: payments.reference })
        .from(payments)
        .where(eq(payments.channel, channel))
    ).map((row) => row.reference),
  );
  const rows: StatementRowJson[] = records.map((record, index) => {
    const paidOn = statementDate(record[mapping.dateColumn] ?? "");
    const amount = statementAmount(record[mapping.amountColumn] ?? "");
    const reference = (record[mapping.referenceColumn] ?? "").trim().slice(0, 100);
    const rawPhone = mapping.phoneColumn ? (record[mapping.phoneColumn] ?? "").trim() : "";
    const phone = rawPhone ? normalisePhone(rawPhone, "Côte d'Ivoire") : null;
    const row: StatementRowJson = {
      row: index + 1,
      paidOn,
      amount,
      reference,
      phone: rawPhone || null,
      status: "unmatched",
      loanId: null,
      matchedBy: null,
      problem: null,
      paymentId: null,
    };
    if (!paidOn || !amount || !reference)
      return { ...row, problem: servicingMessages.rowUnreadable };
    if (taken.has(reference)) return { ...row, status: "already_recorded" };
    const named = reference.match(/#?0*(\d{1,9})\b/g) ?? [];
    for (const candidate of named) {
      const loan = byId.get(Number(candidate.replace(/^#?0*/, "")));
      if (loan && (candidate.startsWith("#") || candidate.startsWith("0"))) {
        return { ...row, status: "proposed", loanId: loan.id, matchedBy: "reference" };
      }
    }
    if (phone) {
      const matches = loans.filter(
        (loan) => loan.phones.includes(phone) && loan.nextAmount === amount,
      );
      if (matches.length === 1) {
        return {
          ...row,
          status: "proposed",
          loanId: matches[0]?.id ?? null,
          matchedBy: "phone_amount",
        };
      }
    }
    return { ...row, problem: servicingMessages.rowUnmatched };
  });
  try {
    const [created] = await db
      .insert(statementImports)
      .values({ channel, fileName, fileSha256, rows, importedBy: officerId })
      .returning({ id: statementImports.id });
    return { id: Number(created?.id), duplicate: false };
  } catch (error) {
    // The same file sent twice at once: the other import is the one.
    const [other] = await db
      .select({ id: statementImports.id })
      .from(statementImports)
      .where(eq(statementImports.fileSha256, fileSha256));
    if (other) return { id: other.id, duplicate: true };
    throw error;
  }
}

export async function getStatementImport(db: Db, id: number): Promise<StatementImportJson> {
  const [row] = await db
    .select({ statement: statementImports, importer: user })
    .from(statementImports)
    .innerJoin(user, eq(user.id, statementImports.importedBy))
    .where(eq(statementImports.id, id));
  if (!row) throw notFound(servicingMessages.importNotFound);
  const { statement, importer } = row;
  return {
    id: statement.id,
    channel: statement.channel,
    fileName: statement.fileName,
    fileSha256: statement.fileSha256,
    createdAt: statement.createdAt.toISOString(),
    importedBy: {
      id: importer.id,
      firstName: importer.firstName,
      lastName: importer.lastName,
      email: importer.email,
    },
    rows: statement.rows as StatementRowJson[],
  };
}

/**
 * Records the proposed rows the officer confirms, one payment (in its own transaction) each; a
 * row refused (beyond the balance, its reference recorded meanwhile) keeps its reason. The
 * payments' unique reference is what makes a row recorded once, whoever confirms it and however
 * often; the import's rows are then rewritten under a row lock with what happened.
 */
export async function confirmStatementRows({
  db,
  officerId,
  importId,
  rowNumbers,
  baseUrl,
}: {
  db: Db;
  officerId: string;
  importId: number;
  rowNumbers: number[];
  baseUrl: string;
}): Promise<void> {
  const wanted = new Set(rowNumbers);
  const statement = await getStatementImport(db, importId);
  const outcomes = new Map<number, Partial<StatementRowJson>>();
  for (const row of statement.rows) {
    if (!wanted.has(row.row) || row.status !== "proposed" || row.loanId === null) continue;
    try {
      const paymentId = await recordPayment({
        db,
        loanId: row.loanId,
        officerId,
        input: {
          paidOn: row.paidOn as string,
          amount: row.amount as number,
          channel: statement.channel,
          reference: row.reference,
        },
        importId,
        baseUrl,
      });
      outcomes.set(row.row, { status: "recorded", paymentId, problem: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.set(row.row, {
        status: error.code === "payment_reference_taken" ? "already_recorded" : "proposed",
        problem: error.message,
      });
    }
  }
  if (outcomes.size === 0) return;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [locked] = await tx
      .select({ rows: statementImports.rows })
      .from(statementImports)
      .where(eq(statementImports.id, importId))
      .for("update");
    const rows = ((locked?.rows ?? []) as StatementRowJson[]).map((row) => {
      const outcome = outcomes.get(row.row);
      // A row another officer recorded meanwhile stays recorded.
      if (!outcome || row.status === "recorded") return row;
      return { ...row, ...outcome };
    });
    await tx.update(statementImports).set({ rows }).where(eq(statementImports.id, importId));
  });
}
