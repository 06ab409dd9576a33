/**
 * Every timing of both documents, in milliseconds or counts. Components and jobs import these; no
 * interval, retry count or debounce is written as a literal anywhere else.
 */

/** Offer-form inputs settle this long before offers are requested. */
export const OFFER_INPUT_DEBOUNCE_MS = 450;

/** The bank-link auth list is polled this often while an item is pending. */
export const BANK_LINK_POLL_MS = 3000;

/** How long a "Copied" confirmation stays visible. */
export const COPY_CONFIRMATION_MS = 2000;

/** Application (krang) state polling, until COMPLETE. */
export const KRANG_STATE_POLL_MS = 2000;

/** Deposit wallet address polling, until an address arrives. */
export const WALLET_ADDRESS_POLL_MS = 2000;

/** A wallet address not fetched within this time is logged (nothing is shown to the borrower). */
export const WALLET_ADDRESS_TIMEOUT_MS = 5000;

export const DOCUMENTS_POLL_MS = 2000;
export const DOCUMENTS_POLL_MAX_UPDATES = 5;

/** Collateral calculation refresh: every 500 ms, up to 5 updates or until a wallet appears. */
export const COLLATERAL_REFRESH_MS = 500;
export const COLLATERAL_REFRESH_MAX_UPDATES = 5;

/** Routing after a step polls the state while it is transitional: up to 20 tries at 100 ms. */
export const NEXT_STEP_POLL_MS = 100;
export const NEXT_STEP_POLL_MAX_TRIES = 20;

/** The details step polls up to 10 times at 2 s, then gives up to /dashboard. */
export const DETAILS_POLL_MS = 2000;
export const DETAILS_POLL_MAX_TRIES = 10;

/** A tracking session is attempted at most this many times. */
export const SESSION_MAX_ATTEMPTS = 3;

/** The verify button's error state returns to "not" after this long. */
export const VERIFY_ERROR_RESET_MS = 1500;

/** The verification status is re-fetched this long after a successful verify. */
export const VERIFY_STATUS_REFETCH_MS = 500;

/** The refinancing loan-ID lookup submit is debounced this long. */
export const LOAN_ID_LOOKUP_DEBOUNCE_MS = 500;

/** Screen-reader live-region messages are cleared after this delay. */
export const LIVE_REGION_CLEAR_MS = 300;

/** Mobile-app QR code: refresh interval, give-up time, page reloads allowed, impression delay. */
export const QR_REFRESH_MS = 500;
export const QR_GIVE_UP_MS = 10000;
export const QR_MAX_RELOADS = 2;
export const QR_IMPRESSION_MS = 1000;

/** Coin prices are cached for 5 minutes. */
export const PRICE_CACHE_MS = 300000;

/** The loan-status fetch is retried up to 3 times (never on 401). */
export const LOAN_STATUS_MAX_RETRIES = 3;

/** At most this many toasts are visible at once. */
export const TOASTS_MAX_VISIBLE = 5;

/** Banners shown at once: 1 in the main layout, 2 elsewhere. */
export const BANNERS_MAX_IN_LAYOUT = 1;
export const BANNERS_MAX_ELSEWHERE = 2;

/** The console's System health page reads the dependency report again this often. */
export const OPS_HEALTH_REFRESH_MS = 30_000;
