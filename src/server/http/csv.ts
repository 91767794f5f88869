// CSV for the officers' spreadsheets (Excel or LibreOffice set to French): cells split on `;`,
// UTF-8 read only after a byte order mark. Used by every export
// (the loans: admin-loans.csv.ts; the security journal: security-journal.csv.ts).

export const csvSeparator = ";";
export const csvBom = "\uFEFF";

/**
 * One cell. A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe: text typed by anyone (an e-mail tried at sign-in, a user agent) must never
 * execute in an officer's spreadsheet. Cells holding the separator, a comma, a quote or a line
 * break are quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;,"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(csvSeparator)}\r\n`;
}
