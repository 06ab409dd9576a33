import { describe, expect, it } from 'vitest';
import { identityStatusOf } from './identity-step-status.js';

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
