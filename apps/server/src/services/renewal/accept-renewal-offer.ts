/**
 * Accepting a renewal's offer (select-offer on an isRollForward application), inside the
 * transaction of accept-offer with the renewal locked: the loan is locked and checked again (still
 * renewable now), the terms are taken (CREATED → OFFER_ACCEPTED) and the renewal goes straight to
 * its disclosures (RENEWAL_ACCEPTED → GEN_APP_DISCLOSURES; no details, no credit check, no
 * disbursement). Of two concurrent acceptances one moves the renewal; the other is refused (409).
 * The offer is re-priced on the day's balance at the stored price first: when its rate tier no
 * longer holds it is refused (409 RENEWAL_REPRICED) and the borrower accepts the new offer.
 */
import {
  generateDisclosuresDedupeKey,
  generateDisclosuresJob,
} from '../../jobs/definitions/generate-disclosures.js';
import { enqueue } from '../../jobs/enqueue.js';
import { offers } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { eq } from 'drizzle-orm';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { recordRequiredDisclosures } from '../applications/required-disclosures.js';
import { acceptedOfferChanges, type TOfferRow } from '../offers/offer-record.js';
import { assertRenewable, fundedLoanOf, lockRenewedLoan } from './renewal-record.js';
import { repriceRenewal } from './reprice-renewal.js';

export const RENEWAL_ACCEPTED_MESSAGE =
  'The renewal’s terms were already accepted. Continue with its documents.';

export async function acceptRenewalOffer(
  tx: TDb,
  input: { renewal: TApplicationRow; offer: TOfferRow; identityUuid: string; now: Date },
): Promise<TApplicationRow> {
  const { renewal, offer, identityUuid, now } = input;
  if (renewal.state !== 'CREATED') {
    throw new HttpError(409, 'RENEWAL_ALREADY_ACCEPTED', RENEWAL_ACCEPTED_MESSAGE);
  }
  const loan = await fundedLoanOf(tx, await lockRenewedLoan(tx, renewal));
  // The window, the loan's status and the residence, again at acceptance (at the offer's price).
  assertRenewable(loan, { priceCents: offer.priceCents, asOf: offer.priceAsOf }, now);
  // Re-priced at acceptance against the stored price: an offer whose tier no longer holds is
  // refused, and opening the renewal again shows the new one to accept.
  const { refusal } = await repriceRenewal(tx, { renewal, loan, accepted: offer, at: now });
  if (refusal !== null) throw new HttpError(409, refusal.code, refusal.message);

  await tx.update(offers).set({ acceptedAt: now }).where(eq(offers.uuid, offer.uuid));
  const actor = actors.borrower(identityUuid);
  await applyTransition(tx, {
    appUuid: renewal.uuid,
    event: 'OFFER_ACCEPTED',
    actor,
    reason: `renewal offer ${offer.uuid} accepted`,
    at: now,
    changes: acceptedOfferChanges(offer),
  });
  const { application } = await applyTransition(tx, {
    appUuid: renewal.uuid,
    event: 'RENEWAL_ACCEPTED',
    actor,
    reason: 'renewal terms accepted: disclosures for the new term',
    context: { isRollForward: true },
    at: now,
  });
  await recordRequiredDisclosures(tx, application, now);
  await enqueue(
    tx,
    generateDisclosuresJob,
    { appUuid: renewal.uuid },
    { dedupeKey: generateDisclosuresDedupeKey(renewal.uuid) },
  );
  return application;
}
