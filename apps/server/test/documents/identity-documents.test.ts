import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TIdentityDocument } from '@pledge/contract';
import { MAX_ID_FILE_BYTES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { identityDocuments } from '../../src/db/schema/index.js';
import { makeJobsDue } from '../helpers/jobs.js';
import { appPath, bearer, createdApplication, newBorrower } from '../applications/helpers.js';
import { JPEG_BYTES, multipart, PNG_BYTES, type TMultipartPart } from './helpers.js';
import { identityStatus, PASSPORT_FRONT, useIdentityUploadApp } from './identity-upload-kit.js';

const kit = useIdentityUploadApp('identity-documents-test');
const {
  borrowerAtFinalSteps,
  finalSteps,
  upload,
  uploadFor,
  uploadParts,
  withAdditionalDocuments,
} = kit;

/** A driver's licence is refused for the passport this borrower is asked for; a passport is taken. */
async function expectPassportAsked(borrower: Awaited<ReturnType<typeof borrowerAtFinalSteps>>) {
  const license = await uploadFor(borrower);
  expect(license.statusCode).toBe(400);
  expect(license.json()).toMatchObject({
    fieldErrors: { documentType: ['A passport must be uploaded'] },
  });
  const passport = await uploadFor(borrower, PASSPORT_FRONT);
  expect(passport.statusCode).toBe(201);
}

describe('POST identity-documents', () => {
  it('stores the ID encrypted, sets Verify Identity in progress, and the sandbox review approves it', async () => {
    const borrower = await borrowerAtFinalSteps();
    expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('NOT_STARTED');

    const response = await uploadFor(borrower);
    expect(response.statusCode).toBe(201);
    const document = response.json() as TIdentityDocument;
    expect(document).toMatchObject({
      documentType: 'DRIVERS_LICENSE_FRONT',
      documentOwnerIdentityUuid: borrower.identityUuid,
      fileName: 'license.jpg',
      contentType: 'image/jpeg',
      reviewStatus: 'PENDING',
      reviewReason: null,
    });
    expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('IN_PROGRESS');

    const [row] = await kit.context.database.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.uuid, document.uuid));
    expect(row?.storageKey).toMatch(/^identity-documents\/[0-9a-f-]{36}$/);
    expect(row?.storageKey).not.toContain('license');
    const stored = readFileSync(path.join(kit.storageDir, row?.storageKey ?? ''));
    expect(stored.subarray(0, 3).equals(JPEG_BYTES.subarray(0, 3))).toBe(false);
    expect(stored.includes(Buffer.from('JFIF'))).toBe(false);
    expect(stored.length).toBeGreaterThan(document.sizeBytes);

    // The stand-in reviewer runs after its delay.
    await makeJobsDue(kit.context.database.db, {
      dedupeKey: `identity-document.sandbox-auto-review:${document.uuid}`,
    });
    await kit.context.runJobs();
    expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('COMPLETED');
  });

  it('answers the first upload when the same bytes come again, concurrently too', async () => {
    const borrower = await borrowerAtFinalSteps();
    const parts = uploadParts(borrower.identityUuid);
    const [first, second] = await Promise.all([
      upload(borrower.token, borrower.appUuid, parts),
      upload(borrower.token, borrower.appUuid, parts),
    ]);
    expect(first?.statusCode).toBe(201);
    expect(second?.statusCode).toBe(201);
    expect((first?.json() as TIdentityDocument).uuid).toBe(
      (second?.json() as TIdentityDocument).uuid,
    );
    const rows = await kit.storedDocuments(borrower.appUuid);
    expect(rows).toHaveLength(1);
    const stored = readdirSync(path.join(kit.storageDir, 'identity-documents')).filter((name) =>
      rows.some((row) => row.storageKey.endsWith(name)),
    );
    expect(stored).toHaveLength(1);
  });

  it('judges the type by magic bytes, not by name or declared type', async () => {
    const borrower = await borrowerAtFinalSteps();
    const disguised = await uploadFor(borrower, {
      document: {
        name: 'document',
        value: Buffer.from('MZ this is an executable'),
        fileName: 'license.png',
        contentType: 'image/png',
      },
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({
      fieldErrors: { document: ['Upload a PNG, JPEG or PDF file'] },
    });

    const png = await uploadFor(borrower, {
      document: {
        name: 'document',
        value: PNG_BYTES,
        fileName: 'scan.bin',
        contentType: 'text/plain',
      },
    });
    expect(png.statusCode).toBe(201);
    expect((png.json() as TIdentityDocument).contentType).toBe('image/png');
  });

  it('refuses files over the size cap with 413', async () => {
    const borrower = await borrowerAtFinalSteps();
    const tooBig = Buffer.alloc(MAX_ID_FILE_BYTES + 1, 0x41);
    PNG_BYTES.copy(tooBig);
    const response = await uploadFor(borrower, {
      document: {
        name: 'document',
        value: tooBig,
        fileName: 'big.png',
        contentType: 'image/png',
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fieldErrors: { document: ['The file must be 10 MB or smaller'] },
    });
    const rows = await kit.storedDocuments(borrower.appUuid);
    expect(rows).toEqual([]);
  });

  it.each([
    ['no file', { document: null }, 'document', 'An ID must be uploaded'],
    [
      'an empty file',
      { document: { name: 'document', value: Buffer.alloc(0), fileName: 'x.png' } },
      'document',
      'The file is empty',
    ],
    [
      'an unknown type',
      { documentType: { name: 'documentType', value: 'SELFIE' } },
      'documentType',
      'Select an ID type',
    ],
  ] as const)('answers 400 for %s', async (_name, overrides, field, message) => {
    const borrower = await borrowerAtFinalSteps();
    const response = await uploadFor(
      borrower,
      overrides as Partial<Record<string, TMultipartPart | null>>,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { [field]: [message] } });
  });

  it('asks a passport plus an additional document while the flag is on for the brand', async () => {
    const borrower = await borrowerAtFinalSteps();
    await withAdditionalDocuments(async () => {
      await expectPassportAsked(borrower);
      const bill = await uploadFor(borrower, {
        documentType: { name: 'documentType', value: 'USER_UPLOADED_DOCUMENT' },
        document: { name: 'document', value: PNG_BYTES, fileName: 'bill.png' },
      });
      expect(bill.statusCode).toBe(201);
    });
  });

  it('answers 404 for another owner or another borrower’s application, 401 without a token', async () => {
    const borrower = await borrowerAtFinalSteps();
    const other = await newBorrower(kit.context.app);
    const wrongOwner = await upload(
      borrower.token,
      borrower.appUuid,
      uploadParts(other.identityUuid),
    );
    expect(wrongOwner.statusCode).toBe(404);
    const othersApp = await upload(other.token, borrower.appUuid, uploadParts(other.identityUuid));
    expect(othersApp.statusCode).toBe(404);
    const body = multipart(uploadParts(borrower.identityUuid));
    const anonymous = await kit.context.app.inject({
      method: 'POST',
      url: appPath(borrower.appUuid, '/identity-documents'),
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('asks international borrowers for a passport', async () => {
    const borrower = await borrowerAtFinalSteps({ international: true });
    await expectPassportAsked(borrower);
  });

  it('refuses uploads before the final steps with 409', async () => {
    const borrower = await newBorrower(kit.context.app);
    const application = await createdApplication(kit.context.app, borrower.token);
    const response = await upload(
      borrower.token,
      application.appUuid,
      uploadParts(borrower.identityUuid),
    );
    expect(response.statusCode).toBe(409);
  });

  it('never answers 500 on a broken or non-multipart body', async () => {
    const borrower = await borrowerAtFinalSteps();
    const url = appPath(borrower.appUuid, '/identity-documents');
    const cases = [
      {
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload:
          '--abc\r\nContent-Disposition: form-data; name="document"; filename="a.png"\r\n\r\n\x89PNG',
      },
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' },
      {
        headers: { 'content-type': 'application/json' },
        payload: '{"documentType":"PASSPORT_FRONT"}',
      },
      { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    ];
    for (const { headers, payload } of cases) {
      const response = await kit.context.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(borrower.token), ...headers },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });
});
