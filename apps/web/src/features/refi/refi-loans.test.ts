import { describe, expect, it } from 'vitest';
import { topUpEstimateRefetchMs } from './api/top-up-estimate.js';
import {
  addressGroups,
  celsiusLoansName,
  cutAddress,
  hasSubmittedLoan,
  isOfferLocked,
  mergeApplications,
  offerTreatment,
  preselectedAppUuid,
  rateChoices,
  refiCards,
  refiNextStep,
  refiStateText,
  topUpProgress,
  topUpStepIndex,
  withConfirmation,
  withLastDocumentSigned,
  withSelectedOffer,
} from './refi-loans.js';
import {
  BTC_APP_UUID,
  custodyOffer,
  CUSTODY_OFFER_UUID,
  ETH_APP_UUID,
  makeBtcRefiApp,
  makeRefiApp,
  REFI_DEPOSIT_ADDRESS,
  topUpEstimate,
  transferOffer,
  TRANSFER_OFFER_UUID,
} from './refi-test-data.js';

describe('refinancing list rules', () => {
  it('names the treatment by the collateral reuse consent', () => {
    expect(offerTreatment(custodyOffer())).toBe('CUSTODY_ONLY');
    expect(offerTreatment(transferOffer())).toBe('OWNERSHIP_TRANSFER');
  });

  it('puts ETH before BTC and preselects the loan still being set up', () => {
    const btc = makeBtcRefiApp();
    const eth = makeRefiApp({ state: 'SIGN_DOCS', stage: 'PROCESSING' });
    expect(refiCards([btc, eth]).map((app) => app.appUuid)).toEqual([ETH_APP_UUID, BTC_APP_UUID]);
    expect(preselectedAppUuid([btc, eth])).toBe(BTC_APP_UUID);
    expect(preselectedAppUuid([makeBtcRefiApp({ stage: 'APPLYING' }), makeRefiApp()])).toBe(
      ETH_APP_UUID,
    );
    expect(preselectedAppUuid([eth])).toBeNull();
  });

  it.each([
    ['CREATED', false],
    ['SIGN_DOCS', false],
    ['CELSIUS_TOP_UP_REQUESTED', true],
    ['WAITING_FOR_COLLATERAL', true],
    ['COMPLETE', true],
  ] as const)('a loan in %s counts as submitted: %s', (state, expected) => {
    expect(hasSubmittedLoan([makeBtcRefiApp(), makeRefiApp({ state })])).toBe(expected);
  });

  it('selects an offer optimistically and confirms to SIGN_DOCS unless topping up', () => {
    const app = makeRefiApp();
    expect(withSelectedOffer(app, TRANSFER_OFFER_UUID).selectedOffer?.uuid).toBe(
      TRANSFER_OFFER_UUID,
    );
    expect(withSelectedOffer(app, 'unknown')).toBe(app);
    expect(withConfirmation(makeRefiApp({ state: 'OFFER_ACCEPTED' })).state).toBe('SIGN_DOCS');
    expect(withConfirmation(makeRefiApp({ state: 'CELSIUS_WAITING_FOR_TOP_UP' })).state).toBe(
      'CELSIUS_WAITING_FOR_TOP_UP',
    );
    expect(withLastDocumentSigned(app)).toMatchObject({
      stage: 'PROCESSING',
      state: 'WAITING_FOR_COLLATERAL',
    });
  });

  it('keeps the chosen offer among the rate choices', () => {
    const chosen = custodyOffer({ uuid: '9a9a9a9a-1b1b-4c1c-8d1d-2e2e2e2e2e2e' });
    expect(rateChoices(makeRefiApp({ selectedOffer: chosen }))).toContain(chosen);
    expect(rateChoices(makeRefiApp({ selectedOffer: custodyOffer() }))).toHaveLength(2);
  });

  it('keeps the rate options in place when one is chosen (issue 34, finding 8)', () => {
    const before = rateChoices(makeRefiApp()).map((offer) => offer.uuid);
    // Choosing moves the offer from `offers` to `selectedOffer`: the options must not swap.
    for (const chosen of [custodyOffer(), transferOffer()]) {
      const after = makeRefiApp({
        offers: [custodyOffer(), transferOffer()].filter((offer) => offer.uuid !== chosen.uuid),
        selectedOffer: chosen,
      });
      expect(rateChoices(after).map((offer) => offer.uuid)).toEqual(before);
    }
    expect(before).toEqual([CUSTODY_OFFER_UUID, TRANSFER_OFFER_UUID]);
  });

  it('says an expired refinancing expired, and names refinancings by their Celsius loans', () => {
    expect(refiStateText('CANCELLED', { reason: 'REFI_EXPIRED' })).toBe('Expired');
    expect(refiStateText('CANCELLED', { reason: 'BY_SUPPORT' })).toBe('Cancelled');
    expect(celsiusLoansName(['100002'])).toBe('Celsius loan 100002');
    expect(celsiusLoansName(['100002', '100007'])).toBe('Celsius loans 100002, 100007');
  });

  it('counts what arrived and what is still to send from confirmed deposits only', () => {
    const progress = topUpProgress(
      topUpEstimate({
        wallet: {
          depositAddress: REFI_DEPOSIT_ADDRESS,
          currentTotalCoinBalance: { coinQuantity: '0.5', type: 'ETH' },
          transactions: [
            {
              transactionTime: '2025-03-01T12:00:00.000Z',
              transactionType: 'DEPOSIT',
              transactionAmount: '0.5',
              transactionHash: '0xa',
              confirmed: true,
            },
            {
              transactionTime: '2025-03-01T12:05:00.000Z',
              transactionType: 'DEPOSIT',
              transactionAmount: '0.1',
              transactionHash: '0xb',
              confirmed: false,
            },
          ],
        },
      }),
    );
    expect(progress).toEqual({ received: '0.5', confirming: '0.1', remaining: '0.772728' });
  });

  it('merges looked-up applications into the list by id', () => {
    const eth = makeRefiApp();
    const updated = makeRefiApp({ state: 'OFFER_ACCEPTED' });
    const btc = makeBtcRefiApp();
    expect(mergeApplications([eth], [updated, btc])).toEqual([updated, btc]);
  });

  it.each([
    ['top-up offer before the request', 'OFFER_ACCEPTED', custodyOffer(), { kind: 'top-up' }],
    ['top-up state', 'CELSIUS_FULL_COLLATERAL_RECEIVED', custodyOffer(), { kind: 'top-up' }],
    [
      'no top-up, not yet confirmed',
      'OFFER_ACCEPTED',
      transferOffer(),
      { kind: 'disclosures', needsConfirmation: true },
    ],
    [
      'documents open',
      'SIGN_DOCS',
      transferOffer(),
      { kind: 'disclosures', needsConfirmation: false },
    ],
    ['signed', 'WAITING_FOR_COLLATERAL', transferOffer(), { kind: 'none' }],
    ['refinanced', 'COMPLETE', transferOffer(), { kind: 'none' }],
  ] as const)('submit leads on: %s', (_name, state, offer, expected) => {
    expect(refiNextStep(makeRefiApp({ state }), offer)).toEqual(expected);
  });

  it.each([
    ['CREATED', false],
    ['OFFER_ACCEPTED', false],
    ['SIGN_DOCS', true],
    ['CELSIUS_TOP_UP_REQUESTED', true],
    ['COMPLETE', true],
  ] as const)('the offer in %s is locked: %s', (state, expected) => {
    expect(isOfferLocked({ state })).toBe(expected);
  });

  it('follows the top-up through the CELSIUS states', () => {
    expect(topUpStepIndex('OFFER_ACCEPTED')).toBe(-1);
    expect(topUpStepIndex('CELSIUS_TOP_UP_REQUESTED')).toBe(0);
    expect(topUpStepIndex('CELSIUS_WAITING_FOR_TOP_UP')).toBe(1);
    expect(topUpStepIndex('CELSIUS_FULL_COLLATERAL_RECEIVED')).toBe(2);
    expect(topUpStepIndex('COMPLETE')).toBe(4);
  });

  it('cuts the deposit address to 26 characters and groups it by four', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(cutAddress(address)).toBe(`${address.slice(0, 26)}…`);
    expect(cutAddress(address).length).toBe(27);
    expect(cutAddress('bc1qshort')).toBe('bc1qshort');
    expect(addressGroups('bc1qxy2kg')).toEqual(['bc1q', 'xy2k', 'g']);
  });
});

describe('top-up estimate polling', () => {
  it.each([
    [{ hasWallet: true, isTopUpRequested: true, updates: 1 }, 2000],
    [{ hasWallet: true, isTopUpRequested: false, updates: 1 }, false],
    [{ hasWallet: false, isTopUpRequested: false, updates: 1 }, 500],
    [{ hasWallet: false, isTopUpRequested: false, updates: 5 }, 500],
    [{ hasWallet: false, isTopUpRequested: false, updates: 6 }, false],
    [{ hasWallet: false, isTopUpRequested: true, updates: 6 }, 2000],
  ])('%o asks again after %s', (input, expected) => {
    expect(topUpEstimateRefetchMs(input)).toBe(expected);
  });
});

describe('optimistic selection keeps other choices', () => {
  it('selecting the custody offer keeps both offers listed', () => {
    const selected = withSelectedOffer(makeRefiApp(), CUSTODY_OFFER_UUID);
    expect(selected.offers).toHaveLength(2);
  });
});
