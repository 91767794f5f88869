import { describe, expect, it } from "vitest";
import type { StatementMappingJson } from "../../../../domain/api/servicing";
import {
  guessDelimiter,
  mappingFits,
  proposeColumns,
  readCsvHeader,
  splitCsvLine,
} from "./csv-header";

const saved: StatementMappingJson = {
  channel: "wave",
  dateColumn: "Date",
  amountColumn: "Montant",
  referenceColumn: "Référence",
  phoneColumn: "Téléphone",
};

describe("guessDelimiter", () => {
  it("takes the most frequent of ';', ',' and tab, ';' on a tie", () => {
    expect(guessDelimiter("Date;Montant;Référence")).toBe(";");
    expect(guessDelimiter("Date,Montant,Référence")).toBe(",");
    expect(guessDelimiter("Date\tMontant\tRéférence")).toBe("\t");
    // "150 000,00" in a ';' file: two ';' beat one ','.
    expect(guessDelimiter("Date;Libellé, client;Montant")).toBe(";");
    expect(guessDelimiter("Montant")).toBe(";");
  });
});

describe("splitCsvLine", () => {
  it("keeps a quoted delimiter and reads a doubled quote", () => {
    expect(splitCsvLine('"Date";"Libellé; client";"Dit ""oui"""', ";")).toEqual([
      "Date",
      "Libellé; client",
      'Dit "oui"',
    ]);
    expect(splitCsvLine("a,,c", ",")).toEqual(["a", "", "c"]);
  });
});

describe("readCsvHeader", () => {
  it("reads the first line's names, trimmed, without a byte-order mark, blanks or repeats", () => {
    expect(
      readCsvHeader("\uFEFFDate ; Montant;Référence;;Montant\r\n05/12/2026;45 000;X\r\n"),
    ).toEqual(["Date", "Montant", "Référence"]);
  });

  it("skips the empty lines before the header, the delimiter still guessed on the first", () => {
    expect(readCsvHeader("\n\nDate;Montant\n2026-12-05;1000")).toEqual(["Date", "Montant"]);
    // As the server reads it: an empty first line leaves ';', and a ',' file is one column.
    expect(readCsvHeader("\nDate,Montant\n2026-12-05,1000")).toEqual(["Date,Montant"]);
  });

  it("is empty for an empty file", () => {
    expect(readCsvHeader("")).toEqual([]);
    expect(readCsvHeader("\n \n")).toEqual([]);
  });
});

describe("proposeColumns", () => {
  it("keeps the saved columns the file has", () => {
    expect(proposeColumns(["Téléphone", "Date", "Montant", "Référence"], saved)).toEqual({
      dateColumn: "Date",
      amountColumn: "Montant",
      referenceColumn: "Référence",
      phoneColumn: "Téléphone",
    });
  });

  it("guesses from the names when nothing saved fits, each column once", () => {
    expect(
      proposeColumns(["Date opération", "ID transaction", "Montant (FCFA)", "Numéro client"], null),
    ).toEqual({
      dateColumn: "Date opération",
      amountColumn: "Montant (FCFA)",
      referenceColumn: "ID transaction",
      phoneColumn: "Numéro client",
    });
  });

  it("leaves a choice empty when no name says it", () => {
    expect(proposeColumns(["A", "B"], null)).toEqual({
      dateColumn: "",
      amountColumn: "",
      referenceColumn: "",
      phoneColumn: "",
    });
  });
});

describe("mappingFits", () => {
  it("asks for the date, amount and reference columns, not the phone", () => {
    expect(mappingFits(["Date", "Montant", "Référence"], saved)).toBe(true);
    expect(mappingFits(["Date", "Montant", "Ref"], saved)).toBe(false);
    expect(mappingFits(["Date", "Montant", "Référence"], undefined)).toBe(false);
  });
});
