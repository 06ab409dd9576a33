/**
 * The identity upload (document 1 §3 and §5; DESIGN §6): the ID file, its type, the passport rule for
 * international borrowers, and the additional document behind the 'fe-plc-show-additional-docs' flag.
 */
import { z } from 'zod/mini';
import { ID_TYPES, type TIdType } from '../enums.js';

export const ACCEPTED_ID_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type TAcceptedIdMimeType = (typeof ACCEPTED_ID_MIME_TYPES)[number];

/**
 * Largest accepted upload: 10 MiB. The spec sets no limit; a phone photo of an ID or a scanned PDF
 * fits well within it, and the server refuses anything larger before storing it.
 */
export const MAX_ID_FILE_BYTES = 10 * 1024 * 1024;

/** The whole upload request: the file plus its short text fields and the multipart framing. */
export const MAX_ID_UPLOAD_BODY_BYTES = MAX_ID_FILE_BYTES + 64 * 1024;

/**
 * Largest accepted picture: 50 megapixels (a 48 MP phone photo fits). Pictures are decoded in full
 * to be re-encoded, so the bound is on pixels, not bytes: a small file can hold a huge image.
 */
export const MAX_ID_IMAGE_MEGAPIXELS = 50;
export const MAX_ID_IMAGE_PIXELS = MAX_ID_IMAGE_MEGAPIXELS * 1_000_000;

/** The feature flag that requires a passport picture and an additional document. */
export const SHOW_ADDITIONAL_DOCS_FLAG = 'fe-plc-show-additional-docs';

/** Document type of the additional document (a utility bill or similar: full name and address). */
export const ADDITIONAL_DOCUMENT_TYPE = 'USER_UPLOADED_DOCUMENT';

export const IDENTITY_DOCUMENT_TYPES = [
  ...ID_TYPES.map((idType) => `${idType}_FRONT` as const),
  ADDITIONAL_DOCUMENT_TYPE,
] as const;
export type TIdentityDocumentType = `${TIdType}_FRONT` | typeof ADDITIONAL_DOCUMENT_TYPE;

/** The uploaded ID's document type: the ID type with its front suffix ('PASSPORT_FRONT'). */
export function identityDocumentType(idType: TIdType): `${TIdType}_FRONT` {
  return `${idType}_FRONT`;
}

/** Error code of an upload refused because that document was already approved (final). */
export const ID_ALREADY_APPROVED_CODE = 'ID_ALREADY_APPROVED';

export const IDENTITY_MESSAGES = {
  idRequired: 'An ID must be uploaded',
  idTypeRequired: 'Select an ID type',
  passportRequired: 'A passport must be uploaded',
  additionalDocumentRequired: 'Must provide additional document',
  fileType: 'Upload a PNG, JPEG or PDF file',
  fileTooLarge: 'The file must be 10 MB or smaller',
  fileEmpty: 'The file is empty',
  imageUnreadable: 'This picture could not be read. Upload it again as a PNG or JPEG file',
  imageTooLarge: `The picture is too large: upload one of at most ${MAX_ID_IMAGE_MEGAPIXELS} megapixels`,
  pdfUnreadable: 'This PDF could not be read. Upload a PDF that opens without a password',
  pdfActiveContent:
    'This PDF contains scripts, actions or attached files. Upload a PDF without them, or a picture of your ID',
  alreadyApproved: 'Your ID has already been verified, so it cannot be replaced',
} as const;

/** The file's real type from its first bytes (magic numbers), whatever its name or header says. */
export function sniffIdMimeType(bytes: Uint8Array): TAcceptedIdMimeType | null {
  const startsWith = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

function isAcceptedMimeType(type: string): type is TAcceptedIdMimeType {
  return (ACCEPTED_ID_MIME_TYPES as readonly string[]).includes(type);
}

/**
 * A chosen file as the browser's File or the server's multipart part describes it. Its problems are
 * reported on the file field itself, where the uploader shows them.
 */
const makeFileSchema = (requiredMessage: string) =>
  z
    .object(
      {
        name: z.string({ error: requiredMessage }),
        type: z.string({ error: requiredMessage }),
        size: z.number({ error: requiredMessage }),
      },
      { error: requiredMessage },
    )
    .check(
      z.superRefine((file, ctx) => {
        if (!isAcceptedMimeType(file.type)) {
          ctx.addIssue({ code: 'custom', message: IDENTITY_MESSAGES.fileType });
        } else if (file.size <= 0) {
          ctx.addIssue({ code: 'custom', message: IDENTITY_MESSAGES.fileEmpty });
        } else if (file.size > MAX_ID_FILE_BYTES) {
          ctx.addIssue({ code: 'custom', message: IDENTITY_MESSAGES.fileTooLarge });
        }
      }),
    );

export const ZIdFile = makeFileSchema(IDENTITY_MESSAGES.idRequired);
export const ZAdditionalDocumentFile = makeFileSchema(IDENTITY_MESSAGES.additionalDocumentRequired);
export type TIdFile = z.infer<typeof ZIdFile>;

/**
 * The upload form. International borrowers upload a passport, and so does everyone while the
 * additional-documents flag is on (a passport picture plus a document showing name and address);
 * otherwise an ID type is chosen. The output carries the document type of the upload call.
 */
export function makeIdentityUploadSchema(options: {
  isInternational: boolean;
  showAdditionalDocs: boolean;
}) {
  const passportOnly = options.isInternational || options.showAdditionalDocs;
  const idType = passportOnly
    ? z._default(z.literal('PASSPORT', { error: IDENTITY_MESSAGES.passportRequired }), 'PASSPORT')
    : z.enum(ID_TYPES, { error: IDENTITY_MESSAGES.idTypeRequired });
  const additionalDocument = options.showAdditionalDocs
    ? ZAdditionalDocumentFile
    : z.nullish(ZAdditionalDocumentFile);

  return z.pipe(
    z.object({ idType, idFile: ZIdFile, additionalDocument }),
    z.transform((value) => ({ ...value, documentType: identityDocumentType(value.idType) })),
  );
}
export type TIdentityUploadSchema = ReturnType<typeof makeIdentityUploadSchema>;
export type TIdentityUpload = z.output<TIdentityUploadSchema>;
