import { describe, expect, it } from 'vitest';
import type { TCollateralReleaseRequest, TCollateralReleaseResponse } from '@pledge/contract';
import { APPLICATION_STATES, type TApplicationState } from '@pledge/domain';
import { makeCollateralInfo } from '../collateral/collateral-test-data.js';
import {
  applicationAction,
  APPLICATION_STATE_WORDS,
  collateralReleaseNote,
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

  it('leads an ended refinancing to the list too, where it is looked up again (issue 34)', () => {
    expect(applicationAction(app('CANCELLED', { isCelsiusRefi: true }))).toEqual({
      label: 'See your Celsius loans',
      href: '/account/crypto-backed-loan/celsius-refi',
    });
    expect(applicationAction(app('COMPLETE', { isCelsiusRefi: true }))).toBeNull();
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

/** The collateral of a release asked for with `request`, and answered with `result`. */
function releaseAnswered(
  request: TCollateralReleaseRequest,
  result: TCollateralReleaseResponse['result'],
) {
  return {
    collateralReleaseRequest: request,
    collateralReleaseResponses: [{ id: request.requestId, result }],
  };
}

describe('a paid-off loan on the dashboard', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  const payoff = {
    method: 'WIRE' as const,
    paidOffAt: '2026-03-02T10:00:00.000Z',
    heldUntil: '2026-03-05T10:00:00.000Z',
  };
  const request = {
    requestId: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    scheduledFor: payoff.heldUntil,
  };
  const paidOff = (collateral: Parameters<typeof makeCollateralInfo>[0] = {}) => ({
    ...app('PAID_OFF'),
    collateral: makeCollateralInfo({ payoff, ...collateral }),
  });

  it('says how long the crypto is held before a release is asked for', () => {
    expect(applicationAction(paidOff())?.label).toBe('Get your collateral back');
    expect(collateralReleaseNote(paidOff(), now)).toBe(
      'Your crypto is held until March 5, 2026 after your payoff',
    );
  });

  it('no longer offers to get it back once a release is scheduled, and gives its date', () => {
    const scheduled = paidOff(releaseAnswered(request, 'SUCCESS'));
    expect(applicationAction(scheduled)).toEqual({
      label: 'View your collateral release',
      href: `${B}/collateral-release`,
    });
    expect(collateralReleaseNote(scheduled, now)).toBe(
      'Collateral release scheduled for March 5, 2026',
    );
  });

  it('offers it again after a failed release', () => {
    const failed = paidOff(releaseAnswered(request, 'WITHDRAWAL_FAILED'));
    expect(applicationAction(failed)?.label).toBe('Get your collateral back');
  });
});

describe('a loan a liquidation closed with coins left, on the dashboard', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  const left = { coinQuantity: '0.4', type: 'BTC' as const };
  const request = {
    requestId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    scheduledFor: '2026-03-02T11:00:00.000Z',
  };
  const liquidated = (collateral: Parameters<typeof makeCollateralInfo>[0] = {}) => ({
    ...app('COMPLETE'),
    collateral: makeCollateralInfo({ liquidationRemainder: left, ...collateral }),
  });

  it('leads to the release page to get the coins back', () => {
    expect(applicationAction(liquidated())).toEqual({
      label: 'Get your collateral back',
      href: `${B}/collateral-release`,
    });
    // No payoff, so no hold to tell of.
    expect(collateralReleaseNote(liquidated(), now)).toBeNull();
    // A renewal's or a refinancing's loan is released the same way.
    expect(applicationAction({ ...liquidated(), isRollForward: true })?.href).toBe(
      `${B}/collateral-release`,
    );
    expect(applicationAction({ ...liquidated(), isCelsiusRefi: true })?.href).toBe(
      `${B}/collateral-release`,
    );
  });

  it('shows the release once asked for, and offers it again after a failure', () => {
    const asked = liquidated(releaseAnswered(request, 'SUCCESS'));
    expect(applicationAction(asked)).toEqual({
      label: 'View your collateral release',
      href: `${B}/collateral-release`,
    });
    expect(collateralReleaseNote(asked, now)).toBe('Your collateral release is under way');
    const failed = liquidated(releaseAnswered(request, 'WITHDRAWAL_FAILED'));
    expect(applicationAction(failed)?.label).toBe('Get your collateral back');
  });

  it('stays the loan status when nothing is left to return', () => {
    const sold = { ...app('COMPLETE'), collateral: makeCollateralInfo() };
    expect(applicationAction(sold)).toEqual({ label: 'View loan status', href: `${B}/complete` });
    expect(collateralReleaseNote(sold, now)).toBeNull();
  });
});
