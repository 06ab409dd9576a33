/**
 * A return address for the collateral of a paid-off loan (stage COLLATERAL_RELEASE). The server
 * holds no spending key: an accepted request (SUCCESS) is the instruction to the custody operators
 * who sign the withdrawal. Idempotent: while a request stands (SUCCESS), a repeat answers
 * DUPLICATE_REQUEST with that request and records nothing; after WITHDRAWAL_FAILED, NO_COLLATERAL
 * or PENDING_TRANSACTIONS a new request may be made.
 */
import type { TPostCollateralReleaseResponse } from '@pledge/contract';
import {
  INVALID_RETURN_ADDRESS_MESSAGE,
  makeReturnAddressSchema,
  toCoinQuantity,
  type TWithdrawalResult,
} from '@pledge/domain';
import { collateralReleaseRequests } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { actors } from '../applications/apply-transition.js';
import { lockOwnedApplication } from '../applications/application-record.js';
import {
  acceptedOfferOf,
  confirmedBalance,
  loadCollateralRecordsOf,
  termsOf,
  type TCollateralDeps,
} from './collateral-record.js';

/** Results after which the borrower may ask again. */
const RETRYABLE_RESULTS: readonly TWithdrawalResult[] = [
  'WITHDRAWAL_FAILED',
  'NO_COLLATERAL',
  'PENDING_TRANSACTIONS',
];

export async function requestCollateralRelease(
  deps: Pick<TCollateralDeps, 'db' | 'clock'>,
  input: { identityUuid: string; appUuid: string; returnAddress: string },
): Promise<TPostCollateralReleaseResponse> {
  return deps.db.transaction(async (tx) => {
    // Locked: two simultaneous requests are decided one after the other, so one is recorded.
    const application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    if (application.stage !== 'COLLATERAL_RELEASE') {
      throw new HttpError(
        409,
        'COLLATERAL_RELEASE_NOT_AVAILABLE',
        'Collateral can be released only once the loan is paid off',
      );
    }
    const terms = termsOf(await acceptedOfferOf(tx, application));
    const checked = makeReturnAddressSchema(terms.type).safeParse({
      returnAddress: input.returnAddress,
    });
    if (!checked.success) {
      throw new HttpError(400, 'INVALID_RETURN_ADDRESS', INVALID_RETURN_ADDRESS_MESSAGE, {
        returnAddress: [INVALID_RETURN_ADDRESS_MESSAGE],
      });
    }
    const records = await loadCollateralRecordsOf(tx, application.uuid);
    const standing = records.releases[records.releases.length - 1];
    if (standing !== undefined && !RETRYABLE_RESULTS.includes(standing.result)) {
      return {
        collateralReleaseRequest: { requestId: standing.id, address: standing.address },
        collateralReleaseResponse: { id: standing.id, result: 'DUPLICATE_REQUEST' },
      };
    }
    const balance = confirmedBalance(records.deposits);
    const hasPending = records.deposits.some((deposit) => deposit.confirmedAt === null);
    const result: TWithdrawalResult = toCoinQuantity(balance).isZero()
      ? 'NO_COLLATERAL'
      : hasPending
        ? 'PENDING_TRANSACTIONS'
        : 'SUCCESS';
    const [request] = await tx
      .insert(collateralReleaseRequests)
      .values({
        applicationUuid: application.uuid,
        address: checked.data.returnAddress,
        result,
        amount: balance,
        requestedBy: actors.borrower(input.identityUuid),
        createdAt: deps.clock(),
      })
      .returning();
    if (request === undefined) throw new Error('The release request was not recorded');
    return {
      collateralReleaseRequest: { requestId: request.id, address: request.address },
      collateralReleaseResponse: { id: request.id, result: request.result },
    };
  });
}
