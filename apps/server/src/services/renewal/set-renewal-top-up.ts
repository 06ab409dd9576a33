/**
 * POST …/applications/{uuid}/roll-forward/top-up (document 1 §7): the coins the renewal adds to
 * the loan's collateral. The renewal is re-priced at once; a top-up changes the offer, never the
 * cash. Refused with a field message (and nothing changed) when the new LTV still fits no band:
 * the message says how much to add. {uuid} is the renewal, or the funded loan whose renewal is open.
 */
import type { TApplication } from '@pledge/contract';
import { computeRenewalOffer, renewalLtvRefusal, toCoinQuantity } from '@pledge/domain';
import { HttpError } from '../../http/errors.js';
import { toApplicationView } from '../applications/application-view.js';
import {
  findOwnedApplication,
  lockOwnedApplication,
  findApplicationById,
} from '../applications/application-record.js';
import { currentPrice } from '../prices/current-price.js';
import type { TRenewalDeps } from './renewal-deps.js';
import { priceRenewal } from './price-renewal.js';
import { assertRenewable, fundedLoanOf, lockRenewedLoan, openRenewalOf } from './renewal-record.js';

export const RENEWAL_TOP_UP_MESSAGES = {
  noRenewal: 'No renewal is open for this loan. Start the renewal from your dashboard.',
  locked: 'The renewal’s terms were accepted: the collateral to add can no longer change.',
} as const;

export async function setRenewalTopUp(
  deps: TRenewalDeps,
  input: { identityUuid: string; appUuid: string; topUpQuantity: string },
): Promise<TApplication> {
  const { identityUuid } = input;
  const now = deps.clock();
  const owned = await findOwnedApplication(deps.db, identityUuid, input.appUuid);
  const renewalUuid = owned.isRollForward
    ? owned.uuid
    : (await openRenewalOf(deps.db, owned.uuid))?.uuid;
  if (renewalUuid === undefined) {
    throw new HttpError(404, 'NO_RENEWAL', RENEWAL_TOP_UP_MESSAGES.noRenewal);
  }
  const topUp = toCoinQuantity(input.topUpQuantity).toFixed();
  // The funded loan: the renewal's, or the one named.
  const loanRow =
    owned.renewsApplicationUuid === null
      ? owned
      : await findOwnedApplication(deps.db, identityUuid, owned.renewsApplicationUuid);
  const { collateralType } = await fundedLoanOf(deps.db, loanRow);
  const quote = await currentPrice(deps.prices, collateralType);

  const row = await deps.db.transaction(async (tx) => {
    const renewal = await lockOwnedApplication(tx, identityUuid, renewalUuid);
    if (renewal.state !== 'CREATED') {
      throw new HttpError(409, 'OFFER_LOCKED', RENEWAL_TOP_UP_MESSAGES.locked);
    }
    const loan = await fundedLoanOf(tx, await lockRenewedLoan(tx, renewal));
    assertRenewable(loan, quote, now);
    const result = await priceRenewal(tx, {
      renewal,
      loan,
      topUp,
      quote,
      now,
      compute: (balanceCents) =>
        computeRenewalOffer({
          balanceCents,
          collateralType: loan.collateralType,
          collateral: loan.collateral,
          topUp,
          priceCents: quote.priceCents,
          residence: loan.residence,
        }),
    });
    const refusal = renewalLtvRefusal(result, loan.collateralType, topUp);
    // Thrown inside the transaction: the earlier offer and top-up stay as they were.
    if (refusal !== null) {
      throw new HttpError(400, refusal.code, refusal.message, { topUpQuantity: [refusal.message] });
    }
    const updated = await findApplicationById(tx, renewal.uuid);
    if (updated === undefined) throw new Error('The renewal vanished');
    return updated;
  });
  return toApplicationView(deps.db, row, now);
}
