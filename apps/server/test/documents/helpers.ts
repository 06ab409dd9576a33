/** Helpers of the document tests: multipart bodies, files with real magic bytes, PDF text. */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFArray, PDFRawStream, PDFName } from 'pdf-lib';

export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('PASSPORT-OF-ADA-LOVELACE-P1234567'),
]);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JPEG-LICENSE-D7654321'),
]);

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
