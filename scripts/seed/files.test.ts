import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sniffFileType } from "../../src/domain/file-type";
import { documentBytes, labelledPng } from "./files";
import { generateLoans, generatePeople } from "./generate";

const options = { seed: 3, clients: 20, loans: 40, now: new Date("2026-11-22T08:00:00Z") };
const documents = [...generateLoans(options, generatePeople(options))].flatMap(
  (loan) => loan.documents,
);

describe("demo document files", () => {
  it("are of the type their row declares, as the server sniffs it", () => {
    expect(new Set(documents.map((document) => document.fileType))).toEqual(
      new Set(["application/pdf", "image/png", "image/jpeg"]),
    );
    for (const document of documents) {
      expect(sniffFileType(documentBytes(document))).toBe(document.fileType);
    }
  });

  it("show the label on the PDF page, without accents the standard font lacks", () => {
    const pdf = documentBytes({
      ...documents[0],
      fileType: "application/pdf",
      label: "Relevés bancaires - É. N'Guessan",
    } as never);
    expect(pdf.toString("latin1")).toContain("(Releves bancaires - E. N'Guessan) Tj");
  });

  it("draw the label in ink on PNG images", () => {
    const png = labelledPng("Pièce d'identité - A. Koné", "identite");
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    const idatLength = png.readUInt32BE(33);
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(height * (1 + width * 3));
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 1)
      if (pixels[i] === 24 && (i % (1 + width * 3)) % 3 === 1) inked += 1;
    // Two lines of capitals: hundreds of dark pixels, far from all of them.
    expect(inked).toBeGreaterThan(200);
    expect(inked).toBeLessThan((width * height) / 2);
  });
});
