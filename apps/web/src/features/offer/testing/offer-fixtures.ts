/**
 * Test doubles for the offer page's calls: prices and rate bands worked out with the domain's own
 * rules, an identity for a signed-in borrower, and an application as the server answers it.
 */
import {
  getCustomerFigureInfo,
  type TApplication,
  type TCryptoValue,
  type TIdentity,
  type TOffer,
  type TPostRatesBody,
  type TPostRatesResponse,
} from '@pledge/contract';
import {
  centsToUsd,
  computeOffer,
  computeRateBands,
  minCoinQuantity,
  parseResidence,
  usdToCents,
} from '@pledge/domain';
import { setToken } from '../../../api/token.js';
import { makeApplication } from '../../application/application-test-data.js';
import { APP_UUID, OFFER_UUID } from '../../../test/fixtures.js';
import { figureInfoOf } from '../../../test/figure-info.js';
import { jsonResponse } from '../../../test/mock-fetch.js';

export const PRICE_AS_OF = '2030-01-02T15:04:00.000Z';
export const PRICES_USD = { BTC: 60000, ETH: 3000 } as const;

export const IDENTITY: TIdentity = {
  uuid: '0d6f1c52-9a3b-4e7d-8f21-6b5c4a3d2e10',
  organizationCode: 'partner',
  profileType: 'customer',
  email: 'borrower@example.com',
  updatedAt: PRICE_AS_OF,
  isManageable: false,
  isBroker: false,
  activeLegacyCustomerOrgs: [],
  wallet: { accountAddress: null, groupPolicyAddress: null },
};

export const FIGURE_INFO = `GET ${getCustomerFigureInfo.path}`;

/** Signs the test's browser in: a stored token the mocked broker knows. */
export function signIn(): Record<string, () => Response> {
  setToken('jwt-of-the-borrower');
  return { [FIGURE_INFO]: () => jsonResponse(figureInfoOf(IDENTITY)) };
}

function residenceOf(url: URL | { state?: string; countryCode?: string }) {
  return url instanceof URL
    ? parseResidence({
        state: url.searchParams.get('state'),
        countryCode: url.searchParams.get('countryCode'),
      })
    : parseResidence(url);
}

/** The crypto-values answer for the residence of the request. */
export function cryptoValuesAnswer(url: URL): Response {
  const residence = residenceOf(url);
  const cryptoValues: TCryptoValue[] = (['BTC', 'ETH'] as const).map((collateralType) => ({
    collateralType,
    valueOfOne: PRICES_USD[collateralType],
    minCoinQuantity: minCoinQuantity({
      priceCents: usdToCents(PRICES_USD[collateralType]),
      residence,
    }),
    priceAsOf: PRICE_AS_OF,
  }));
  return jsonResponse({ cryptoValues });
}

/** The rates answer for a request body, as the server works it out. */
export function ratesAnswer(body: TPostRatesBody): TPostRatesResponse {
  const priceCents = usdToCents(PRICES_USD[body.collateralType]);
  const bands = computeRateBands({
    collateralType: body.collateralType,
    coinQuantity: body.coinQuantity,
    priceCents,
    residence: residenceOf(body),
    ...(body.requestedAmount === undefined ? {} : { requestedAmountUsd: body.requestedAmount }),
  });
  return {
    rates: bands.rates.map((band) => ({ ...band, rate: Number(band.rate) })),
    currentLtv: bands.currentLtvPct === undefined ? null : Number(bands.currentLtvPct),
    eligibleTierId: bands.eligibleTierId,
    valueOfOne: centsToUsd(priceCents),
    priceAsOf: PRICE_AS_OF,
  };
}

export function application(overrides: Partial<TApplication> = {}): TApplication {
  return makeApplication({
    appUuid: APP_UUID,
    identityUuid: IDENTITY.uuid,
    state: 'CREATED',
    offers: [],
    selectedOffer: null,
    createdAt: PRICE_AS_OF,
    updatedAt: PRICE_AS_OF,
    ...overrides,
  });
}

/** The offer the server makes for a requested-offer body in a state. */
export function offerFor(body: {
  requestedAmount: number;
  collateralType: 'BTC' | 'ETH';
  coinQuantity: string;
  state?: string;
  countryCode?: string;
}): TOffer {
  const result = computeOffer({
    drawCents: usdToCents(body.requestedAmount),
    collateralType: body.collateralType,
    coinQuantity: body.coinQuantity,
    priceCents: usdToCents(PRICES_USD[body.collateralType]),
    residence: residenceOf(body),
  });
  if (!result.eligible) throw new Error(`No offer: ${result.reason}`);
  const terms = result.offer;
  return {
    uuid: OFFER_UUID,
    amount: centsToUsd(terms.amountCents),
    drawAmount: centsToUsd(terms.drawAmountCents),
    term: terms.termMonths,
    ltv: Number(terms.ltvPct),
    interestRate: Number(terms.interestRatePct),
    annualPercentageRate: Number(terms.annualPercentageRatePct),
    originationFee: terms.originationFeeBps / 100,
    originationFeeAmount: centsToUsd(terms.originationFeeAmountCents),
    estimatedMonthlyPayment: centsToUsd(terms.estimatedMonthlyPaymentCents),
    collateral: { type: terms.collateralType },
    collateralUnits: terms.collateralUnits,
    minCollateralUnits: terms.minCollateralUnits,
    collateralAmount: centsToUsd(terms.collateralAmountCents),
    postTopUpLoanToValue: null,
    celsiusTopUpRequired: false,
    collateralReuseConsent: null,
    state: body.state ?? null,
    countryCode: body.countryCode ?? null,
  };
}
