import type { LoanDocumentCategory } from "../../src/domain/document-category";
import { jpegFile, pdfFile, pngFile } from "../../src/server/test/test-files";
import type { SeedDocument } from "./generate";

// The demo documents' bytes: small files that really open in the officers' screens. PDFs show
// their label (what the document stands for and whose it is); images are a plain swatch per
// category, or the decodable JPEG fixture.

const swatches: Record<LoanDocumentCategory, [number, number, number]> = {
  identite: [32, 96, 168],
  revenu: [40, 140, 90],
  banque: [170, 120, 30],
};

/** The PDF's text goes into a literal string with the standard font encoding: plain ASCII. */
function pdfText(label: string): string {
  return label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/[()\\]/g, "");
}

export function documentBytes(document: SeedDocument): Buffer {
  switch (document.fileType) {
    case "application/pdf":
      return pdfFile(pdfText(document.label));
    case "image/png":
      return pngFile(64, 40, swatches[document.category]);
    case "image/jpeg":
      return jpegFile();
  }
}
