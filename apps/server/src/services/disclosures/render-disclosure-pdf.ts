/**
 * Renders one disclosure as a PDF (pdf-lib, standard Helvetica): a title, then the paragraphs
 * wrapped to the page width, on as many US Letter pages as they need.
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { TDisclosureContent } from './disclosure-texts.js';

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const TITLE_SIZE = 16;
const BODY_SIZE = 10;
const LINE_GAP = 4;
const PARAGRAPH_GAP = 6;

/** Characters the standard font cannot draw (outside WinAnsi) become '?'. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((char) => (supported.has(char.codePointAt(0) ?? -1) ? char : '?')).join('');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

export async function renderDisclosurePdf(
  content: TDisclosureContent,
  meta: { author: string; createdAt: Date },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.name);
  pdf.setSubject(content.description);
  pdf.setAuthor(meta.author);
  pdf.setProducer(meta.author);
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE_WIDTH - 2 * MARGIN;

  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN - TITLE_SIZE;
  page.drawText(drawable(bold, content.name), { x: MARGIN, y, size: TITLE_SIZE, font: bold });
  y -= TITLE_SIZE + PARAGRAPH_GAP * 2;

  for (const paragraph of content.paragraphs) {
    for (const line of wrap(font, drawable(font, paragraph), BODY_SIZE, width)) {
      if (y < MARGIN) {
        page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
        y = PAGE_HEIGHT - MARGIN - BODY_SIZE;
      }
      page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font });
      y -= BODY_SIZE + LINE_GAP;
    }
    y -= PARAGRAPH_GAP;
  }
  return pdf.save();
}
