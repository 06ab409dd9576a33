/**
 * What Continue on the offer page does for a signed-in borrower (document 1 §2, §4): choose the web
 * or the mobile-app flow, create the application, have the server price the amounts again, and
 * accept the offer it made. Loaded only when the borrower continues, so none of these calls' schemas
 * weigh on the offer page's first load.
 */
import type { TBrand, TOffer, TPostRequestedOfferBody } from '@pledge/contract';
import { isForcedWeb, mobileAppDecision } from '@pledge/domain';
import { isApiError } from '../../api/api-error.js';
import { paths } from '../../config/paths.js';
import { createApplication, type TApplicationFlow } from './api/create-application.js';
import { getLoanStatusWithRetries } from './api/get-loan-status.js';
import { requestOffer } from './api/request-offer.js';
import { selectOffer } from './api/select-offer.js';
import { NO_OFFER_MESSAGE, type TContinueStep } from './continue-steps.js';

/** An application created by an earlier try of this page, for the flow it was made for. */
export interface TCreatedApplication {
  appUuid: string;
  flow: TApplicationFlow;
}

export interface TContinueInput {
  brand: TBrand;
  /** The page's ?forceWeb= value. */
  forceWebParam: string | null;
  offer: TPostRequestedOfferBody;
  /** Reused instead of creating another application when an earlier try got that far. */
  createdApplication: TCreatedApplication | null;
  /** The same for every try of one page, so that the server never creates two applications. */
  idempotencyKey: string;
  onStep: (step: TContinueStep) => void;
  onApplicationCreated: (created: TCreatedApplication) => void;
}

/** Where the borrower goes next once the offer is accepted. */
export function nextHref(flow: TApplicationFlow, appUuid: string, offer: TOffer): string {
  if (flow === 'web') return paths.application.details.getHref(appUuid);
  const query = new URLSearchParams({ loanAmount: String(offer.amount), appUuid });
  return `${paths.getMobileApp.getHref()}?${query.toString()}`;
}

async function decideFlow(input: TContinueInput): Promise<TApplicationFlow> {
  const { brand, forceWebParam } = input;
  const hasMobileApp = brand.mobileApp !== null;
  // The borrower's loans matter only when nothing else already decides.
  if (!hasMobileApp || forceWebParam === 'true' || brand.flags.wholesale) {
    return mobileAppDecision({
      hasMobileApp,
      forcedWeb: isForcedWeb({ forceWebParam, isWholesale: brand.flags.wholesale, loans: [] }),
    });
  }
  input.onStep('checking-loans');
  const { loans } = await getLoanStatusWithRetries();
  return mobileAppDecision({
    hasMobileApp,
    forcedWeb: isForcedWeb({ forceWebParam, isWholesale: brand.flags.wholesale, loans }),
  });
}

/** The offer the server made for exactly these amounts (a fresh pricing replaces older ones). */
function offerFor(offers: readonly TOffer[], body: TPostRequestedOfferBody): TOffer | undefined {
  return (
    offers.find(
      (offer) =>
        offer.drawAmount === body.requestedAmount && offer.collateral.type === body.collateralType,
    ) ?? offers[0]
  );
}

export const SIGNED_OUT_MESSAGE = 'Your sign-in has ended. Press Continue to sign in again.';

/** What went wrong, in the server's words: its field messages when it gave any. */
export function continueErrorMessages(error: unknown): string[] {
  if (isApiError(error) && error.status === 401) return [SIGNED_OUT_MESSAGE];
  if (isApiError(error)) {
    const fieldMessages = Object.values(error.apiError?.fieldErrors ?? {}).flat();
    return fieldMessages.length > 0 ? [...new Set(fieldMessages)] : [error.message];
  }
  return [error instanceof Error ? error.message : String(error)];
}

export type TContinueOutcome =
  { status: 'accepted'; href: string } | { status: 'failed'; messages: string[] };

/** Runs the steps: where to go next, or what went wrong in the borrower's words. */
export async function continueWithOffer(input: TContinueInput): Promise<TContinueOutcome> {
  try {
    return { status: 'accepted', href: await runSteps(input) };
  } catch (error) {
    return { status: 'failed', messages: continueErrorMessages(error) };
  }
}

/** Runs the steps and answers where to go next; any failed call rejects with its ApiError. */
async function runSteps(input: TContinueInput): Promise<string> {
  const flow = input.createdApplication?.flow ?? (await decideFlow(input));
  let appUuid = input.createdApplication?.appUuid;
  if (appUuid === undefined) {
    input.onStep('creating');
    const application = await createApplication(
      flow,
      { organization: input.brand.orgCode },
      input.idempotencyKey,
    );
    appUuid = application.appUuid;
    input.onApplicationCreated({ appUuid, flow });
  }

  input.onStep('pricing');
  const priced = await requestOffer(appUuid, input.offer);
  const offer = offerFor(priced.offers, input.offer);
  if (offer === undefined) throw new Error(NO_OFFER_MESSAGE);

  input.onStep('accepting');
  await selectOffer(appUuid, offer.uuid);
  return nextHref(flow, appUuid, offer);
}
