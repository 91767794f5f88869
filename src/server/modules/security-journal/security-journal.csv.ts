import {
  type SecurityEventJson,
  securityEventLabel,
  securityEventReasonLabel,
} from "../../../domain/api/security-events";
import type { SecurityEventFilter } from "../../../domain/api/security-events.schema";
import type { Db } from "../../db/client";
import { csvBom, csvLine } from "../../http/csv";
import { securityEventBatches } from "./security-journal.service";

export const securityCsvHeaders = [
  "Date (UTC)",
  "Événement",
  "Compte",
  "Par",
  "Motif",
  "Adresse IP",
  "Navigateur",
  "Code événement",
  "Code motif",
] as const;

export function securityCsvRow(event: SecurityEventJson): string {
  return csvLine([
    // ISO to the second, UTC (the firm's zone): sortable, and read as a date by a spreadsheet.
    event.createdAt.slice(0, 19).replace("T", " "),
    securityEventLabel(event.type),
    event.email,
    event.actorEmail,
    securityEventReasonLabel(event.reason),
    event.ip,
    event.userAgent,
    event.type,
    event.reason,
  ]);
}

export async function* securityJournalCsv({
  db,
  filter,
}: {
  db: Db;
  filter: SecurityEventFilter;
}): AsyncGenerator<string> {
  yield csvBom + csvLine(securityCsvHeaders);
  for await (const batch of securityEventBatches({ db, filter })) {
    yield batch.map(securityCsvRow).join("");
  }
}

/** "journal-securite-2026-11-25.csv" */
export function securityExportFileName(now = new Date()): string {
  return `journal-securite-${now.toISOString().slice(0, 10)}.csv`;
}
