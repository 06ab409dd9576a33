import { describe, expect, it } from 'vitest';
import { identityStatusOf, isApprovedDocumentFinal } from './identity-step-status.js';

const id = (reviewStatus: 'PENDING' | 'APPROVED' | 'REJECTED') => ({
  documentType: 'PASSPORT_FRONT',
  reviewStatus,
});
const extra = (reviewStatus: 'PENDING' | 'APPROVED' | 'REJECTED') => ({
  documentType: 'USER_UPLOADED_DOCUMENT',
  reviewStatus,
});

describe('identityStatusOf', () => {
  it.each([
    { uploads: [], additional: false, status: 'NOT_STARTED' },
    { uploads: [id('PENDING')], additional: false, status: 'IN_PROGRESS' },
    { uploads: [id('APPROVED')], additional: false, status: 'COMPLETED' },
    { uploads: [id('REJECTED')], additional: false, status: 'NOT_STARTED' },
    { uploads: [id('PENDING'), id('REJECTED')], additional: false, status: 'IN_PROGRESS' },
    { uploads: [id('REJECTED'), id('APPROVED')], additional: false, status: 'NOT_STARTED' },
    { uploads: [id('APPROVED')], additional: true, status: 'IN_PROGRESS' },
    { uploads: [extra('APPROVED'), id('APPROVED')], additional: true, status: 'COMPLETED' },
    { uploads: [extra('PENDING'), id('APPROVED')], additional: true, status: 'IN_PROGRESS' },
    { uploads: [extra('REJECTED'), id('REJECTED')], additional: true, status: 'NOT_STARTED' },
  ] as const)(
    '$uploads with additional=$additional → $status',
    ({ uploads, additional, status }) => {
      expect(identityStatusOf(uploads, { additionalDocumentRequired: additional })).toBe(status);
    },
  );
});

describe('isApprovedDocumentFinal', () => {
  it.each([
    { uploads: [], documentType: 'PASSPORT_FRONT', isFinal: false },
    { uploads: [id('PENDING')], documentType: 'PASSPORT_FRONT', isFinal: false },
    { uploads: [id('REJECTED')], documentType: 'DRIVERS_LICENSE_FRONT', isFinal: false },
    { uploads: [id('APPROVED')], documentType: 'PASSPORT_FRONT', isFinal: true },
    { uploads: [id('APPROVED')], documentType: 'DRIVERS_LICENSE_FRONT', isFinal: true },
    { uploads: [id('REJECTED'), id('APPROVED')], documentType: 'PASSPORT_FRONT', isFinal: false },
    // The agent asked for the additional document: that kind is open, the ID stays final.
    { uploads: [id('APPROVED')], documentType: 'USER_UPLOADED_DOCUMENT', isFinal: false },
    { uploads: [extra('APPROVED'), id('PENDING')], documentType: 'PASSPORT_FRONT', isFinal: false },
    {
      uploads: [extra('APPROVED'), id('APPROVED')],
      documentType: 'USER_UPLOADED_DOCUMENT',
      isFinal: true,
    },
  ] as const)('$documentType after $uploads → $isFinal', ({ uploads, documentType, isFinal }) => {
    expect(isApprovedDocumentFinal(uploads, documentType)).toBe(isFinal);
  });
});
