import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  ACCEPTED_ID_MIME_TYPES,
  ADDITIONAL_DOCUMENT_TYPE,
  IDENTITY_DOCUMENT_TYPES,
  MAX_ID_FILE_BYTES,
  identityDocumentType,
  makeIdentityUploadSchema,
  sniffIdMimeType,
} from './identity.js';

const file = (name: string, type: string, size = 2048) => ({ name, type, size });
const png = file('front.png', 'image/png');
const bill = file('utility-bill.pdf', 'application/pdf');

const domestic = makeIdentityUploadSchema({ isInternational: false, showAdditionalDocs: false });
const international = makeIdentityUploadSchema({
  isInternational: true,
  showAdditionalDocs: false,
});
const withAdditionalDocs = makeIdentityUploadSchema({
  isInternational: false,
  showAdditionalDocs: true,
});

describe('makeIdentityUploadSchema: domestic', () => {
  it.each([
    ['nothing', {}, { idType: ['Select an ID type'], idFile: ['An ID must be uploaded'] }],
    [
      'no file',
      { idType: 'DRIVERS_LICENSE', idFile: null },
      { idFile: ['An ID must be uploaded'] },
    ],
    ['no ID type', { idFile: png }, { idType: ['Select an ID type'] }],
    [
      'an unknown ID type',
      { idType: 'LIBRARY_CARD', idFile: png },
      { idType: ['Select an ID type'] },
    ],
    [
      'a GIF',
      { idType: 'STATE_ID', idFile: file('id.gif', 'image/gif') },
      {
        idFile: ['Upload a PNG, JPEG or PDF file'],
      },
    ],
    [
      'an empty file',
      { idType: 'STATE_ID', idFile: file('id.png', 'image/png', 0) },
      {
        idFile: ['The file is empty'],
      },
    ],
    [
      'a file over 10 MiB',
      { idType: 'STATE_ID', idFile: file('id.pdf', 'application/pdf', MAX_ID_FILE_BYTES + 1) },
      {
        idFile: ['The file must be 10 MB or smaller'],
      },
    ],
    [
      'a file of exactly 10 MiB',
      { idType: 'STATE_ID', idFile: file('id.jpg', 'image/jpeg', MAX_ID_FILE_BYTES) },
      {},
    ],
    ['a passport chosen as the ID type', { idType: 'PASSPORT', idFile: png }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(domestic, input)).toEqual(errors);
  });

  it('adds the document type of the upload call', () => {
    expect(
      domestic.parse({ idType: 'DRIVERS_LICENSE', idFile: png, additionalDocument: null }),
    ).toEqual({
      idType: 'DRIVERS_LICENSE',
      idFile: png,
      additionalDocument: null,
      documentType: 'DRIVERS_LICENSE_FRONT',
    });
  });

  it('reads a browser File', () => {
    const upload = new File([new Uint8Array(16)], 'front.png', { type: 'image/png' });
    expect(domestic.parse({ idType: 'STATE_ID', idFile: upload }).idFile).toEqual({
      name: 'front.png',
      type: 'image/png',
      size: 16,
    });
  });
});

describe('makeIdentityUploadSchema: international', () => {
  it.each([
    ['no file', {}, { idFile: ['An ID must be uploaded'] }],
    [
      'a driving licence',
      { idType: 'DRIVERS_LICENSE', idFile: png },
      { idType: ['A passport must be uploaded'] },
    ],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(international, input)).toEqual(errors);
  });

  it('uploads a passport without asking for the type', () => {
    expect(international.parse({ idFile: png })).toMatchObject({
      idType: 'PASSPORT',
      documentType: 'PASSPORT_FRONT',
    });
  });
});

describe("makeIdentityUploadSchema: 'fe-plc-show-additional-docs' on", () => {
  it.each([
    [
      'no additional document',
      { idFile: png },
      { additionalDocument: ['Must provide additional document'] },
    ],
    [
      'a null additional document',
      { idFile: png, additionalDocument: null },
      {
        additionalDocument: ['Must provide additional document'],
      },
    ],
    [
      'no files at all',
      {},
      {
        idFile: ['An ID must be uploaded'],
        additionalDocument: ['Must provide additional document'],
      },
    ],
    [
      'a state ID instead of a passport',
      { idType: 'STATE_ID', idFile: png, additionalDocument: bill },
      {
        idType: ['A passport must be uploaded'],
      },
    ],
    [
      'an additional document of the wrong type',
      { idFile: png, additionalDocument: file('bill.docx', 'application/msword') },
      {
        additionalDocument: ['Upload a PNG, JPEG or PDF file'],
      },
    ],
    ['a passport and a document', { idFile: png, additionalDocument: bill }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(withAdditionalDocs, input)).toEqual(errors);
  });
});

describe('document types', () => {
  it.each([
    ['DRIVERS_LICENSE', 'DRIVERS_LICENSE_FRONT'],
    ['STATE_ID', 'STATE_ID_FRONT'],
    ['PASSPORT', 'PASSPORT_FRONT'],
  ] as const)('%s → %s', (idType, documentType) => {
    expect(identityDocumentType(idType)).toBe(documentType);
  });

  it('lists every upload document type', () => {
    expect(IDENTITY_DOCUMENT_TYPES).toEqual([
      'DRIVERS_LICENSE_FRONT',
      'STATE_ID_FRONT',
      'PASSPORT_FRONT',
      ADDITIONAL_DOCUMENT_TYPE,
    ]);
  });
});

describe('sniffIdMimeType', () => {
  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00], 'image/png'],
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'image/jpeg'],
    ['PDF', [...'%PDF-1.7\n'].map((char) => char.charCodeAt(0)), 'application/pdf'],
    ['GIF', [...'GIF89a'].map((char) => char.charCodeAt(0)), null],
    ['a truncated PNG signature', [0x89, 0x50, 0x4e], null],
    ['HTML pretending', [...'<html>'].map((char) => char.charCodeAt(0)), null],
    ['nothing', [], null],
  ] as const)('%s → %s', (_label, bytes, mime) => {
    expect(sniffIdMimeType(Uint8Array.from(bytes))).toBe(mime);
  });

  it('accepts exactly png, jpeg and pdf', () => {
    expect(ACCEPTED_ID_MIME_TYPES).toEqual(['image/png', 'image/jpeg', 'application/pdf']);
    expect(MAX_ID_FILE_BYTES).toBe(10 * 1024 * 1024);
  });
});
