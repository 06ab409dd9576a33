/**
 * POST L/secure/api/v1/applications/:appUuid/identity-documents: the ID upload, multipart/form-data
 * (document, documentOwnerIdentityUuid, documentType, fileName). Multipart is parsed in this plugin
 * only, with the upload limits; anything unreadable answers 4xx, never 500.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { postIdentityDocuments } from '@pledge/contract';
import { IDENTITY_MESSAGES, MAX_ID_FILE_BYTES } from '@pledge/domain';
import { HttpError, isClientError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { TIdentityDocumentDeps } from '../../services/identity-documents/identity-document-record.js';
import { uploadIdentityDocument } from '../../services/identity-documents/upload-identity-document.js';
import { callerUuidOf } from '../../http/auth.js';

const TEXT_FIELDS = ['documentOwnerIdentityUuid', 'documentType', 'fileName'] as const;
type TTextField = (typeof TEXT_FIELDS)[number];

/** Text fields are short (a uuid, a type, a file name). */
const FIELD_MAX_BYTES = 1_024;

interface TUploadForm {
  fields: Partial<Record<TTextField, string>>;
  file: { bytes: Buffer; fileName: string } | null;
}

function isTextField(name: string): name is TTextField {
  return (TEXT_FIELDS as readonly string[]).includes(name);
}

async function readUploadForm(request: FastifyRequest): Promise<TUploadForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the upload as multipart/form-data');
  }
  const form: TUploadForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read every file part to the end (the stream must be drained); only `document` counts.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'document') form.file = { bytes, fileName: part.filename };
      } else if (isTextField(part.fieldname) && typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin stops reading at the cap; the uploader shows the message on the file field.
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', IDENTITY_MESSAGES.fileTooLarge, {
        document: [IDENTITY_MESSAGES.fileTooLarge],
      });
    }
    if (error instanceof HttpError || isClientError(error)) throw error;
    throw new HttpError(400, 'MALFORMED_MULTIPART', 'The upload could not be read. Try again');
  }
  return form;
}

export const identityDocumentsRoutes: FastifyPluginAsync<TIdentityDocumentDeps> = async (
  app,
  deps,
) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_ID_FILE_BYTES,
      files: 1,
      fields: TEXT_FIELDS.length,
      fieldSize: FIELD_MAX_BYTES,
      parts: TEXT_FIELDS.length + 1,
    },
  });
  route(app, postIdentityDocuments, async ({ params, request }) => {
    const identityUuid = callerUuidOf(request);
    const form = await readUploadForm(request);
    return uploadIdentityDocument(deps, {
      identityUuid,
      appUuid: params.appUuid,
      documentOwnerIdentityUuid: form.fields.documentOwnerIdentityUuid,
      documentType: form.fields.documentType,
      fileName: form.fields.fileName,
      file: form.file,
    });
  });
};
