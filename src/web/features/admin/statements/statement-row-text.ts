import type { StatementRowJson } from "../../../../domain/api/servicing";
import { formatDate } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";

// How a statement's row is said on the import's page: the same words in every group.

export const matchedByLabels: Record<NonNullable<StatementRowJson["matchedBy"]>, string> = {
  reference: "par référence",
  phone_amount: "par téléphone et montant",
};

/** "45 000 FCFA", or why there is none: an unreadable cell is shown as such, not as zero. */
export function rowAmount(row: StatementRowJson): string {
  return row.amount === null ? "Montant illisible" : formatFcfa(row.amount);
}

export function rowDate(row: StatementRowJson): string {
  return row.paidOn === null ? "date illisible" : formatDate(row.paidOn);
}

/** "Ligne 3 : 45 000 FCFA le 5 décembre 2026, réf. « OM-123 »": the row as the file has it. */
export function rowSummary(row: StatementRowJson): string {
  const reference = row.reference ? `, réf. « ${row.reference} »` : ", sans référence";
  const phone = row.phone ? `, tél. ${row.phone}` : "";
  return `Ligne ${row.row} : ${rowAmount(row)} le ${rowDate(row)}${reference}${phone}`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count > 1 ? many : one}`;
}
