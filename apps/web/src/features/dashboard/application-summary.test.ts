import { describe, expect, it } from 'vitest';
import { APPLICATION_STATES, type TApplicationState } from '@pledge/domain';
import {
  applicationAction,
  APPLICATION_STATE_WORDS,
  documentsLink,
} from './application-summary.js';

const APP = '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a';
const B = `/account/crypto-backed-loan/${APP}`;

const app = (
  state: TApplicationState,
  overrides: { isRollForward?: boolean; isCelsiusRefi?: boolean } = {},
) => ({
  appUuid: APP,
  state,
  isRollForward: false,
  isCelsiusRefi: false,
  ...overrides,
});

describe('applicationAction', () => {
  it.each([
    ['CREATED', 'Continue application', `${B}/details`],
    ['OFFER_ACCEPTED', 'Continue application', `${B}/details`],
    ['SOFT_CREDIT', 'Continue application', `${B}/details`],
    ['SIGN_DOCS', 'Continue application', `${B}/next-steps`],
    ['WAITING_FOR_COLLATERAL', 'Continue application', `${B}/next-steps`],
    ['CRYPTO_FUNDING_VERIFY', 'View loan status', `${B}/complete`],
    ['COMPLETE', 'View loan status', `${B}/complete`],
    ['PAID_OFF', 'Get your collateral back', `${B}/collateral-release`],
    ['SOFT_CREDIT_FROZEN', 'See how to unfreeze your credit', `${B}/credit-frozen`],
    ['SOFT_CREDIT_LOCKED', 'See how to unlock your credit', `${B}/credit-locked`],
    ['SOFT_CREDIT_NO_MATCH', 'See what to do next', `${B}/credit-no-match`],
    ['DECLINED', 'View decision', `${B}/decline`],
  ] as const)('%s: %s → %s', (state, label, href) => {
    expect(applicationAction(app(state))).toEqual({ label, href });
  });

  it.each(['CANCELLED', 'COLLATERAL_RELEASED'] as const)('%s leaves nothing to do', (state) => {
    expect(applicationAction(app(state))).toBeNull();
  });

  it('continues a renewal on its renewal page', () => {
    expect(applicationAction(app('CREATED', { isRollForward: true }))).toEqual({
      label: 'Continue renewal',
      href: `${B}/renew`,
    });
  });

  it('sends a refinancing application to the refinancing list', () => {
    expect(applicationAction(app('CELSIUS_WAITING_FOR_TOP_UP', { isCelsiusRefi: true }))).toEqual({
      label: 'Continue refinancing',
      href: '/account/crypto-backed-loan/celsius-refi',
    });
  });
});

describe('documentsLink', () => {
  it.each([
    ['CREATED', false],
    ['SOFT_CREDIT', false],
    ['SOFT_CREDIT_LOCKED', false],
    ['SIGN_DOCS', true],
    ['COMPLETE', true],
    ['DECLINED', true],
  ] as const)('%s has documents: %s', (state, has) => {
    expect(documentsLink(app(state))).toEqual(
      has ? { label: 'View documents', href: `${B}/documents` } : null,
    );
  });
});

describe('APPLICATION_STATE_WORDS', () => {
  it('says every state in words, none of them a code', () => {
    for (const state of APPLICATION_STATES) {
      expect(APPLICATION_STATE_WORDS[state]).not.toMatch(/_|^[A-Z ]+$/);
    }
  });
});
