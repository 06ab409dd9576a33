import { describe, expect, it } from 'vitest';
import * as polling from './polling.js';

describe('timings of both documents', () => {
  const expected = {
    OFFER_INPUT_DEBOUNCE_MS: 450,
    BANK_LINK_POLL_MS: 3000,
    COPY_CONFIRMATION_MS: 2000,
    KRANG_STATE_POLL_MS: 2000,
    WALLET_ADDRESS_POLL_MS: 2000,
    WALLET_ADDRESS_TIMEOUT_MS: 5000,
    DOCUMENTS_POLL_MS: 2000,
    DOCUMENTS_POLL_MAX_UPDATES: 5,
    COLLATERAL_REFRESH_MS: 500,
    COLLATERAL_REFRESH_MAX_UPDATES: 5,
    NEXT_STEP_POLL_MS: 100,
    NEXT_STEP_POLL_MAX_TRIES: 20,
    DETAILS_POLL_MS: 2000,
    DETAILS_POLL_MAX_TRIES: 10,
    SESSION_MAX_ATTEMPTS: 3,
    VERIFY_ERROR_RESET_MS: 1500,
    VERIFY_STATUS_REFETCH_MS: 500,
    LOAN_ID_LOOKUP_DEBOUNCE_MS: 500,
    LIVE_REGION_CLEAR_MS: 300,
    QR_REFRESH_MS: 500,
    QR_GIVE_UP_MS: 10000,
    QR_MAX_RELOADS: 2,
    QR_IMPRESSION_MS: 1000,
    PRICE_CACHE_MS: 300000,
    LOAN_STATUS_MAX_RETRIES: 3,
    TOASTS_MAX_VISIBLE: 5,
    BANNERS_MAX_IN_LAYOUT: 1,
    BANNERS_MAX_ELSEWHERE: 2,
    // The console's, not the documents': the System health page's refresh.
    OPS_HEALTH_REFRESH_MS: 30000,
  } as const;

  it.each(Object.entries(expected))('%s = %i', (name, value) => {
    expect(polling[name as keyof typeof polling]).toBe(value);
  });

  it('exports nothing untested', () => {
    expect(Object.keys(polling).sort()).toEqual(Object.keys(expected).sort());
  });
});
