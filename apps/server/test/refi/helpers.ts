/** Fixtures of the refinancing tests: the R/ calls of a signed-in borrower. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type {
  TPostCreateCelsiusApplicationResponse,
  TRefinancingApplication,
} from '@pledge/contract';
import type { newBorrower } from '../applications/helpers.js';
import { opsCall as call } from '../ops/helpers.js';

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
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TPostCreateCelsiusApplicationResponse;
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
