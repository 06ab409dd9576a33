/**
 * An uploaded ID file decoded for real (DESIGN §6), so that what is stored and later opened by an
 * agent is only ever a picture or a plain PDF:
 * - PNG and JPEG pictures are fully decoded and re-encoded: anything after the image data (an HTML
 *   page, a second file), metadata (EXIF with its location) and colour profiles are gone. Their
 *   pixel count is bounded before decoding, since a small file can declare a huge image.
 * - PDFs are parsed and every object is inspected: scripts, automatic actions (OpenAction, AA),
 *   launch actions and embedded files are refused, and so is a PDF that cannot be parsed (or is
 *   encrypted, which hides its objects). An accepted PDF is written anew from what was parsed, so
 *   bytes outside its objects (comments, a page appended after its end) are dropped.
 * The type is the one decoded, never the file's name or the declared type.
 */
import {
  IDENTITY_MESSAGES,
  MAX_ID_IMAGE_PIXELS,
  sniffIdMimeType,
  type TAcceptedIdMimeType,
} from '@pledge/domain';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http/errors.js';

// Decoded pictures are not kept in sharp's cache: each upload is seen once.
sharp.cache(false);

/** Re-encoding quality of JPEG pictures: an ID stays sharp enough to read. */
const JPEG_QUALITY = 90;

export interface TDecodedIdentityFile {
  bytes: Buffer;
  contentType: TAcceptedIdMimeType;
  /** File name extension of the content type, for the server-chosen download name. */
  extension: 'png' | 'jpg' | 'pdf';
}

function refused(message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { document: [message] });
}

const SHARP_FORMAT: Readonly<Record<'image/png' | 'image/jpeg', string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
};

async function decodeImage(
  bytes: Buffer,
  contentType: 'image/png' | 'image/jpeg',
): Promise<TDecodedIdentityFile> {
  const options = { limitInputPixels: MAX_ID_IMAGE_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw refused(IDENTITY_MESSAGES.imageTooLarge);
    }
    throw refused(IDENTITY_MESSAGES.imageUnreadable);
  }
  if (metadata.format !== SHARP_FORMAT[contentType]) {
    throw refused(IDENTITY_MESSAGES.imageUnreadable);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_ID_IMAGE_PIXELS) throw refused(IDENTITY_MESSAGES.imageTooLarge);
  if (pixels === 0) throw refused(IDENTITY_MESSAGES.imageUnreadable);
  try {
    // rotate(): the EXIF orientation is applied to the pixels before the metadata is dropped.
    const picture = sharp(bytes, options).rotate();
    const encoded =
      contentType === 'image/png'
        ? await picture.png().toBuffer()
        : await picture.jpeg({ quality: JPEG_QUALITY }).toBuffer();
    return {
      bytes: encoded,
      contentType,
      extension: contentType === 'image/png' ? 'png' : 'jpg',
    };
  } catch {
    throw refused(IDENTITY_MESSAGES.imageUnreadable);
  }
}

/** Keys that run something, or carry a file inside the PDF. */
const ACTIVE_KEYS: ReadonlySet<string> = new Set([
  'JS',
  'JavaScript',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'RichMedia',
  'XFA',
]);

/** Names that mark an action or a file of those kinds wherever they appear as a value. */
const ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'RichMedia',
  'ImportData',
  'SubmitForm',
  'GoToE',
]);

/**
 * A PDF name's text without its slash, hex escapes decoded (`/J#61vaScript` is JavaScript). pdf-lib
 * decodes only upper-case escapes (`#4A`); readers decode `#4a` too, so the rest is decoded here.
 */
function nameText(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-fA-F]{2})/g, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/** Whether any object of the PDF (indirect, direct or in an object stream) is active. */
function hasActiveContent(pdf: PDFDocument): boolean {
  const seen = new Set<PDFObject>();
  const isActive = (object: PDFObject | undefined): boolean => {
    if (object === undefined || object instanceof PDFRef || seen.has(object)) return false;
    seen.add(object);
    if (object instanceof PDFName) return ACTIVE_NAMES.has(nameText(object));
    if (object instanceof PDFArray) return object.asArray().some(isActive);
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      for (const [key, value] of dict.entries()) {
        if (ACTIVE_KEYS.has(nameText(key)) || isActive(value)) return true;
      }
    }
    return false;
  };
  const trailer = pdf.context.trailerInfo;
  return (
    pdf.context.enumerateIndirectObjects().some(([, object]) => isActive(object)) ||
    [trailer.Root, trailer.Info].some((object) => object !== undefined && isActive(object))
  );
}

async function decodePdf(bytes: Buffer): Promise<TDecodedIdentityFile> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    if (pdf.isEncrypted || pdf.getPageCount() === 0) {
      throw new Error('encrypted or without pages');
    }
  } catch {
    throw refused(IDENTITY_MESSAGES.pdfUnreadable);
  }
  if (hasActiveContent(pdf)) throw refused(IDENTITY_MESSAGES.pdfActiveContent);
  let saved: Uint8Array;
  try {
    saved = await pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
  } catch {
    throw refused(IDENTITY_MESSAGES.pdfUnreadable);
  }
  return {
    bytes: Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength),
    contentType: 'application/pdf',
    extension: 'pdf',
  };
}

/** The file as it will be stored, or a 400 on the `document` field saying why it was refused. */
export async function decodeIdentityFile(bytes: Buffer): Promise<TDecodedIdentityFile> {
  const sniffed = sniffIdMimeType(bytes);
  if (sniffed === null) throw refused(IDENTITY_MESSAGES.fileType);
  return sniffed === 'application/pdf' ? decodePdf(bytes) : decodeImage(bytes, sniffed);
}
