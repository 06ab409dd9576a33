/**
 * A renewal's price: the cash it settles (the renewed loan's balance as its ledger holds it on the
 * day, its accrual brought to that day first) and its offer, re-made inside the caller's
 * transaction whenever the top-up or the price moves.
 */
import {
  accrualPeriodOf,
  isoDay,
  OFFER_TTL_MINUTES,
  payoffQuote,
  type TOfferResult,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { applications, offers, servicingLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { offerRowOf, supersedeOpenOffers } from '../offers/offer-record.js';
import { accrueInterestBatch } from '../servicing/accrue-interest.js';
import { balancesOf } from '../servicing/ledger-store.js';
import { NOT_RENEWABLE_MESSAGE, type TFundedLoan } from './renewal-record.js';

const MS_PER_MINUTE = 60_000;

/**
 * The renewal's cash: what the loan's ledger says it owes on `now`, as its payoff quote does: every
 * balance (principal, capitalised fee, deferred and accrued interest, fees), each a sum of entries,
 * plus the running period's 30/360 interest up to the day that is not in the ledger yet (the
 * domain's interestToDateCents on the day's balance, through payoffQuote). The loan's accrual is
 * brought to the day first, so the renewal settles exactly the balance the ledger closes into it.
 */
export async function renewalBalanceCents(db: TDb, loan: TFundedLoan, now: Date): Promise<number> {
  await accrueInterestBatch(db, { asOf: isoDay(now), loanUuid: loan.row.uuid });
  const [servicing] = await db
    .select()
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loan.row.uuid));
  if (servicing === undefined) throw new HttpError(409, 'NOT_ACTIVE', NOT_RENEWABLE_MESSAGE);
  return payoffQuote({
    balances: await balancesOf(db, loan.row.uuid),
    period: accrualPeriodOf(servicing),
    interestRateBps: servicing.interestRateBps,
    now,
  }).amountCents;
}

/**
 * Re-prices the renewal inside the caller's transaction (the renewal locked): the open offers are
 * superseded and, when the new LTV fits a band, one new offer is made. Answers the domain's result.
 */
export async function priceRenewal(
  tx: TDb,
  input: {
    renewal: TApplicationRow;
    loan: TFundedLoan;
    topUp: string;
    quote: TPriceQuote;
    now: Date;
    compute: (balanceCents: number) => TOfferResult;
  },
): Promise<TOfferResult> {
  const { renewal, loan, quote, now } = input;
  const result = input.compute(await renewalBalanceCents(tx, loan, now));
  await supersedeOpenOffers(tx, renewal.uuid, now);
  if (result.eligible) {
    await tx.insert(offers).values(
      offerRowOf({
        applicationUuid: renewal.uuid,
        terms: result.offer,
        residence: loan.residence,
        priceCents: quote.priceCents,
        priceAsOf: quote.asOf,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OFFER_TTL_MINUTES * MS_PER_MINUTE),
      }),
    );
  }
  await tx
    .update(applications)
    .set({ topUpCoinQuantity: input.topUp, updatedAt: now, version: renewal.version + 1 })
    .where(eq(applications.uuid, renewal.uuid));
  return result;
}
