/** Helpers of the document tests: multipart bodies, real pictures and PDFs, PDF text. */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFArray, PDFRawStream, PDFName } from 'pdf-lib';
import sharp from 'sharp';

/** A small real picture of one colour (the server decodes and re-encodes every upload). */
export function picture(
  format: 'png' | 'jpeg',
  options: { width?: number; height?: number; red?: number } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 40,
      channels: 3,
      background: { r: options.red ?? 200, g: 120, b: 40 },
    },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

export const PNG_BYTES = await picture('png');
export const JPEG_BYTES = await picture('jpeg');

/** A one-page PDF with some text, as pdf-lib writes it. */
export async function plainPdf(text = 'PASSPORT P1234567'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export interface TMultipartPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

export function multipart(parts: readonly TMultipartPart[], boundary = 'test-boundary-7MA4YWxk') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The text drawn on every page of a PDF (pdf-lib writes hex strings with Tj). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const isFlate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      const raw = Buffer.from(stream.contents);
      const text = (isFlate ? inflateSync(raw) : raw).toString('latin1');
      for (const match of text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
      }
    }
  }
  return lines.join(' ');
}
