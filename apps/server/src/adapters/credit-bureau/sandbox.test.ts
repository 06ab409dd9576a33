import { describe, expect, it } from 'vitest';
import { createSandboxCreditBureau, sandboxOutcomeFor } from './sandbox.js';

describe('sandbox credit bureau', () => {
  it.each([
    ['123450001', 'NO_MATCH'],
    ['123450002', 'LOCKED'],
    ['123450003', 'FROZEN'],
    ['123450004', 'DECLINED'],
    ['123450005', 'APPROVED'],
    ['123456789', 'APPROVED'],
    ['000100009', 'APPROVED'],
  ])('SSN %s is %s', (ssn, outcome) => {
    expect(sandboxOutcomeFor(ssn)).toBe(outcome);
  });

  it('answers a fresh reference per pull', async () => {
    const bureau = createSandboxCreditBureau();
    const request = {
      referenceId: 'r',
      ssn: '123450004',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dob: '1990-05-17',
      address: { street1: '1 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215' },
    };
    const [first, second] = [await bureau.softPull(request), await bureau.softPull(request)];
    expect(first.outcome).toBe('DECLINED');
    expect(first.reference).toMatch(/^sandbox-/);
    expect(second.reference).not.toBe(first.reference);
  });
});
