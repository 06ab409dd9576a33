/** Fixtures of the refinancing tests: the R/ calls of a signed-in borrower. */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import type {
  TCelsiusTopUpCollateral,
  TPostCelsiusCollateralCalculateResponse,
  TPostCreateCelsiusApplicationResponse,
  TRefinancingApplication,
} from '@pledge/contract';
import {
  type newBorrower,
  type TApplicationsTestContext,
  useApplicationsTestContext,
} from '../applications/helpers.js';
import { expectJson, opsCall as call } from '../ops/helpers.js';
import { setPrices } from '../servicing/helpers.js';

export const REFI = '/service-application-cryptopl/secure/api/v1';
/** The R/ path of one of the borrower's refinancing applications. */
export const refiAppUrl = (appUuid: string, suffix = '') =>
  `${REFI}/applications/${appUuid}${suffix}`;
export type TBorrower = Awaited<ReturnType<typeof newBorrower>>;
/** A signed-in caller's request (or an anonymous one): the console's call, the same for R/. */
export { opsCall as call, OPS } from '../ops/helpers.js';

export async function lookUp(
  app: FastifyInstance,
  token: string,
  celsiusLoanId: string,
): Promise<TPostCreateCelsiusApplicationResponse> {
  const response = await call(app, 'POST', `${REFI}/applications/create-celsius`, token, {
    celsiusLoanId,
  });
  return expectJson(response, 200) as TPostCreateCelsiusApplicationResponse;
}

export async function lookUpOne(
  app: FastifyInstance,
  token: string,
  celsiusLoanId: string,
): Promise<TRefinancingApplication> {
  const answer = await lookUp(app, token, celsiusLoanId);
  expect(answer.applications).toHaveLength(1);
  const [application] = answer.applications;
  if (application === undefined) throw new Error('no application');
  return application;
}

export function offerOf(application: TRefinancingApplication, consent: string) {
  const offer = [
    ...application.offers,
    ...(application.selectedOffer ? [application.selectedOffer] : []),
  ].find((candidate) => candidate.collateralReuseConsent === consent);
  if (offer === undefined) throw new Error(`no ${consent} offer`);
  return offer;
}

export const CUSTODY_ONLY = 'DECLINE_REHYPOTHECATION';
export const OWNERSHIP_TRANSFER = 'ALLOW_REHYPOTHECATION';

/** The borrower's refinancing applications, as R/ lists them. */
export async function listRefis(
  app: FastifyInstance,
  me: TBorrower,
): Promise<TRefinancingApplication[]> {
  const response = await call(
    app,
    'GET',
    `${REFI}/borrower/${me.identityUuid}/celsius-application`,
    me.token,
  );
  return expectJson(response, 200) as TRefinancingApplication[];
}

/** One of the borrower's refinancing applications, as R/ lists it. */
export async function listedRefi(
  app: FastifyInstance,
  me: TBorrower,
  appUuid: string,
): Promise<TRefinancingApplication> {
  const found = (await listRefis(app, me)).find((application) => application.appUuid === appUuid);
  if (found === undefined) throw new Error(`${appUuid} is not listed`);
  return found;
}

/** The borrower's confirmation of one of the offers (the answer, whichever it is). */
/** The top-up the borrower is quoted for an offer of their refinancing, answered 200. */
export async function topUpEstimateOf(
  app: FastifyInstance,
  me: Pick<TBorrower, 'token'>,
  appUuid: string,
  offerUuid: string | undefined,
): Promise<TCelsiusTopUpCollateral> {
  const response = await call(
    app,
    'POST',
    refiAppUrl(appUuid, '/celsius-collateral/calculate'),
    me.token,
    { offerUuid },
  );
  return (expectJson(response, 200) as TPostCelsiusCollateralCalculateResponse)
    .celsiusTopUpCollateral;
}

export function confirmRefiOffer(
  app: FastifyInstance,
  me: TBorrower,
  appUuid: string,
  offerUuid: string,
  more: { hasSentCollateral?: boolean } = {},
) {
  return call(
    app,
    'POST',
    refiAppUrl(appUuid, '/collateral/celsius-refi-borrower-confirmation'),
    me.token,
    { offerUuid, ...more },
  );
}

/**
 * A repricing test file's app: the prices a test moves are put back after it ($60,000 a BTC,
 * $3,000 an ETH), so that each test prices its refinancing from the same start.
 */
export function useRepricingContext(): TApplicationsTestContext {
  const ctx = useApplicationsTestContext();
  afterEach(async () => {
    await setPrices(ctx, { BTC: 60_000, ETH: 3_000 });
  });
  return ctx;
}
