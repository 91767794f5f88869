import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";

describe("csvCell", () => {
  it("quotes separators, commas, quotes and line breaks; neutralises formulas", () => {
    expect(csvCell("simple")).toBe("simple");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('dit "oui"')).toBe('"dit ""oui"""');
    expect(csvCell("ligne\nsuivante")).toBe('"ligne\nsuivante"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+33")).toBe("'+33");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell(2_500_000)).toBe("2500000");
    expect(csvCell(null)).toBe("");
  });
});
