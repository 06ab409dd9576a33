/** Answers of the document endpoints, for tests. */
import type { TDocument, TSignDocumentResult } from '@pledge/contract';
import type { TApplicationState } from '@pledge/domain';

export function makeDocument(overrides: Partial<TDocument> = {}): TDocument {
  return {
    uuid: '11111111-2222-4333-8444-555555555555',
    type: 'LOAN_AGREEMENT',
    name: 'Loan Agreement',
    description: 'The terms of your loan.',
    signed: false,
    signedAt: null,
    ...overrides,
  };
}

export const SIGNED_AT = '2025-01-03T00:00:00.000Z';

/** The privacy notice, signed (at SIGNED_AT unless told). */
export function makePrivacyNotice(signedAt = SIGNED_AT): TDocument {
  return makeDocument({
    uuid: '66666666-7777-4888-8999-aaaaaaaaaaaa',
    type: 'PRIVACY_NOTICE',
    name: 'Privacy Notice',
    description: 'How we use your information.',
    signed: true,
    signedAt,
  });
}

/** The answer to signing a document. */
export function makeSignResult(
  document: TDocument,
  unsignedRemaining: number,
  state: TApplicationState = unsignedRemaining === 0 ? 'WAITING_FOR_COLLATERAL' : 'SIGN_DOCS',
): TSignDocumentResult {
  return {
    document: { ...document, signed: true, signedAt: SIGNED_AT },
    unsignedRemaining,
    state,
    stage: 'PROCESSING',
  };
}
