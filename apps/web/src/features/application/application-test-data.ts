/** Answers of the application endpoints, for tests: an accepted US offer in Ohio by default. */
import {
  buildPath,
  getApplication,
  getCustomerFigureInfo,
  type TApplication,
  type TFinalSteps,
  type TIdentity,
  type TOffer,
} from '@pledge/contract';
import type { TApplicationState, TFinalStepName, TFinalStepStatus } from '@pledge/domain';
import { setToken } from '../../api/token.js';
import { figureInfoOf } from '../../test/figure-info.js';
import { jsonResponse } from '../../test/mock-fetch.js';

export const TEST_APP_UUID = '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a';
/** The address of the test application's pages. */
export const TEST_APP_PATH = `/account/crypto-backed-loan/${TEST_APP_UUID}`;
export const TEST_IDENTITY_UUID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
/** The path parameters of the test borrower's own endpoints (documents, uploads). */
export const TEST_BORROWER = { appUuid: TEST_APP_UUID, identityUuid: TEST_IDENTITY_UUID };
const OFFER_UUID = 'a3e1c7d2-6b4f-4e8a-8c2d-9f1b7e5a3c40';

export function makeOffer(overrides: Partial<TOffer> = {}): TOffer {
  return {
    uuid: OFFER_UUID,
    amount: 10100,
    drawAmount: 10000,
    term: 12,
    ltv: 50,
    interestRate: 8.91,
    annualPercentageRate: 9.823,
    originationFee: 1,
    originationFeeAmount: 100,
    estimatedMonthlyPayment: 74.99,
    collateral: { type: 'BTC' },
    collateralUnits: '0.4',
    minCollateralUnits: '0.34',
    collateralAmount: 24000,
    postTopUpLoanToValue: null,
    celsiusTopUpRequired: false,
    collateralReuseConsent: null,
    state: 'OH',
    countryCode: null,
    ...overrides,
  };
}

export function makeApplication(overrides: Partial<TApplication> = {}): TApplication {
  const offer = makeOffer();
  return {
    appUuid: TEST_APP_UUID,
    identityUuid: TEST_IDENTITY_UUID,
    organization: 'partner',
    state: 'OFFER_ACCEPTED',
    stage: 'UNINITIALIZED_STATE',
    isRollForward: false,
    isInternational: false,
    isCelsiusRefi: false,
    collateral: null,
    offers: [offer],
    selectedOffer: offer,
    rollForwardLoanDetails: null,
    celsiusLoanNumbers: [],
    celsiusTopUpExpirationDate: null,
    stabilizationOptIn: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** An international borrower's application (a loan from the UK) at the signing of documents. */
export function internationalApplication(): TApplication {
  return makeApplication({
    state: 'SIGN_DOCS',
    isInternational: true,
    selectedOffer: makeOffer({ state: null, countryCode: 'GB' }),
  });
}

export function makeFinalSteps(
  statuses: Partial<Record<TFinalStepName, TFinalStepStatus>> = {},
  status: TFinalStepStatus = 'NOT_STARTED',
): TFinalSteps {
  const items = (
    ['Verify Identity', 'Review Agreements', 'Disbursement Account', 'Post Collateral'] as const
  ).map((name) => ({ name, status: statuses[name] ?? 'NOT_STARTED' }));
  return { items, status };
}

export function krangState(state: TApplicationState) {
  return { state, stage: 'APPLYING' as const };
}

export const TEST_EMAIL = 'ada@example.com';

/** The signed-in borrower's identity, as the identity broker answers it. */
export function makeIdentity(overrides: Partial<TIdentity> = {}): TIdentity {
  return {
    uuid: TEST_IDENTITY_UUID,
    organizationCode: 'partner',
    profileType: 'customer',
    email: TEST_EMAIL,
    updatedAt: '2025-01-02T03:04:05.000Z',
    isManageable: true,
    isBroker: false,
    activeLegacyCustomerOrgs: [],
    wallet: { accountAddress: null, groupPolicyAddress: null },
    ...overrides,
  };
}

/**
 * Signs a borrower in for a test: a stored token, and the fetch answer that says whose it is (add
 * it to the test's mocked fetch handlers).
 */
export function signedIn(identity: TIdentity = makeIdentity()) {
  setToken('test-token');
  return {
    [`GET ${getCustomerFigureInfo.path}`]: () => jsonResponse(figureInfoOf(identity)),
  };
}

/** The mocked fetch's key of the test application's read. */
export const TEST_APPLICATION_CALL = `GET ${buildPath(getApplication.path, { appUuid: TEST_APP_UUID })}`;

/**
 * Signs a borrower in for a test and answers the test application as `application` has it (a
 * function is asked on each read); add the page's other answers beside these.
 */
export function signedInWithApplication(application: TApplication | (() => TApplication)) {
  const current = typeof application === 'function' ? application : () => application;
  return {
    ...signedIn(),
    [TEST_APPLICATION_CALL]: () => jsonResponse(current()),
  };
}
