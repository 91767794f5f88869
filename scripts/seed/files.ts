import type { LoanDocumentCategory } from "../../src/domain/document-category";
import { jpegFile, pdfFile, pngImage } from "../../src/server/test/test-files";
import type { SeedDocument } from "./generate";

// The demo documents' bytes: small files that really open in the officers' screens. PDFs and
// PNG images show their label (what the document stands for and whose it is); JPEGs are the
// decodable fixture (encoding a JPEG is beyond a demo's needs).

/** Unaccented capitals: what the PDF's standard font and the PNG's bitmap font can draw. */
function plainText(label: string): string {
  return label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/[()\\]/g, "");
}

// A 5×7 bitmap font, one number per row, the high bit on the left.
const glyphs: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  ".": [0, 0, 0, 0, 0, 12, 12],
  "-": [0, 0, 0, 31, 0, 0, 0],
  "'": [4, 4, 8, 0, 0, 0, 0],
};

const backgrounds: Record<LoanDocumentCategory, readonly [number, number, number]> = {
  identite: [214, 228, 245],
  revenu: [216, 240, 224],
  banque: [245, 232, 208],
};
const ink = [24, 32, 48] as const;

/** The label in capitals on a pale card of the category's colour, one line per " - " part. */
export function labelledPng(label: string, category: LoanDocumentCategory): Buffer {
  const lines = plainText(label).toUpperCase().split(" - ");
  const scale = 2;
  const margin = 12;
  const advance = 6 * scale;
  const lineHeight = 10 * scale;
  const width = margin * 2 + Math.max(...lines.map((line) => line.length)) * advance;
  const height = margin * 2 + lines.length * lineHeight;
  const background = backgrounds[category];
  return pngImage(width, height, (x, y) => {
    const line = lines[Math.floor((y - margin) / lineHeight)];
    const row = Math.floor(((y - margin) % lineHeight) / scale);
    if (y < margin || line === undefined || row > 6) return background;
    const column = Math.floor((x - margin) / scale);
    const glyph = glyphs[line[Math.floor(column / 6)] ?? " "];
    const bit = column % 6;
    if (x < margin || !glyph || bit > 4) return background;
    return ((glyph[row] ?? 0) >> (4 - bit)) & 1 ? ink : background;
  });
}

export function documentBytes(document: SeedDocument): Buffer {
  switch (document.fileType) {
    case "application/pdf":
      return pdfFile(plainText(document.label));
    case "image/png":
      return labelledPng(document.label, document.category);
    case "image/jpeg":
      return jpegFile();
  }
}
