/**
 * Completion of a renewal (DESIGN §5), in one transaction with its audit events: once every
 * document is signed and the loan's deposit address holds the renewal's collateral (the loan's coins
 * plus any top-up, confirmed on chain), the renewal becomes the active loan (COMPLETE) and the old
 * loan RENEWED. The collateral is carried over, never released: the loan's collateral account and
 * its deposits move to the renewal, which from then on owns the deposit address.
 */
import { isoDay, toCoinQuantity } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  collateralAccounts,
  collateralDeposits,
  offers,
} from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { applyTransition } from '../applications/apply-transition.js';
import { accrueInterestBatch } from '../servicing/accrue-interest.js';
import { confirmedCollateralOf, lockRenewedLoan } from './renewal-record.js';

/**
 * Inside the caller's transaction, with the renewal locked: completes it when it waits for
 * collateral that is all there; answers the renewal as it is now.
 */
export async function completeRenewalIfCollateralIn(
  tx: TDb,
  input: { renewal: TApplicationRow; actor: string; at: Date },
): Promise<TApplicationRow> {
  const { renewal, actor, at } = input;
  if (!renewal.isRollForward || renewal.state !== 'WAITING_FOR_COLLATERAL') return renewal;
  if (renewal.selectedOfferUuid === null) return renewal;
  const loan = await lockRenewedLoan(tx, renewal);
  // A loan paid off or liquidated meanwhile is not renewed; the renewal keeps waiting (an agent
  // cancels it).
  if (loan.state !== 'COMPLETE') return renewal;
  const [offer] = await tx
    .select({ collateralUnits: offers.collateralUnits, type: offers.collateralType })
    .from(offers)
    .where(eq(offers.uuid, renewal.selectedOfferUuid));
  if (offer === undefined) return renewal;
  const confirmed = await confirmedCollateralOf(tx, loan.uuid);
  if (toCoinQuantity(confirmed).lt(toCoinQuantity(offer.collateralUnits))) return renewal;

  // The renewal's own account (the borrower's choices on its collateral page) never had an
  // address; the loan's, with its address and deposits, takes its place.
  await tx
    .delete(collateralAccounts)
    .where(
      and(
        eq(collateralAccounts.applicationUuid, renewal.uuid),
        isNull(collateralAccounts.depositAddress),
      ),
    );
  await tx
    .update(collateralAccounts)
    .set({ applicationUuid: renewal.uuid, updatedAt: at })
    .where(eq(collateralAccounts.applicationUuid, loan.uuid));
  await tx
    .update(collateralDeposits)
    .set({ applicationUuid: renewal.uuid, updatedAt: at })
    .where(eq(collateralDeposits.applicationUuid, loan.uuid));
  // The loan's interest is in its ledger up to the renewal day before its balance closes into the
  // renewal (on RENEWED): the balance the renewal's cash was priced on, 30/360 to the day.
  await accrueInterestBatch(tx, { asOf: isoDay(at), loanUuid: loan.uuid });
  const { application: completed } = await applyTransition(tx, {
    appUuid: renewal.uuid,
    event: 'RENEWAL_COMPLETED',
    actor,
    reason: `renewal of loan ${loan.uuid} complete: ${confirmed} ${offer.type} confirmed, ${offer.collateralUnits} pledged`,
    context: { isRollForward: true },
    at,
  });
  await applyTransition(tx, {
    appUuid: loan.uuid,
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
