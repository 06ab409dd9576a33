/** Answers of the console's endpoints, for tests: an application awaiting its signatures. */
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type {
  TControlledAction,
  TOpsApplicationDetail,
  TOpsApplicationSummary,
  TGetOpsApplicationsResponse,
} from '@pledge/contract';
import {
  makeApplication,
  makeFinalSteps,
  TEST_APP_UUID,
  TEST_IDENTITY_UUID,
} from '../application/application-test-data.js';
import { LOADED } from '../../test/loaded.js';
import { jsonResponse, sentBody, type THandler } from '../../test/mock-fetch.js';
import { PROPOSED_TITLE } from './components/ops-confirm-dialog.js';

export { TEST_APP_UUID };
export const TEST_ID_DOCUMENT_UUID = '9b2f4c1e-7a3d-4e8b-9c5a-1d2e3f4a5b6c';
export const TEST_DISCLOSURE_UUID = 'c4d5e6f7-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
export const SIGNED_SHA256 = 'a'.repeat(64);

export function makeSummary(
  overrides: Partial<TOpsApplicationSummary> = {},
): TOpsApplicationSummary {
  return {
    appUuid: TEST_APP_UUID,
    state: 'SIGN_DOCS',
    stage: 'PROCESSING',
    organization: 'partner',
    borrowerEmail: 'ada@example.com',
    borrowerName: 'Ada Lovelace',
    isInternational: false,
    isRollForward: false,
    isCelsiusRefi: false,
    loanAmount: 10100,
    collateral: { coinQuantity: '0.4', type: 'BTC' },
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-03T10:20:00.000Z',
    ...overrides,
  };
}

export function makePage(
  items: TOpsApplicationSummary[],
  nextCursor: string | null = null,
): TGetOpsApplicationsResponse {
  return { items, nextCursor };
}

export function makeDetail(overrides: Partial<TOpsApplicationDetail> = {}): TOpsApplicationDetail {
  return {
    application: makeApplication({ state: 'SIGN_DOCS', stage: 'PROCESSING' }),
    borrower: {
      identityUuid: TEST_IDENTITY_UUID,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '6145550100',
      ssnMask: '***-**-6789',
      dob: '1990-12-10',
      homeAddress: '1 Main St, Columbus, OH 43004, US',
      countryOfDomicile: 'US',
      profileDiffers: false,
    },
    finalSteps: makeFinalSteps({ 'Verify Identity': 'PENDING' }, 'IN_PROGRESS'),
    identityDocuments: [
      {
        uuid: TEST_ID_DOCUMENT_UUID,
        documentType: 'DRIVERS_LICENSE_FRONT',
        documentOwnerIdentityUuid: TEST_IDENTITY_UUID,
        fileName: 'license.jpg',
        contentType: 'image/jpeg',
        sizeBytes: 2048,
        uploadedAt: '2025-01-02T04:00:00.000Z',
        reviewStatus: 'PENDING',
        reviewReason: null,
      },
    ],
    documents: [
      {
        uuid: TEST_DISCLOSURE_UUID,
        type: 'E_SIGN_CONSENT',
        name: 'E-Sign Consent',
        position: 1,
        sha256: SIGNED_SHA256,
        createdAt: '2025-01-02T03:30:00.000Z',
        signature: {
          signedAt: '2025-01-02T05:06:00.000Z',
          ipAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (Test)',
          documentSha256: SIGNED_SHA256,
        },
      },
      {
        uuid: 'd5e6f7a8-2b3c-4d4e-9f0a-1b2c3d4e5f60',
        type: 'LOAN_AGREEMENT',
        name: 'Loan Agreement',
        position: 2,
        sha256: 'b'.repeat(64),
        createdAt: '2025-01-02T03:30:00.000Z',
        signature: null,
      },
    ],
    disbursement: {
      method: 'MANUAL_BANK',
      accountType: 'CHECKING',
      accountNumberMask: '6789',
      routingNumber: '021000021',
      accountHolderName: 'Ada Lovelace',
      walletAddress: null,
      chain: null,
      updatedAt: '2025-01-02T04:30:00.000Z',
    },
    auditEvents: [
      {
        id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
        actor: 'system:disclosures',
        fromState: 'GEN_APP_DISCLOSURES',
        toState: 'SIGN_DOCS',
        event: 'DISCLOSURES_GENERATED',
        reason: 'disclosures generated',
        at: '2025-01-02T03:30:00.000Z',
      },
      {
        id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
        actor: `borrower:${TEST_IDENTITY_UUID}`,
        fromState: null,
        toState: 'CREATED',
        event: null,
        reason: 'web application created',
        at: '2025-01-02T03:04:05.000Z',
      },
    ],
    proposals: [],
    holderNameReview: null,
    ...overrides,
  };
}

/** A review of a bank account held in another name than the borrower's, waiting on an agent. */
export function makeHolderNameReview(
  overrides: Partial<NonNullable<TOpsApplicationDetail['holderNameReview']>> = {},
): NonNullable<TOpsApplicationDetail['holderNameReview']> {
  return {
    status: 'PENDING',
    holderName: 'Eve Mallory',
    borrowerName: 'Ada Lovelace',
    createdAt: '2025-01-03T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

export const TEST_PROPOSAL_UUID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
export const OTHER_AGENT = {
  identityUuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'agent2@example.com',
};

/** A pending wire proposed by another agent, as a proposing route answers it (202). */
export function makeControlledAction(
  overrides: Partial<TControlledAction> = {},
): TControlledAction {
  return {
    id: TEST_PROPOSAL_UUID,
    action: 'RECORD_WIRE',
    label: 'Wire received',
    status: 'PENDING',
    subject: { type: 'LOAN', id: TEST_APP_UUID },
    loanUuid: TEST_APP_UUID,
    amountCents: 123_400,
    summary: 'Wire of 1,234.00 USD received 2025-01-02, ref FED-1',
    proposedBy: OTHER_AGENT,
    proposedAt: '2025-01-02T03:04:05.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    outcome: null,
    ...overrides,
  };
}

/** A proposing call's mock: keeps each body sent in `bodies` and answers the proposal (202). */
export function answerProposal(bodies: unknown[], overrides: Partial<TControlledAction>): THandler {
  return (_url, init) => {
    bodies.push(sentBody(init));
    return jsonResponse(makeControlledAction(overrides), 202);
  };
}

/** What a proposing call sent once per confirmation: its idempotency key and its body. */
export interface TKeyedProposal {
  key: string | null;
  body: unknown;
}

/** As answerProposal, for a call that carries an idempotency key: keeps the key with the body. */
export function answerKeyedProposal(
  sent: TKeyedProposal[],
  overrides: Partial<TControlledAction>,
): THandler {
  return (_url, init) => {
    sent.push({
      key: new Headers(init.headers).get('Idempotency-Key'),
      body: sentBody(init),
    });
    return jsonResponse(makeControlledAction(overrides), 202);
  };
}

/**
 * The confirm dialog shows the proposal its confirmation made: nothing happened yet, a second agent
 * decides; with the proposal's summary when one is given.
 */
export async function expectProposed(dialog: HTMLElement, summary?: string): Promise<void> {
  expect(await within(dialog).findByText(PROPOSED_TITLE, {}, LOADED)).toBeVisible();
  if (summary !== undefined) expect(within(dialog).getByText(summary)).toBeVisible();
}
