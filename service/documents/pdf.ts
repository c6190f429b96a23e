// The shop's documents as PDF files written on the server with pdfkit (decision 104): A4 pages, text in DejaVu Sans
// (shipped in ./fonts under the Bitstream Vera licence, embedded as a subset in every file, so "£" and every name print
// the same on any reader), a heading, blocks of lines and tables that continue on a new page when the page is full.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

/** Where the fonts are: beside this module when run from source, under the working directory in a built server. */
function fontsDir(): string {
  const candidates = [
    fileURLToPath(new URL('./fonts/', import.meta.url)),
    path.resolve(process.cwd(), 'service/documents/fonts'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'DejaVuSans.ttf')));
  if (!found) throw new Error(`The PDF fonts are missing: looked in ${candidates.join(', ')}`);
  return found;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => {
  if (!fonts) {
    const dir = fontsDir();
    fonts = {
      regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')),
      bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
};

export type Align = 'left' | 'right';
export type Column = { header: string; width: number; align?: Align };

const margin = 50;
const a4 = { width: 595.28, height: 841.89 };
export const pageWidth = a4.width - 2 * margin;

/** A document being written: a cursor down the page and the few shapes the shop's documents need. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(info: { title: string; createdAt: Date }) {
    const { regular, bold } = loadFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margin,
      info: { Title: info.title, Author: 'the shop', CreationDate: info.createdAt, ModDate: info.createdAt },
      lang: 'en-GB',
      displayTitle: true,
    });
    this.doc.registerFont('body', regular);
    this.doc.registerFont('bold', bold);
    this.doc.font('body').fontSize(10);
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private get bottom() {
    return a4.height - margin;
  }

  private room(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string, size = 18) {
    this.room(size * 2);
    this.doc.font('bold').fontSize(size).text(text, margin, this.doc.y, { width: pageWidth });
    this.doc.font('body').fontSize(10).moveDown(0.4);
  }

  /** Lines of text, the first in bold when `title` is given. */
  block(lines: readonly string[], title?: string) {
    this.room(14 * (lines.length + (title ? 1 : 0)));
    if (title) this.doc.font('bold').text(title, margin, this.doc.y, { width: pageWidth });
    this.doc.font('body');
    for (const line of lines) this.doc.text(line, margin, this.doc.y, { width: pageWidth });
    this.doc.moveDown(0.6);
  }

  /** Label and value pairs, one a line: "Invoice number   AH-2026-000001". */
  facts(pairs: readonly (readonly [string, string])[]) {
    const labelWidth = 190;
    for (const [label, value] of pairs) {
      this.room(14);
      const y = this.doc.y;
      this.doc.font('bold').text(label, margin, y, { width: labelWidth });
      this.doc.font('body').text(value, margin + labelWidth, y, { width: pageWidth - labelWidth });
    }
    this.doc.moveDown(0.6);
  }

  /** A table: its header in bold, a rule under it, then the rows; `bold` rows (totals) in bold. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], options: { boldFrom?: number } = {}) {
    const scale = pageWidth / columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => c.width * scale);
    const row = (cells: readonly string[], font: 'body' | 'bold') => {
      this.doc.font(font).fontSize(9);
      const height = Math.max(
        ...cells.map((cell, i) => this.doc.heightOfString(cell || ' ', { width: widths[i]! - 4 })),
      );
      this.room(height + 4);
      const y = this.doc.y;
      let x = margin;
      cells.forEach((cell, i) => {
        this.doc.text(cell, x + 2, y, { width: widths[i]! - 4, align: columns[i]!.align ?? 'left' });
        x += widths[i]!;
      });
      this.doc.x = margin;
      this.doc.y = y + height + 3;
    };
    row(
      columns.map((c) => c.header),
      'bold',
    );
    this.doc
      .moveTo(margin, this.doc.y)
      .lineTo(margin + pageWidth, this.doc.y)
      .lineWidth(0.5)
      .stroke();
    this.doc.y += 3;
    rows.forEach((cells, i) => row(cells, options.boldFrom !== undefined && i >= options.boldFrom ? 'bold' : 'body'));
    this.doc.font('body').fontSize(10).moveDown(0.8);
  }

  /** Starts a new page: the next document of a batch, or a part printed apart (a customs declaration). */
  newPage() {
    this.doc.addPage();
    this.doc.x = margin;
  }

  paragraph(text: string, font: 'body' | 'bold' = 'body') {
    this.room(28);
    this.doc.font(font).fontSize(10).text(text, margin, this.doc.y, { width: pageWidth });
    this.doc.font('body').moveDown(0.6);
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
