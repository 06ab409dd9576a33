/**
 * A renewal (roll-forward) as stored: an isRollForward application that names the funded loan it
 * renews (renewsApplicationUuid) and the coins it adds (topUpCoinQuantity). Here: the funded loan's
 * facts the renewal rules read (collateral, maturity, residence, current LTV), the refusal of a loan
 * that cannot be renewed now, and the rollForwardLoanDetails of the application entity. The
 * renewal's price, which reads the loan's ledger, is price-renewal.ts.
 */
import type { TRollForwardLoanDetails } from '@pledge/contract';
import {
  currentLoanLtv,
  isOfferedCollateralType,
  loanMaturityDate,
  parseResidence,
  renewalCoinQuantity,
  renewalRefusal,
  renewalTopUpProgress,
  toCoinQuantity,
  type TOfferedCollateralType,
  type TRenewalTopUpProgress,
  type TResidence,
} from '@pledge/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { applications, collateralDeposits, offers, servicingLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import {
  applicationNotFound,
  firstTransitionTo,
  lockApplicationById,
  type TApplicationRow,
} from '../applications/application-record.js';
import { coinText, confirmedBalance } from '../collateral/collateral-record.js';
import type { TOfferRow } from '../offers/offer-record.js';

/** The funded loan as the renewal rules read it. */
export interface TFundedLoan {
  row: TApplicationRow;
  offer: TOfferRow;
  collateralType: TOfferedCollateralType;
  /**
   * The coins the loan holds now (its servicing record: the pledged coins, plus deposits since
   * funding, less what a liquidation sold); the accepted offer's before servicing kept them.
   */
  collateral: string;
  fundedAt: Date;
  maturityDate: string;
  residence: TResidence;
}

export const NOT_RENEWABLE_MESSAGE = 'Only an active loan can be renewed.';

/** The facts of a funded loan; 409 when the application never became a loan. */
export async function fundedLoanOf(db: TDb, row: TApplicationRow): Promise<TFundedLoan> {
  const notALoan = new HttpError(409, 'NOT_ACTIVE', NOT_RENEWABLE_MESSAGE);
  if (row.selectedOfferUuid === null) throw notALoan;
  const [offer] = await db.select().from(offers).where(eq(offers.uuid, row.selectedOfferUuid));
  // Funded: its first transition to COMPLETE.
  const fundedAt = (await firstTransitionTo(db, row.uuid, 'COMPLETE'))?.at;
  if (
    offer === undefined ||
    fundedAt === undefined ||
    !isOfferedCollateralType(offer.collateralType)
  ) {
    throw notALoan;
  }
  const [servicing] = await db
    .select({ collateralUnits: servicingLoans.collateralUnits })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, row.uuid));
  return {
    row,
    offer,
    collateralType: offer.collateralType,
    collateral: coinText(servicing?.collateralUnits ?? offer.collateralUnits),
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
  const loan = await lockApplicationById(tx, renewal.renewsApplicationUuid);
  if (loan === undefined) throw applicationNotFound();
  return loan;
}

/** The coins each loan holds now (servicing's record, else its accepted offer's), by loan uuid. */
async function heldCollateralByLoan(
  db: TDb,
  loanUuids: readonly string[],
): Promise<Map<string, { units: string; type: string }>> {
  if (loanUuids.length === 0) return new Map();
  const rows = await db
    .select({
      uuid: applications.uuid,
      offerUnits: offers.collateralUnits,
      type: offers.collateralType,
      heldUnits: servicingLoans.collateralUnits,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .leftJoin(servicingLoans, eq(servicingLoans.loanUuid, applications.uuid))
    .where(inArray(applications.uuid, [...loanUuids]));
  return new Map(
    rows.map((row) => [
      row.uuid,
      { units: coinText(row.heldUnits ?? row.offerUnits), type: row.type },
    ]),
  );
}

/** Confirmed coins recorded on renewals' own accounts (addresses an earlier release derived). */
async function ownDepositsByRenewal(
  db: TDb,
  renewalUuids: readonly string[],
): Promise<Map<string, string>> {
  if (renewalUuids.length === 0) return new Map();
  const deposits = await db
    .select()
    .from(collateralDeposits)
    .where(inArray(collateralDeposits.applicationUuid, [...renewalUuids]));
  return new Map(
    renewalUuids.map((uuid) => [
      uuid,
      confirmedBalance(deposits.filter((deposit) => deposit.applicationUuid === uuid)),
    ]),
  );
}

/**
 * The collateral each renewal pledges: its accepted offer's, else its open offer's; none before it
 * was priced (or when no offer fits).
 */
async function pledgedByRenewal(
  db: TDb,
  renewals: readonly TApplicationRow[],
): Promise<Map<string, string>> {
  if (renewals.length === 0) return new Map();
  const rows = await db
    .select({
      applicationUuid: offers.applicationUuid,
      uuid: offers.uuid,
      units: offers.collateralUnits,
      supersededAt: offers.supersededAt,
    })
    .from(offers)
    .where(
      inArray(
        offers.applicationUuid,
        renewals.map((renewal) => renewal.uuid),
      ),
    );
  const pledged = new Map<string, string>();
  for (const renewal of renewals) {
    const mine = rows.filter((row) => row.applicationUuid === renewal.uuid);
    const offer =
      mine.find((row) => row.uuid === renewal.selectedOfferUuid) ??
      mine.find((row) => row.supersededAt === null);
    if (offer !== undefined) pledged.set(renewal.uuid, coinText(offer.units));
  }
  return pledged;
}

/**
 * How far the top-up of a renewal not yet complete has come (renewalTopUpProgress): the coins its
 * loan holds beyond its own, plus any recorded on the renewal itself. `pledged` is the collateral
 * of the renewal's offer (the loan's coins when it was priced plus the top-up).
 */
export async function renewalTopUpProgressOf(
  db: TDb,
  renewal: TApplicationRow,
  pledged: string,
): Promise<TRenewalTopUpProgress> {
  const loanUuid = renewal.renewsApplicationUuid;
  const held =
    loanUuid === null ? undefined : (await heldCollateralByLoan(db, [loanUuid])).get(loanUuid);
  const own = (await ownDepositsByRenewal(db, [renewal.uuid])).get(renewal.uuid) ?? '0';
  return renewalTopUpProgress({
    pledged,
    topUp: renewal.topUpCoinQuantity ?? '0',
    held: toCoinQuantity(held?.units ?? '0')
      .plus(toCoinQuantity(own))
      .toFixed(),
  });
}

/**
 * rollForwardLoanDetails of each renewal row: the coins its loan holds of its own, the top-up asked
 * for, and what of it has still to arrive (the top-up less what arrived for it; nothing once the
 * renewal is complete).
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
  const [held, own, pledged] = await Promise.all([
    heldCollateralByLoan(db, loanUuids),
    ownDepositsByRenewal(
      db,
      renewals.map((row) => row.uuid),
    ),
    pledgedByRenewal(db, renewals),
  ]);
  for (const renewal of renewals) {
    const loan = held.get(renewal.renewsApplicationUuid ?? '');
    if (loan === undefined || !isOfferedCollateralType(loan.type)) continue;
    const topUp = coinText(renewal.topUpCoinQuantity ?? '0');
    const holding = toCoinQuantity(loan.units)
      .plus(toCoinQuantity(own.get(renewal.uuid) ?? '0'))
      .toFixed();
    // Before an offer the loan's coins are all its own.
    const progress = renewalTopUpProgress({
      pledged: pledged.get(renewal.uuid) ?? renewalCoinQuantity(loan.units, topUp),
      topUp,
      held: holding,
    });
    const isComplete = renewal.state === 'COMPLETE';
    details.set(renewal.uuid, {
      collateral: { coinQuantity: coinText(progress.loanCollateral), type: loan.type },
      topUpAmount: { coinQuantity: topUp, type: loan.type },
      remainingTopUpAmount: {
        coinQuantity: isComplete ? '0' : toCoinQuantity(progress.remaining).toFixed(),
        type: loan.type,
      },
    });
  }
  return details;
}
