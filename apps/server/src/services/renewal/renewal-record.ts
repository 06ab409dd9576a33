/**
 * A renewal (roll-forward) as stored: an isRollForward application that names the funded loan it
 * renews (renewsApplicationUuid) and the coins it adds (topUpCoinQuantity). Here: the funded loan's
 * facts the renewal rules read (balance, collateral, maturity, residence, current LTV), the refusal
 * of a loan that cannot be renewed now, the pricing of the renewal's offer, and the
 * rollForwardLoanDetails of the application entity.
 */
import type { TRollForwardLoanDetails } from '@pledge/contract';
import {
  accrualPeriodOf,
  currentLoanLtv,
  isOfferedCollateralType,
  loanMaturityDate,
  OFFER_TTL_MINUTES,
  parseResidence,
  isoDay,
  payoffQuote,
  renewalCoinQuantity,
  renewalRefusal,
  remainingCoinDue,
  toCoinQuantity,
  type TOfferedCollateralType,
  type TOfferResult,
  type TResidence,
} from '@pledge/domain';
import { and, eq, inArray, isNull, min, ne } from 'drizzle-orm';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  auditEvents,
  collateralDeposits,
  offers,
  servicingLoans,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { applicationNotFound, type TApplicationRow } from '../applications/application-record.js';
import { APPLICATION_ENTITY } from '../applications/apply-transition.js';
import { coinText, confirmedBalance } from '../collateral/collateral-record.js';
import { offerRowOf, type TOfferRow } from '../offers/offer-record.js';
import { accrueInterestBatch } from '../servicing/accrue-interest.js';
import { balancesOf } from '../servicing/ledger-store.js';

const MS_PER_MINUTE = 60_000;

/** The funded loan as the renewal rules read it. */
export interface TFundedLoan {
  row: TApplicationRow;
  offer: TOfferRow;
  collateralType: TOfferedCollateralType;
  /** The collateral the loan holds (its accepted offer's coins). */
  collateral: string;
  fundedAt: Date;
  maturityDate: string;
  residence: TResidence;
}

/** When the loan was funded: its first transition to COMPLETE. */
async function fundedAtOf(db: TDb, appUuid: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(auditEvents.at) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        eq(auditEvents.entityId, appUuid),
        eq(auditEvents.toState, 'COMPLETE'),
      ),
    );
  return row?.at == null ? null : new Date(row.at);
}

const NOT_RENEWABLE_MESSAGE = 'Only an active loan can be renewed.';

/** The facts of a funded loan; 409 when the application never became a loan. */
export async function fundedLoanOf(db: TDb, row: TApplicationRow): Promise<TFundedLoan> {
  const notALoan = new HttpError(409, 'NOT_ACTIVE', NOT_RENEWABLE_MESSAGE);
  if (row.selectedOfferUuid === null) throw notALoan;
  const [offer] = await db.select().from(offers).where(eq(offers.uuid, row.selectedOfferUuid));
  const fundedAt = await fundedAtOf(db, row.uuid);
  if (offer === undefined || fundedAt === null || !isOfferedCollateralType(offer.collateralType)) {
    throw notALoan;
  }
  return {
    row,
    offer,
    collateralType: offer.collateralType,
    collateral: coinText(offer.collateralUnits),
    fundedAt,
    maturityDate: loanMaturityDate(fundedAt, offer.termMonths),
    residence: parseResidence({
      state: offer.stateCode ?? undefined,
      countryCode: offer.countryCode ?? undefined,
    }),
  };
}

/**
 * 409 with the rule's code and message unless the loan can be renewed now: ACTIVE (not in margin
 * call at today's price, not liquidated, paid off or renewed), inside its renewal window, and its
 * residence still serviced.
 */
export function assertRenewable(loan: TFundedLoan, quote: TPriceQuote, now: Date): void {
  const ltv = currentLoanLtv({
    balanceCents: loan.offer.amountCents,
    coinQuantity: loan.collateral,
    priceCents: quote.priceCents,
    tierId: loan.offer.tierId,
  });
  const refusal = renewalRefusal({
    state: loan.row.state,
    ltvStatus: ltv?.status ?? null,
    maturityDate: loan.maturityDate,
    residence: loan.residence,
    now,
  });
  if (refusal !== null) throw new HttpError(409, refusal.code, refusal.message);
}

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

/** The open (not cancelled) renewal of a funded loan, if any. */
export async function openRenewalOf(
  db: TDb,
  loanUuid: string,
): Promise<TApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(eq(applications.renewsApplicationUuid, loanUuid), ne(applications.state, 'CANCELLED')),
    );
  return row;
}

/** The funded loan a renewal renews, locked for the rest of the transaction. */
export async function lockRenewedLoan(tx: TDb, renewal: TApplicationRow): Promise<TApplicationRow> {
  if (renewal.renewsApplicationUuid === null) throw applicationNotFound();
  const [loan] = await tx
    .select()
    .from(applications)
    .where(eq(applications.uuid, renewal.renewsApplicationUuid))
    .for('no key update');
  if (loan === undefined) throw applicationNotFound();
  return loan;
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
  await tx
    .update(offers)
    .set({ supersededAt: now })
    .where(
      and(
        eq(offers.applicationUuid, renewal.uuid),
        isNull(offers.acceptedAt),
        isNull(offers.supersededAt),
      ),
    );
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

/** The coins the renewal pledges: the loan's collateral plus the top-up. */
export function renewalCollateralOf(loan: TFundedLoan, renewal: TApplicationRow): string {
  return renewalCoinQuantity(loan.collateral, renewal.topUpCoinQuantity ?? '0');
}

/** Confirmed coins on the loan's deposit address (the deposits follow the collateral account). */
export async function confirmedCollateralOf(db: TDb, loanUuid: string): Promise<string> {
  const deposits = await db
    .select()
    .from(collateralDeposits)
    .where(eq(collateralDeposits.applicationUuid, loanUuid));
  return confirmedBalance(deposits);
}

/**
 * rollForwardLoanDetails of each renewal row: the loan's collateral, the top-up asked for, and what
 * of it has still to arrive (nothing once the renewal is complete).
 */
export async function rollForwardDetailsByApplication(
  db: TDb,
  rows: readonly TApplicationRow[],
): Promise<Map<string, TRollForwardLoanDetails>> {
  const details = new Map<string, TRollForwardLoanDetails>();
  const renewals = rows.filter((row) => row.isRollForward && row.renewsApplicationUuid !== null);
  if (renewals.length === 0) return details;
  const loanUuids = renewals.flatMap((row) =>
    row.renewsApplicationUuid === null ? [] : [row.renewsApplicationUuid],
  );
  const loans = await db
    .select({ uuid: applications.uuid, units: offers.collateralUnits, type: offers.collateralType })
    .from(applications)
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .where(inArray(applications.uuid, loanUuids));
  const deposits = await db
    .select()
    .from(collateralDeposits)
    .where(
      inArray(collateralDeposits.applicationUuid, [
        ...loanUuids,
        ...renewals.map((row) => row.uuid),
      ]),
    );
  for (const renewal of renewals) {
    const loan = loans.find((candidate) => candidate.uuid === renewal.renewsApplicationUuid);
    if (loan === undefined || !isOfferedCollateralType(loan.type)) continue;
    const collateral = coinText(loan.units);
    const topUp = coinText(renewal.topUpCoinQuantity ?? '0');
    const required = renewalCoinQuantity(collateral, topUp);
    // Before completion the deposits are the loan's; after it they moved to the renewal.
    const holder = renewal.state === 'COMPLETE' ? renewal.uuid : renewal.renewsApplicationUuid;
    const balance = confirmedBalance(
      deposits.filter((deposit) => deposit.applicationUuid === holder),
    );
    const remaining = renewal.state === 'COMPLETE' ? '0' : remainingCoinDue(required, balance);
    details.set(renewal.uuid, {
      collateral: { coinQuantity: collateral, type: loan.type },
      topUpAmount: { coinQuantity: topUp, type: loan.type },
      remainingTopUpAmount: {
        coinQuantity: toCoinQuantity(remaining).toFixed(),
        type: loan.type,
      },
    });
  }
  return details;
}
