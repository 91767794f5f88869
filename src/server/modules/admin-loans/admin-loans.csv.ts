import { and, desc, eq, sql } from "drizzle-orm";
import type { AdminLoanFilter } from "../../../domain/api/admin-loans.schema";
import { servicingStageLabels } from "../../../domain/api/servicing";
import { type OfficeId, officeCity } from "../../../domain/firm";
import { firmTimeZone } from "../../../domain/format-date";
import { formatLoanId } from "../../../domain/format-loan-id";
import { firmToday } from "../../../domain/loan-schedule";
import { type LoanStatus, loanStatusLabels } from "../../../domain/loan-status";
import { type LoanType, loanTypeLabels } from "../../../domain/loan-type";
import type { Db } from "../../db/client";
import { loanRequests } from "../../db/schema";
import { csvBom, csvLine } from "../../http/csv";
import { adminLoanSummaryColumns, assigneeUser, clientUser } from "./admin-loan-json";
import { adminLoanConditions } from "./admin-loans.list";

export const exportBatchSize = 1000;

/** Where the previous batch of an export stopped: created_at as PostgreSQL wrote it, and id. */
export type ExportCursor = { createdAt: string; id: number };

/**
 * One batch of the CSV export, in the list's order, after `cursor` (keyset: every batch is an
 * index range scan, however deep into the export). The cursor's created_at is PostgreSQL's own
 * text, not a JS Date, which would drop the microseconds and skip or repeat rows.
 */
export function adminLoanExportBatch({
  db,
  filter,
  cursor,
  limit = exportBatchSize,
  now = new Date(),
}: {
  db: Db;
  filter: AdminLoanFilter;
  cursor: ExportCursor | null;
  limit?: number;
  now?: Date;
}) {
  const after = cursor
    ? sql`(${loanRequests.createdAt}, ${loanRequests.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : undefined;
  return db
    .select({
      ...adminLoanSummaryColumns,
      monthlyIncome: loanRequests.monthlyIncome,
      approvedAmount: loanRequests.approvedAmount,
      interestRate: loanRequests.interestRate,
      monthlyPayment: loanRequests.monthlyPayment,
      feesAmount: loanRequests.feesAmount,
      servicingStage: loanRequests.servicingStage,
      principalOutstanding: loanRequests.principalOutstanding,
      nextDueDate: loanRequests.nextDueDate,
      cursor: sql<string>`${loanRequests.createdAt}::text`,
    })
    .from(loanRequests)
    .innerJoin(clientUser, eq(clientUser.id, loanRequests.userId))
    .leftJoin(assigneeUser, eq(assigneeUser.id, loanRequests.assignedTo))
    .where(and(adminLoanConditions(filter, now), after))
    .orderBy(desc(loanRequests.createdAt), desc(loanRequests.id))
    .limit(limit);
}

export type AdminLoanExportRow = Awaited<ReturnType<typeof adminLoanExportBatch>>[number];

// The officers' export opens in Excel or LibreOffice set to French (http/csv.ts: `;`, a byte
// order mark, and the formula-injection guard of every cell).
export { csvBom, csvCell, csvLine, csvSeparator } from "../../http/csv";

export const csvHeaders = [
  "Numéro",
  "Date de soumission",
  "Client",
  "E-mail",
  "Type",
  "Montant (FCFA)",
  "Durée (mois)",
  "Objet",
  "Statut",
  "Assigné à",
  "Revenu mensuel (FCFA)",
  "Montant approuvé (FCFA)",
  "Taux annuel (%)",
  "Mensualité (FCFA)",
  "Agence",
  "Frais (FCFA)",
  "Suivi",
  "Capital restant dû (FCFA)",
  "Prochaine échéance",
  "En retard",
] as const;

const day = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: firmTimeZone,
});

/** Whole francs, no thousands separator: the spreadsheet reads a number. */
const amount = (value: number | string | null) =>
  value === null ? null : String(Math.round(Number(value)));

/** 12.5 -> "12,5": the decimal comma of a French spreadsheet. */
const rate = (value: string | null) =>
  value === null ? null : String(Number(value)).replace(".", ",");

export function csvRow(row: Omit<AdminLoanExportRow, "cursor">): string {
  const assignee =
    row.assigneeId === null
      ? null
      : `${row.assigneeFirstName ?? ""} ${row.assigneeLastName ?? ""}`.trim();
  return csvLine([
    formatLoanId(row.id),
    day.format(new Date(row.createdAt)),
    `${row.clientFirstName} ${row.clientLastName}`.trim(),
    row.clientEmail,
    loanTypeLabels[row.loanType as LoanType],
    amount(row.amount),
    row.durationMonths,
    row.purpose,
    loanStatusLabels[row.status as LoanStatus],
    assignee,
    amount(row.monthlyIncome),
    amount(row.approvedAmount),
    rate(row.interestRate),
    amount(row.monthlyPayment),
    officeCity(row.office as OfficeId),
    amount(row.feesAmount),
    row.servicingStage ? servicingStageLabels[row.servicingStage] : null,
    amount(row.principalOutstanding),
    row.nextDueDate ? day.format(new Date(`${row.nextDueDate}T00:00:00Z`)) : null,
    row.servicingStage === "repaying" && row.nextDueDate && row.nextDueDate < firmToday()
      ? "Oui"
      : null,
  ]);
}

/**
 * The whole export, one chunk of text per batch of rows read from the database: memory stays
 * that of one batch whatever the number of requests, and the reply's back-pressure paces the reads.
 */
export async function* adminLoanCsv({
  db,
  filter,
  batchSize = exportBatchSize,
  now = new Date(),
}: {
  db: Db;
  filter: AdminLoanFilter;
  batchSize?: number;
  /** One instant for every batch: `retard=1` must not move between two batches. */
  now?: Date;
}): AsyncGenerator<string> {
  yield csvBom + csvLine(csvHeaders);
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await adminLoanExportBatch({ db, filter, cursor, limit: batchSize, now });
    if (rows.length === 0) return;
    yield rows.map(csvRow).join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as AdminLoanExportRow;
    cursor = { createdAt: last.cursor, id: last.id };
  }
}

/** "demandes-de-pret-2026-11-22.csv" */
export function exportFileName(now = new Date()): string {
  return `demandes-de-pret-${now.toISOString().slice(0, 10)}.csv`;
}
