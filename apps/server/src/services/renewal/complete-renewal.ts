/**
 * Completion of a renewal (DESIGN §5), in one transaction with its audit events: once every
 * document is signed and its top-up has arrived (the loan holds, beyond its own coins, the coins
 * the renewal adds, confirmed on chain), the renewal becomes the active loan (COMPLETE) and the old
 * loan RENEWED. The collateral is carried over, never released: the loan's collateral account and
 * its deposits move to the renewal, which from then on owns the deposit address and every coin the
 * loan held; the old loan keeps the record of the coins it held of its own. Any loan renews so,
 * a refinanced one included, whose legacy coins never came through its deposit address.
 *
 * Completion is re-priced (issue 34): on the day it completes, against the current stored price,
 * the renewal's cash is the loan's balance of that day (the interest since the quote is carried,
 * not dropped) and its terms must still hold (same rate tier, within the LTV limit, before the
 * loan's maturity); otherwise the renewal ends and says why. Every path that may complete it (the
 * last signature, a deposit, the watcher) goes through here under the renewal's lock, in any order
 * and any number of times: it completes once.
 */
import { isRenewalOfferWithinLtvLimits, toCoinQuantity } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  collateralAccounts,
  collateralAddressBalances,
  collateralDeposits,
  collateralProofLinks,
  collateralWithdrawals,
  offers,
  servicingLoans,
} from '../../db/schema/index.js';
import { enqueue } from '../../jobs/enqueue.js';
import {
  completeRenewalDedupeKey,
  completeRenewalJob,
} from '../../jobs/definitions/complete-renewal.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { applyTransition } from '../applications/apply-transition.js';
import { offerRowOf } from '../offers/offer-record.js';
import { fundedLoanOf, lockRenewedLoan, renewalTopUpProgressOf } from './renewal-record.js';
import { acceptedOfferOfRenewal, endRenewal, repriceRenewal } from './reprice-renewal.js';
import { lockApplicationById } from '../applications/application-record.js';

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
  const topUp = await renewalTopUpProgressOf(tx, renewal, accepted.collateralUnits);
  const isCollateralIn = topUp.isIn;

  const pricing = await repriceRenewal(tx, { renewal, loan, accepted, at });
  // Past maturity the renewal ends whether or not the coins came; a re-pricing only matters when
  // it would otherwise complete now.
  if (pricing.refusal?.code === 'MATURED' || (isCollateralIn && pricing.refusal !== null)) {
    return endRenewal(tx, { renewal, refusal: pricing.refusal, at });
  }
  if (!isCollateralIn || !pricing.repriced.eligible) return renewal;
  const terms = pricing.repriced.offer;
  // On the basis the offer's LTV is on: the balance carried with the renewal's fee.
  if (!isRenewalOfferWithinLtvLimits(terms, pricing.priceCents)) {
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
  // So do the address's withdrawals, its last confirmed balance and the public link to its proof,
  // which the borrower may have shared: the proof follows the coins.
  for (const table of [
    collateralAccounts,
    collateralDeposits,
    collateralWithdrawals,
    collateralAddressBalances,
  ]) {
    await tx
      .update(table)
      .set({ applicationUuid: renewal.uuid, updatedAt: at })
      .where(eq(table.applicationUuid, loan.row.uuid));
  }
  await tx
    .update(collateralProofLinks)
    .set({ applicationUuid: renewal.uuid })
    .where(eq(collateralProofLinks.applicationUuid, loan.row.uuid));
  const held = toCoinQuantity(topUp.loanCollateral).plus(toCoinQuantity(topUp.arrived)).toFixed();
  const { application: completed } = await applyTransition(tx, {
    appUuid: renewal.uuid,
    event: 'RENEWAL_COMPLETED',
    actor,
    reason: `renewal of loan ${loan.row.uuid} complete: ${topUp.arrived} ${loan.collateralType} of a ${renewal.topUpCoinQuantity ?? '0'} top-up arrived, ${held} held, ${terms.collateralUnits} pledged, ${terms.drawAmountCents} cents carried at ${pricing.priceCents} cents per coin`,
    context: { isRollForward: true },
    changes: { requestedAmountCents: terms.drawAmountCents },
    at,
  });
  await applyTransition(tx, {
    appUuid: loan.row.uuid,
    event: 'LOAN_RENEWED',
    actor,
    reason: `renewed by ${renewal.uuid}; its ${topUp.loanCollateral} ${loan.collateralType} carried over with the ${topUp.arrived} ${loan.collateralType} that arrived for the top-up`,
    context: { renewalCompleted: true },
    at,
  });
  // Every coin on the address is the renewal's now (more than the top-up, when more came); the
  // old loan's record keeps the coins it held of its own, not the top-up sent for its renewal.
  await tx
    .update(servicingLoans)
    .set({ collateralUnits: held, updatedAt: at })
    .where(eq(servicingLoans.loanUuid, renewal.uuid));
  await tx
    .update(servicingLoans)
    .set({ collateralUnits: topUp.loanCollateral, updatedAt: at })
    .where(eq(servicingLoans.loanUuid, loan.row.uuid));
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
    const renewal = await lockApplicationById(tx, waiting.uuid);
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
