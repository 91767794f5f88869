import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { firm } from "../../../domain/firm";

// A small flowing-text writer over pdf-lib for the platform's French documents (the contract,
// the certificate of repayment): A4 pages, margins, headings, paragraphs wrapped to the width,
// tables, and a new page when one is full. Helvetica's WinAnsi encoding has every French letter
// (é, è, à, ç, œ, «, »); the narrow no-break space of French numbers is not in it and becomes a
// no-break space.

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const navy = rgb(0.094, 0.235, 0.439);

/** Text Helvetica can write: thin spaces become no-break ones, anything else unknown a "?". */
export function pdfText(value: string): string {
  return value
    .replace(/[\u202f\u2009\u2007]/g, "\u00a0")
    .replace(/[\u2010\u2011\u2012]/g, "-")
    .replace(
      /[^\n\t\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/g,
      "?",
    );
}

export type Column = { title: string; width: number; align?: "left" | "right" };

export class PdfWriter {
  readonly doc: PDFDocument;
  private page!: PDFPage;
  private y = 0;
  private font!: PDFFont;
  private bold!: PDFFont;
  private readonly footer: string;

  private constructor(doc: PDFDocument, footer: string) {
    this.doc = doc;
    this.footer = footer;
  }

  static async create({ title, footer }: { title: string; footer: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(pdfText(title));
    doc.setAuthor(firm.name);
    doc.setCreator(firm.name);
    doc.setProducer(firm.name);
    doc.setLanguage("fr-FR");
    const writer = new PdfWriter(doc, footer);
    writer.font = await doc.embedFont(StandardFonts.Helvetica);
    writer.bold = await doc.embedFont(StandardFonts.HelveticaBold);
    writer.newPage();
    return writer;
  }

  get width(): number {
    return pageSize[0] - 2 * margin;
  }

  newPage(): void {
    this.page = this.doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
    this.page.drawText(pdfText(firm.name), {
      x: margin,
      y: this.y,
      size: 10,
      font: this.bold,
      color: navy,
    });
    this.y -= 28;
  }

  /** Room for `height` points, or a new page. */
  private room(height: number): void {
    if (this.y - height < margin + 24) this.newPage();
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of pdfText(text).split("\n")) {
      let line = "";
      for (const word of paragraph.split(" ")) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  heading(text: string, size = 14): void {
    this.room(size + 14);
    this.y -= 6;
    this.page.drawText(pdfText(text), { x: margin, y: this.y, size, font: this.bold, color: navy });
    this.y -= size + 8;
  }

  paragraph(text: string, { size = 10, bold = false } = {}): void {
    const font = bold ? this.bold : this.font;
    for (const line of this.wrap(text, font, size, this.width)) {
      this.room(size + 4);
      this.page.drawText(line, { x: margin, y: this.y, size, font });
      this.y -= size + 4;
    }
    this.y -= 6;
  }

  /** "Label : value" lines, the labels in bold. */
  facts(rows: Array<[string, string]>): void {
    for (const [label, value] of rows) {
      this.room(16);
      const text = pdfText(`${label} : `);
      this.page.drawText(text, { x: margin, y: this.y, size: 10, font: this.bold });
      const offset = this.bold.widthOfTextAtSize(text, 10);
      this.page.drawText(pdfText(value), {
        x: margin + offset,
        y: this.y,
        size: 10,
        font: this.font,
      });
      this.y -= 15;
    }
    this.y -= 6;
  }

  table(columns: Column[], rows: string[][], size = 8.5): void {
    const drawRow = (cells: string[], font: PDFFont) => {
      this.room(size + 6);
      let x = margin;
      cells.forEach((cell, index) => {
        const column = columns[index] as Column;
        const text = pdfText(cell);
        const textWidth = font.widthOfTextAtSize(text, size);
        const left = column.align === "right" ? x + column.width - textWidth - 4 : x;
        this.page.drawText(text, { x: left, y: this.y, size, font });
        x += column.width;
      });
      this.y -= size + 5;
    };
    drawRow(
      columns.map((column) => column.title),
      this.bold,
    );
    for (const row of rows) {
      if (this.y - (size + 6) < margin + 24) {
        this.newPage();
        drawRow(
          columns.map((column) => column.title),
          this.bold,
        );
      }
      drawRow(row, this.font);
    }
    this.y -= 8;
  }

  /** A framed box of `height` points with a caption: where a signature goes. */
  box(caption: string, height: number): void {
    this.room(height + 20);
    this.page.drawText(pdfText(caption), { x: margin, y: this.y, size: 10, font: this.bold });
    this.y -= 8;
    this.page.drawRectangle({
      x: margin,
      y: this.y - height,
      width: this.width,
      height,
      borderColor: navy,
      borderWidth: 0.8,
    });
    this.y -= height + 16;
  }

  /** Page numbers and the footer on every page; returns the bytes. */
  async finish(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = pdfText(`${this.footer} - page ${index + 1} sur ${pages.length}`);
      page.drawText(text, { x: margin, y: margin - 20, size: 7.5, font: this.font });
    });
    return this.doc.save({ useObjectStreams: false });
  }
}
