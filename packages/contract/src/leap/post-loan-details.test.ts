import { describe, expect, it } from 'vitest';
import { LOAN_DETAILS_MESSAGES } from '@pledge/domain';
import { ZPostLoanDetailsBody } from './post-loan-details.js';

const consents = { TERMS: true, PRIVACY: true, eSign: true };

const domestic = {
  residency: 'UNITED_STATES',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: '1985-12-10',
  email: 'ada@example.com',
  ssn: '123-45-6789',
  address: { street1: '1 Main St', city: 'Columbus', state: 'OH', zip: '43004' },
  phone: '(614) 555-0123',
  isCitizenOrPermanentResident: true,
  consents: { ...consents, SOFT_CREDIT: true },
};

const international = {
  residency: 'INTERNATIONAL',
  firstName: 'Grace',
  lastName: 'Hopper',
  dob: '1980-01-01',
  email: 'grace@example.com',
  address: { street1: 'Hauptstrasse 1', city: 'Berlin', zip: '10115', country: 'DE' },
  phone: '+49 30 1234567',
  consents,
};

describe('ZPostLoanDetailsBody', () => {
  it('accepts US details and normalises the SSN and phone', () => {
    const parsed = ZPostLoanDetailsBody.parse(domestic);
    expect(parsed.residency).toBe('UNITED_STATES');
    expect(parsed).toMatchObject({ ssn: '123456789', phone: '6145550123' });
  });

  it('accepts international details without an SSN', () => {
    const parsed = ZPostLoanDetailsBody.parse(international);
    expect(parsed).toMatchObject({ residency: 'INTERNATIONAL', phone: '+49301234567' });
    expect('ssn' in parsed).toBe(false);
  });

  it('checks US details by the US rules, with their messages', () => {
    const result = ZPostLoanDetailsBody.safeParse({ ...domestic, ssn: '000-12-3456' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['ssn'], message: LOAN_DETAILS_MESSAGES.ssnInvalid }),
    ]);
  });

  it('refuses an unknown residency and missing consents', () => {
    expect(ZPostLoanDetailsBody.safeParse({ ...domestic, residency: 'MARS' }).success).toBe(false);
    const result = ZPostLoanDetailsBody.safeParse({
      ...domestic,
      consents: { ...domestic.consents, SOFT_CREDIT: false },
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      LOAN_DETAILS_MESSAGES.softCreditConsent,
    ]);
  });
});
