import type { StatementMappingJson } from "../../../../domain/api/servicing";

// The column names of a statement, read in the browser from the file's first line, for the
// mapping screen's choices. The server reads the whole file (csv-parse, statement-import.service);
// this reads its header the same way: the delimiter guessed among ";", "," and tab from the first
// line (the one found most often, ";" on a tie), quotes and a byte-order mark understood, names
// trimmed. No CSV library for one line: the officers' page stays light.

const delimiters = [";", ",", "\t"] as const;

/** The delimiter the server will use for this file: the most frequent on its first line. */
export function guessDelimiter(firstLine: string): string {
  // A stable sort, as the server's: on a tie the earlier of ";", "," and tab wins.
  const [first = ";"] = [...delimiters].sort(
    (a, b) => firstLine.split(b).length - firstLine.split(a).length,
  );
  return first;
}

/** One CSV line's fields: a quoted field may hold the delimiter, and "" is a quote. */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (char === delimiter) {
      fields.push(field);
      field = "";
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

/**
 * The header's column names, in the file's order, without blanks or repeats; empty when the file
 * has no line with a name (the server then answers that it cannot read it).
 */
export function readCsvHeader(csv: string): string[] {
  const text = csv.replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  const delimiter = guessDelimiter(lines[0] ?? "");
  // The server skips empty lines: its header is the first line with something on it.
  const headerLine = lines.find((line) => line.trim() !== "") ?? "";
  const names = splitCsvLine(headerLine, delimiter).map((name) => name.trim());
  return [...new Set(names.filter((name) => name !== ""))];
}

export type ColumnChoice = {
  dateColumn: string;
  amountColumn: string;
  referenceColumn: string;
  /** "" for none: the phone is optional (rows are then matched by reference only). */
  phoneColumn: string;
};

/** Lower case, no accents: "Référence" and "reference" are one word. */
function plain(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The words operators' and banks' exports name their columns with, most telling first. */
const hints: Record<keyof ColumnChoice, RegExp[]> = {
  dateColumn: [/^date/, /date/, /jour/],
  amountColumn: [/^montant/, /montant|amount|credit|somme/],
  referenceColumn: [/^ref/, /ref|transaction|libelle|motif|id/],
  phoneColumn: [/tel|phone|mobile|numero|msisdn/],
};

function guess(header: readonly string[], field: keyof ColumnChoice, taken: Set<string>): string {
  for (const hint of hints[field]) {
    const found = header.find((name) => !taken.has(name) && hint.test(plain(name)));
    if (found) return found;
  }
  return "";
}

/**
 * What the mapping screen shows first: the channel's saved columns that this file has, else a
 * column whose name says it ("Date", "Montant", "Référence", "Téléphone"), else nothing.
 */
export function proposeColumns(
  header: readonly string[],
  saved: StatementMappingJson | null | undefined,
): ColumnChoice {
  const choice: ColumnChoice = {
    dateColumn: "",
    amountColumn: "",
    referenceColumn: "",
    phoneColumn: "",
  };
  const taken = new Set<string>();
  const fields = Object.keys(choice) as (keyof ColumnChoice)[];
  for (const field of fields) {
    const kept = saved?.[field];
    if (kept && header.includes(kept) && !taken.has(kept)) {
      choice[field] = kept;
      taken.add(kept);
    }
  }
  for (const field of fields) {
    if (choice[field]) continue;
    choice[field] = guess(header, field, taken);
    if (choice[field]) taken.add(choice[field]);
  }
  return choice;
}

/**
 * The saved mapping reads this file: its date, amount and reference columns are in the header
 * (the server refuses a file without them; the phone is optional to it).
 */
export function mappingFits(
  header: readonly string[],
  saved: StatementMappingJson | null | undefined,
): boolean {
  if (!saved) return false;
  return [saved.dateColumn, saved.amountColumn, saved.referenceColumn].every((column) =>
    header.includes(column),
  );
}
