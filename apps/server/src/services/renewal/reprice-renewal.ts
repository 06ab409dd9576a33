/**
 * A renewal is priced when it is committed (issue 34): at acceptance, at each signature and at
 * completion its offer is computed again on the loan's balance of that day, against the current
 * stored price of the coin (the newest accepted price observation; the offer's own price when none
 * was ever stored). The accepted terms hold only while the offer still exists in the same rate tier
 * and the loan has not matured (the domain's renewalCommitRefusal).
 */
import {
  computeRenewalOffer,
  RENEWAL_MESSAGES,
  renewalCommitRefusal,
  type TOfferResult,
  type TRenewalRefusal,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { offers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { lockOwnedApplication, type TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import type { TOfferRow } from '../offers/offer-record.js';
import { latestAcceptedObservation } from '../prices/price-observations.js';
import { renewalBalanceCents } from './price-renewal.js';
import { fundedLoanOf, lockRenewedLoan, type TFundedLoan } from './renewal-record.js';

export const RENEWAL_COMMIT_ACTOR = actors.system('renewal-commit');

export interface TRenewalRepricing {
  refusal: TRenewalRefusal | null;
  repriced: TOfferResult;
  priceCents: number;
  priceAsOf: Date;
}

/** The current stored price of the loan's coin, else the price the accepted offer was made at. */
export async function storedPriceOf(
  db: TDb,
  loan: TFundedLoan,
  offer: Pick<TOfferRow, 'priceCents' | 'priceAsOf'>,
): Promise<{ priceCents: number; asOf: Date }> {
  const observation = await latestAcceptedObservation(db, loan.collateralType);
  return observation === null
    ? { priceCents: offer.priceCents, asOf: offer.priceAsOf }
    : { priceCents: observation.priceCents, asOf: observation.observedAt };
}

/** The renewal's offer on `at` against the stored price, and whether the accepted terms still hold. */
export async function repriceRenewal(
  tx: TDb,
  input: { renewal: TApplicationRow; loan: TFundedLoan; accepted: TOfferRow; at: Date },
): Promise<TRenewalRepricing> {
  const { loan, accepted, at } = input;
  const price = await storedPriceOf(tx, loan, accepted);
  // The collateral the accepted offer pledges (the loan's coins when it was priced plus the
  // top-up): coins that arrived since for the top-up are in it already.
  const repriced = computeRenewalOffer({
    balanceCents: await renewalBalanceCents(tx, loan, at),
    collateralType: loan.collateralType,
    collateral: accepted.collateralUnits,
    topUp: '0',
    priceCents: price.priceCents,
    residence: loan.residence,
  });
  const refusal = renewalCommitRefusal({
    acceptedTierId: accepted.tierId,
    repriced,
    collateralType: loan.collateralType,
    maturityDate: loan.maturityDate,
    now: at,
  });
  return { refusal, repriced, priceCents: price.priceCents, priceAsOf: price.asOf };
}

/** The offer the renewal accepted. */
export async function acceptedOfferOfRenewal(
  db: TDb,
  renewal: TApplicationRow,
): Promise<TOfferRow | undefined> {
  if (renewal.selectedOfferUuid === null) return undefined;
  const [offer] = await db.select().from(offers).where(eq(offers.uuid, renewal.selectedOfferUuid));
  return offer;
}

/**
 * Ends a renewal whose terms no longer hold (re-priced) or whose loan matured first, in the
 * caller's transaction; the audit reason is what the renewal page says happened.
 */
export async function endRenewal(
  tx: TDb,
  input: { renewal: TApplicationRow; refusal: TRenewalRefusal; at: Date },
): Promise<TApplicationRow> {
  const { renewal, refusal, at } = input;
  const { application } = await applyTransition(tx, {
    appUuid: renewal.uuid,
    event: renewal.state === 'WAITING_FOR_COLLATERAL' ? 'UNFUNDED_TIMEOUT' : 'RENEWAL_ENDED',
    actor: RENEWAL_COMMIT_ACTOR,
    reason: refusal.message,
    context: { isRollForward: true },
    at,
  });
  return application;
}

export const RENEWAL_ENDED_MESSAGES = {
  RENEWAL_REPRICED: RENEWAL_MESSAGES.repricedCancelled,
  MATURED: () => RENEWAL_MESSAGES.expiredCancelled,
} as const;

/**
 * Before a renewal's document is signed (its own transaction, committed before the signature is
 * refused): a renewal whose terms no longer hold at the stored price, or whose loan matured, ends
 * here and the signature is refused (409) saying what happened and what to do.
 */
export async function assertRenewalTermsHold(
  deps: { db: TDb; clock: () => Date },
  input: { identityUuid: string; appUuid: string },
): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const renewal = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    if (!renewal.isRollForward || renewal.state !== 'SIGN_DOCS') return null;
    const accepted = await acceptedOfferOfRenewal(tx, renewal);
    if (accepted === undefined) return null;
    const loanRow = await lockRenewedLoan(tx, renewal);
    if (loanRow.state !== 'COMPLETE') return null;
    const loan = await fundedLoanOf(tx, loanRow);
    const at = deps.clock();
    const { refusal } = await repriceRenewal(tx, { renewal, loan, accepted, at });
    if (refusal === null) return null;
    await endRenewal(tx, { renewal, refusal, at });
    return { refusal, collateralType: loan.collateralType };
  });
  if (ended === null) return;
  const code = ended.refusal.code === 'MATURED' ? 'MATURED' : 'RENEWAL_REPRICED';
  throw new HttpError(409, code, RENEWAL_ENDED_MESSAGES[code](ended.collateralType));
}
