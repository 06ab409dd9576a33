import { describe, expect, it } from 'vitest';
import { CREDIT_UNLOCKED_DAYS } from './constants/limits.js';
import {
  changedCreditFacts,
  FROZEN_CREDIT_FACT_MESSAGES,
  holdsFrozenCreditFacts,
  type TCreditFacts,
} from './credit-facts.js';
import { APPLICATION_STATES, type TApplicationState } from './enums.js';

const SUBMITTED = '2025-03-01T12:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysLater = (days: number) => new Date(Date.parse(SUBMITTED) + days * DAY_MS);

describe('holdsFrozenCreditFacts', () => {
  // Every state, so that a new one has to be decided here.
  const holdsIn: Record<TApplicationState, boolean> = {
    CREATED: false,
    OFFER_ACCEPTED: false,
    ATTACH_PROFILE: true,
    SOFT_CREDIT: true,
    GEN_APP_DISCLOSURES: true,
    SIGN_DOCS: true,
    WAITING_FOR_COLLATERAL: true,
    CRYPTO_FUNDING_VERIFY: true,
    BORROWER_MICRO_DEPOSIT_CONFIRM: true,
    MANUAL_FUNDING_RELEASE: true,
    COMPLETE: false,
    PAID_OFF: false,
    COLLATERAL_RELEASED: false,
    DECLINED: false,
    CANCELLED: false,
    SOFT_CREDIT_NO_MATCH: false,
    SOFT_CREDIT_LOCKED: true,
    SOFT_CREDIT_FROZEN: true,
    CELSIUS_TOP_UP_REQUESTED: false,
    CELSIUS_WAITING_FOR_TOP_UP: false,
    CELSIUS_FULL_COLLATERAL_RECEIVED: false,
    RENEWED: false,
  };

  it.each(APPLICATION_STATES.map((state) => [state, holdsIn[state]] as const))(
    '%s after submitted details → %s',
    (state, expected) => {
      expect(
        holdsFrozenCreditFacts({ state, detailsSubmittedAt: SUBMITTED, now: daysLater(1) }),
      ).toBe(expected);
    },
  );

  it.each([
    ['SOFT_CREDIT_LOCKED', CREDIT_UNLOCKED_DAYS, true],
    ['SOFT_CREDIT_LOCKED', CREDIT_UNLOCKED_DAYS + 1, false],
    ['SOFT_CREDIT_FROZEN', CREDIT_UNLOCKED_DAYS + 1, false],
    ['SIGN_DOCS', CREDIT_UNLOCKED_DAYS + 100, true],
  ] as const)('%s %i days after the details → %s', (state, days, holds) => {
    expect(
      holdsFrozenCreditFacts({ state, detailsSubmittedAt: SUBMITTED, now: daysLater(days) }),
    ).toBe(holds);
  });

  it('holds nothing without submitted details (no credit pull, e.g. refinancing)', () => {
    expect(
      holdsFrozenCreditFacts({ state: 'SIGN_DOCS', detailsSubmittedAt: null, now: SUBMITTED }),
    ).toBe(false);
  });
});

describe('changedCreditFacts', () => {
  const facts: TCreditFacts = {
    ssn: '123450002',
    name: { firstName: 'Ada', lastName: 'Lovelace', suffix: null },
    dob: '1985-12-10',
    residence: {
      street1: '1 Main St',
      street2: null,
      city: 'Montgomery',
      state: 'AL',
      zip: '36104',
      country: 'US',
    },
  };
  const home = facts.residence!;

  it.each([
    ['nothing', {}, []],
    [
      'case and spaces only',
      { name: { firstName: ' ada ', lastName: 'LOVELACE', suffix: null } },
      [],
    ],
    ['the SSN', { ssn: '123456789' }, ['ssn']],
    ['the last name', { name: { ...facts.name, lastName: 'Byron' } }, ['name']],
    ['the suffix', { name: { ...facts.name, suffix: 'Jr' } }, ['name']],
    ['the date of birth', { dob: '1985-12-11' }, ['dob']],
    ['the state', { residence: { ...home, state: 'OH', city: 'Columbus' } }, ['residence']],
    ['the street', { residence: { ...home, street1: '2 Main St' } }, ['residence']],
    ['the address removed', { residence: null }, ['residence']],
    [
      'everything',
      {
        ssn: '987654321',
        name: { ...facts.name, firstName: 'Augusta' },
        dob: '1990-01-01',
        residence: { ...home, zip: '36105' },
      },
      ['ssn', 'name', 'dob', 'residence'],
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(changedCreditFacts(facts, { ...facts, ...change })).toEqual(expected);
  });

  it('names the fact in each message and says how to correct it', () => {
    expect(FROZEN_CREDIT_FACT_MESSAGES.ssn).toContain('Social Security number');
    expect(FROZEN_CREDIT_FACT_MESSAGES.residence).toContain('home address');
    for (const message of Object.values(FROZEN_CREDIT_FACT_MESSAGES)) {
      expect(message).toContain('start a new application');
    }
  });
});
