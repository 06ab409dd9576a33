/**
 * A return address for the collateral of a paid-off loan (stage COLLATERAL_RELEASE). The server
 * holds no spending key: an accepted request (SUCCESS) is the instruction to the custody operators
 * who sign the withdrawal, not before `scheduledFor` (the end of the hold after the payoff,
 * document 1 §9). At most one request is open per loan: a repeat with the same address answers
 * that request (DUPLICATE_REQUEST once accepted) and records nothing; another address is refused
 * (409) until the open request failed (WITHDRAWAL_FAILED) or found no collateral.
 *
 * The collateral is released only once every debit on the loan settled (money in flight is money
 * not yet received, issue 33): while the bank can still return the payoff's debit, or any payment
 * the payoff counted (PENDING), a request is refused (409 PAYOFF_NOT_SETTLED or
 * PAYMENTS_NOT_SETTLED, nothing recorded) and the borrower asks again after they settled. A debit
 * returned later opens the loan again and cancels any open request (reverse-payment.ts).
 */
import type { TPostCollateralReleaseResponse } from '@pledge/contract';
import {
  COLLATERAL_RELEASE_HOLD_MESSAGES,
  collateralReleaseDate,
  collateralReleaseHold,
  collateralReleaseViolations,
  INVALID_RETURN_ADDRESS_MESSAGE,
  isCollateralReleaseOpen,
  makeReturnAddressSchema,
  toCoinQuantity,
  type TWithdrawalResult,
} from '@pledge/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { collateralReleaseRequests, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { actors } from '../applications/apply-transition.js';
import { lockOwnedApplication, type TApplicationRow } from '../applications/application-record.js';
import { loanFactsOf } from '../applications/loan-facts.js';
import { readPayoff } from '../ops/payoff-record.js';
import { liquidatedCollateralToReturn } from '../risk/liquidation-release.js';
import { releaseRequestView } from './collateral-view.js';
import {
  acceptedOfferOf,
  confirmedBalance,
  loadCollateralRecordsOf,
  termsOf,
  type TCollateralDeps,
} from './collateral-record.js';

export const PAYOFF_NOT_SETTLED_MESSAGE = COLLATERAL_RELEASE_HOLD_MESSAGES.PAYOFF_NOT_SETTLED;

/** 409 while any debit on the loan (the payoff's, or a payment it counted) is still with the bank. */
async function assertDebitsSettled(tx: TDb, loanUuid: string): Promise<void> {
  const [inFlight] = await tx
    .select({
      pendingCents: sql<string>`coalesce(sum(${servicingPayments.amountCents}), 0)`,
      isPayoffPending: sql<boolean>`coalesce(bool_or(${servicingPayments.purpose} = 'PAYOFF'), false)`,
    })
    .from(servicingPayments)
    .where(and(eq(servicingPayments.loanUuid, loanUuid), eq(servicingPayments.status, 'PENDING')));
  const hold = collateralReleaseHold({
    isPayoffDebitPending: inFlight?.isPayoffPending === true,
    pendingDebitsCents: Number(inFlight?.pendingCents ?? 0),
  });
  if (hold !== null) throw new HttpError(409, hold, COLLATERAL_RELEASE_HOLD_MESSAGES[hold]);
}

/**
 * The loan's release rules (one open request, only after a payoff or a liquidation that left
 * nothing owed, never inside the hold), read after the write in the same transaction: a broken
 * rule rolls the request back.
 */
async function assertReleaseInvariants(tx: TDb, application: TApplicationRow): Promise<void> {
  const violations = collateralReleaseViolations(await loanFactsOf(tx, application));
  if (violations.length > 0) {
    throw new Error(
      `Loan ${application.uuid} collateral release invariant broken: ${violations.join('; ')}`,
    );
  }
}

export const RELEASE_IN_PROGRESS_MESSAGE =
  'A release of this collateral is already under way to another address. You can give a different address only if that release fails; contact support if the address is wrong.';

/** A release that is (or was) waiting for deposits to confirm is looked at again on a repeat. */
function resultNow(balance: string, hasPending: boolean): TWithdrawalResult {
  if (toCoinQuantity(balance).isZero()) return 'NO_COLLATERAL';
  return hasPending ? 'PENDING_TRANSACTIONS' : 'SUCCESS';
}

export async function requestCollateralRelease(
  deps: Pick<TCollateralDeps, 'db' | 'clock'>,
  input: { identityUuid: string; appUuid: string; returnAddress: string },
): Promise<TPostCollateralReleaseResponse> {
  return deps.db.transaction(async (tx) => {
    // Locked: simultaneous requests are decided one after the other, so one is recorded (the
    // partial unique index of open requests stands behind the lock).
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    // A liquidated loan that owes nothing returns the coins the sale left, as a paid-off loan does.
    const liquidatedRemainder =
      application.stage === 'COLLATERAL_RELEASE'
        ? null
        : await liquidatedCollateralToReturn(tx, application.uuid);
    if (application.stage !== 'COLLATERAL_RELEASE' && liquidatedRemainder === null) {
      throw new HttpError(
        409,
        'COLLATERAL_RELEASE_NOT_AVAILABLE',
        'Collateral can be released only once the loan is paid off',
      );
    }
    await assertDebitsSettled(tx, application.uuid);
    const terms = termsOf(await acceptedOfferOf(tx, application));
    const checked = makeReturnAddressSchema(terms.type).safeParse({
      returnAddress: input.returnAddress,
    });
    if (!checked.success) {
      throw new HttpError(400, 'INVALID_RETURN_ADDRESS', INVALID_RETURN_ADDRESS_MESSAGE, {
        returnAddress: [INVALID_RETURN_ADDRESS_MESSAGE],
      });
    }
    const address = checked.data.returnAddress;
    const records = await loadCollateralRecordsOf(tx, application.uuid);
    const balance = liquidatedRemainder ?? confirmedBalance(records.deposits);
    const hasPending = records.deposits.some((deposit) => deposit.confirmedAt === null);
    const open = records.releases.find((release) => isCollateralReleaseOpen(release.result));
    if (open !== undefined) {
      if (open.address !== address) {
        throw new HttpError(409, 'COLLATERAL_RELEASE_IN_PROGRESS', RELEASE_IN_PROGRESS_MESSAGE);
      }
      // The same request again (a double click, a retry): the same request, never a second one.
      let standing = open;
      if (open.result === 'PENDING_TRANSACTIONS') {
        const [updated] = await tx
          .update(collateralReleaseRequests)
          .set({ result: resultNow(balance, hasPending), amount: balance })
          .where(eq(collateralReleaseRequests.id, open.id))
          .returning();
        standing = updated ?? open;
        await assertReleaseInvariants(tx, application);
      }
      return {
        collateralReleaseRequest: releaseRequestView(standing),
        collateralReleaseResponse: {
          id: standing.id,
          result: standing.result === 'SUCCESS' ? 'DUPLICATE_REQUEST' : standing.result,
        },
      };
    }
    const now = deps.clock();
    const payoff = await readPayoff(tx, application.uuid);
    const [request] = await tx
      .insert(collateralReleaseRequests)
      .values({
        applicationUuid: application.uuid,
        address,
        result: resultNow(balance, hasPending),
        amount: balance,
        requestedBy: actors.borrower(input.identityUuid),
        // Nothing goes out before the hold after the payoff ends.
        scheduledFor: collateralReleaseDate({ payoff, requestedAt: now }),
        createdAt: now,
      })
      .returning();
    if (request === undefined) throw new Error('The release request was not recorded');
    await assertReleaseInvariants(tx, application);
    return {
      collateralReleaseRequest: releaseRequestView(request),
      collateralReleaseResponse: { id: request.id, result: request.result },
    };
  });
}
