/**
 * Completion of a renewal (DESIGN §5), in one transaction with its audit events: once every
 * document is signed and the loan's deposit address holds the renewal's collateral (the loan's coins
 * plus any top-up, confirmed on chain), the renewal becomes the active loan (COMPLETE) and the old
 * loan RENEWED. The collateral is carried over, never released: the loan's collateral account and
 * its deposits move to the renewal, which from then on owns the deposit address.
 *
 * Completion is re-priced (issue 34): on the day it completes, against the current stored price,
 * the renewal's cash is the loan's balance of that day (the interest since the quote is carried,
 * not dropped) and its terms must still hold (same rate tier, within the LTV limit, before the
 * loan's maturity); otherwise the renewal ends and says why. Every path that may complete it (the
 * last signature, a deposit, the watcher) goes through here under the renewal's lock, in any order
 * and any number of times: it completes once.
 */
import { isRenewalWithinLtvLimits, renewalCoinQuantity, toCoinQuantity } from '@pledge/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  collateralAccounts,
  collateralDeposits,
  offers,
} from '../../db/schema/index.js';
import { enqueue } from '../../jobs/enqueue.js';
import {
  completeRenewalDedupeKey,
  completeRenewalJob,
} from '../../jobs/definitions/complete-renewal.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { applyTransition } from '../applications/apply-transition.js';
import { confirmedBalance } from '../collateral/collateral-record.js';
import { offerRowOf } from '../offers/offer-record.js';
import { fundedLoanOf, lockRenewedLoan } from './renewal-record.js';
import { acceptedOfferOfRenewal, endRenewal, repriceRenewal } from './reprice-renewal.js';

/**
 * Confirmed coins held for the renewal: the loan's address, plus any deposit recorded on the
 * renewal itself (an address derived for it before renewals were barred from having their own).
 */
async function confirmedForRenewal(
  tx: TDb,
  renewal: TApplicationRow,
  loanUuid: string,
): Promise<string> {
  const deposits = await tx
    .select()
    .from(collateralDeposits)
    .where(inArray(collateralDeposits.applicationUuid, [loanUuid, renewal.uuid]));
  return confirmedBalance(deposits);
}

/**
 * Inside the caller's transaction, with the renewal locked: completes it when it waits for
 * collateral that is all there, re-priced to the completion day; ends it when its terms no longer
 * hold or the loan matured. Answers the renewal as it is now.
 */
export async function completeRenewalIfCollateralIn(
  tx: TDb,
  input: { renewal: TApplicationRow; actor: string; at: Date },
): Promise<TApplicationRow> {
  const { renewal, actor, at } = input;
  if (!renewal.isRollForward || renewal.state !== 'WAITING_FOR_COLLATERAL') return renewal;
  const accepted = await acceptedOfferOfRenewal(tx, renewal);
  if (accepted === undefined) return renewal;
  const loanRow = await lockRenewedLoan(tx, renewal);
  // A loan paid off or liquidated meanwhile is not renewed; the renewal keeps waiting (an agent
  // cancels it).
  if (loanRow.state !== 'COMPLETE') return renewal;
  const loan = await fundedLoanOf(tx, loanRow);
  const required = renewalCoinQuantity(loan.collateral, renewal.topUpCoinQuantity ?? '0');
  const confirmed = await confirmedForRenewal(tx, renewal, loan.row.uuid);
  const isCollateralIn = toCoinQuantity(confirmed).gte(toCoinQuantity(required));

  const pricing = await repriceRenewal(tx, { renewal, loan, accepted, at });
  // Past maturity the renewal ends whether or not the coins came; a re-pricing only matters when
  // it would otherwise complete now.
  if (pricing.refusal?.code === 'MATURED' || (isCollateralIn && pricing.refusal !== null)) {
    return endRenewal(tx, { renewal, refusal: pricing.refusal, at });
  }
  if (!isCollateralIn || !pricing.repriced.eligible) return renewal;
  const terms = pricing.repriced.offer;
  if (
    !isRenewalWithinLtvLimits({
      drawCents: terms.drawAmountCents,
      coinQuantity: terms.collateralUnits,
      priceCents: pricing.priceCents,
      tierId: terms.tierId,
    })
  ) {
    throw new Error(`Renewal ${renewal.uuid} would complete above its tier's LTV limit`);
  }

  // The accepted offer takes the figures of the completion day: the loan's balance then (its
  // interest to this day), at the stored price; the rate tier is the one accepted.
  const row = offerRowOf({
    applicationUuid: renewal.uuid,
    terms,
    residence: loan.residence,
    priceCents: pricing.priceCents,
    priceAsOf: pricing.priceAsOf,
    createdAt: accepted.createdAt,
    expiresAt: accepted.expiresAt,
  });
  await tx.update(offers).set(row).where(eq(offers.uuid, accepted.uuid));

  // The renewal's own account (the borrower's choices on its collateral page) never holds the
  // coins; the loan's, with its address and deposits, takes its place.
  await tx.delete(collateralAccounts).where(eq(collateralAccounts.applicationUuid, renewal.uuid));
  await tx
    .update(collateralAccounts)
    .set({ applicationUuid: renewal.uuid, updatedAt: at })
    .where(eq(collateralAccounts.applicationUuid, loan.row.uuid));
  await tx
    .update(collateralDeposits)
    .set({ applicationUuid: renewal.uuid, updatedAt: at })
    .where(eq(collateralDeposits.applicationUuid, loan.row.uuid));
  const { application: completed } = await applyTransition(tx, {
    appUuid: renewal.uuid,
    event: 'RENEWAL_COMPLETED',
    actor,
    reason: `renewal of loan ${loan.row.uuid} complete: ${confirmed} ${loan.collateralType} confirmed, ${required} pledged, ${terms.drawAmountCents} cents carried at ${pricing.priceCents} cents per coin`,
    context: { isRollForward: true },
    changes: { requestedAmountCents: terms.drawAmountCents },
    at,
  });
  await applyTransition(tx, {
    appUuid: loan.row.uuid,
    event: 'LOAN_RENEWED',
    actor,
    reason: `renewed by ${renewal.uuid}; collateral carried over`,
    context: { renewalCompleted: true },
    at,
  });
  return completed;
}

/**
 * After the loan's deposit address was watched: completes its renewal if it was waiting for a
 * top-up that has now arrived (its own transaction, the renewal locked before the loan).
 */
export async function completeWaitingRenewalOf(
  deps: { db: TDb; clock: () => Date },
  loanUuid: string,
  actor: string,
): Promise<void> {
  const [waiting] = await deps.db
    .select({ uuid: applications.uuid })
    .from(applications)
    .where(
      and(
        eq(applications.renewsApplicationUuid, loanUuid),
        eq(applications.state, 'WAITING_FOR_COLLATERAL'),
      ),
    );
  if (waiting === undefined) return;
  await deps.db.transaction(async (tx) => {
    const [renewal] = await tx
      .select()
      .from(applications)
      .where(eq(applications.uuid, waiting.uuid))
      .for('no key update');
    if (renewal === undefined) return;
    await completeRenewalIfCollateralIn(tx, { renewal, actor, at: deps.clock() });
  });
}

/**
 * For a chain callback (a deposit just recorded): completes the waiting renewal now, and when that
 * fails, leaves it to a retried job instead of failing the callback.
 */
export async function completeWaitingRenewalOrRetry(
  deps: { db: TDb; clock: () => Date },
  loanUuid: string,
  actor: string,
): Promise<void> {
  try {
    await completeWaitingRenewalOf(deps, loanUuid, actor);
  } catch {
    await enqueue(
      deps.db,
      completeRenewalJob,
      { loanUuid },
      { dedupeKey: completeRenewalDedupeKey(loanUuid) },
    );
  }
}
