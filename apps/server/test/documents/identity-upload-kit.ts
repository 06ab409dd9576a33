/**
 * One identity-upload test file's app (sandbox adapters, files on a temporary disk) and the calls
 * its tests make: a borrower at the final steps, the upload form's parts, the upload, the checklist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TFinalSteps } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { createAdapters } from '../../src/adapters/index.js';
import { createLocalStorage } from '../../src/adapters/storage/local.js';
import { featureFlags, identityDocuments } from '../../src/db/schema/index.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createApplicationsTestContext,
  GERMANY_OFFER,
  internationalDetails,
  OHIO_OFFER,
  newBorrower,
  submitDetails,
  usDetails,
  type TApplicationsTestContext,
  finalStepsOf,
} from '../applications/helpers.js';
import { JPEG_BYTES, multipart, type TMultipartPart } from './helpers.js';

export type TUploadOverrides = Partial<Record<string, TMultipartPart | null>>;

export const PASSPORT_FRONT: TUploadOverrides = {
  documentType: { name: 'documentType', value: 'PASSPORT_FRONT' },
};

const ADDITIONAL_DOCS_FLAG = 'fe-plc-show-additional-docs';

export function useIdentityUploadApp(name: string) {
  const storageDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  let context: TApplicationsTestContext | undefined;

  beforeAll(async () => {
    context = await createApplicationsTestContext({
      adapters: (database) => ({
        ...createAdapters({ config: { sandbox: true }, db: database.db }),
        storage: createLocalStorage(storageDir),
      }),
    });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const ctx = (): TApplicationsTestContext => {
    if (context === undefined) throw new Error('The test app is not started yet');
    return context;
  };

  /** A signed-in borrower whose application waits for signatures (its final steps are open). */
  async function borrowerAtFinalSteps(options: { international?: boolean } = {}) {
    const borrower = await newBorrower(ctx().app);
    const isInternational = options.international === true;
    const application = await acceptedApplication(
      ctx().app,
      borrower.token,
      isInternational ? GERMANY_OFFER : OHIO_OFFER,
    );
    const details = await submitDetails(
      ctx().app,
      borrower.token,
      application.appUuid,
      isInternational ? internationalDetails() : usDetails(),
    );
    expect(details.statusCode).toBe(202);
    await ctx().runJobs();
    return { ...borrower, appUuid: application.appUuid };
  }

  /** The upload form's parts: a driver's licence JPEG unless overridden (null leaves one out). */
  function uploadParts(owner: string, overrides: TUploadOverrides = {}) {
    const defaults: Record<string, TMultipartPart> = {
      documentOwnerIdentityUuid: { name: 'documentOwnerIdentityUuid', value: owner },
      documentType: { name: 'documentType', value: 'DRIVERS_LICENSE_FRONT' },
      fileName: { name: 'fileName', value: 'license.jpg' },
      document: {
        name: 'document',
        value: JPEG_BYTES,
        fileName: 'license.jpg',
        contentType: 'image/jpeg',
      },
    };
    return Object.entries({ ...defaults, ...overrides }).flatMap(([, part]) =>
      part === null || part === undefined ? [] : [part],
    );
  }

  async function upload(token: string, appUuid: string, parts: readonly TMultipartPart[]) {
    const body = multipart(parts);
    return ctx().app.inject({
      method: 'POST',
      url: appPath(appUuid, '/identity-documents'),
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  }

  /** The borrower's own upload to their application: the default parts, with any overrides. */
  function uploadFor(
    borrower: { token: string; appUuid: string; identityUuid: string },
    overrides: TUploadOverrides = {},
  ) {
    return upload(borrower.token, borrower.appUuid, uploadParts(borrower.identityUuid, overrides));
  }

  /** Runs `during` with the brand's passport-and-additional-document flag on, then off again. */
  async function withAdditionalDocuments(during: () => Promise<void>): Promise<void> {
    const { db } = ctx().database;
    await db
      .insert(featureFlags)
      .values({
        key: ADDITIONAL_DOCS_FLAG,
        description: 'Passport picture and an additional document',
        enabled: false,
        rolloutPct: 100,
        organizationOverrides: { default: true },
      })
      .onConflictDoUpdate({
        target: featureFlags.key,
        set: { organizationOverrides: { default: true } },
      });
    try {
      await during();
    } finally {
      await db
        .update(featureFlags)
        .set({ organizationOverrides: {} })
        .where(eq(featureFlags.key, ADDITIONAL_DOCS_FLAG));
    }
  }

  /** The identity documents stored for the application. */
  function storedDocuments(appUuid: string) {
    return ctx()
      .database.db.select()
      .from(identityDocuments)
      .where(eq(identityDocuments.applicationUuid, appUuid));
  }

  const finalSteps = (token: string, appUuid: string) => finalStepsOf(ctx().app, token, appUuid);

  return {
    storageDir,
    get context() {
      return ctx();
    },
    borrowerAtFinalSteps,
    uploadParts,
    upload,
    uploadFor,
    withAdditionalDocuments,
    storedDocuments,
    finalSteps,
  };
}

export const identityStatus = (steps: TFinalSteps) =>
  steps.items.find((item) => item.name === 'Verify Identity')?.status;
