/**
 * Offers as stored and as the API shows them (TOffer: dollars, percents, decimal strings), and
 * when an application's offer may still change.
 */
import type { TOffer } from '@pledge/contract';
import {
  Decimal,
  centsToUsd,
  isOfferedCollateralType,
  offerPaymentSchedule,
  type TOfferTerms,
  type TPaymentScheduleRow,
  type TResidence,
} from '@pledge/domain';
import { and, asc, eq, gt, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, offers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';

export type TOfferRow = typeof offers.$inferSelect;

/** What an application takes from the offer accepted on it: its terms and the residence it priced. */
export function acceptedOfferChanges(offer: TOfferRow) {
  return {
    selectedOfferUuid: offer.uuid,
    requestedAmountCents: offer.drawAmountCents,
    collateralType: offer.collateralType,
    coinQuantity: offer.collateralUnits,
    stateCode: offer.stateCode,
    countryCode: offer.countryCode,
    isInternational: offer.countryCode !== null,
  };
}

/** A plain decimal without a sign or leading zeros, as PostgreSQL writes a numeric. */
const PLAIN_DECIMAL_TEXT = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const ZERO = 48;
const POINT = 46;

/**
 * A coin quantity read from numeric(30,18) without its trailing zeros: "1.500000…" → "1.5". Every
 * offer shown makes two, so a plain decimal (what PostgreSQL writes) loses its zeros as text;
 * anything else is read as a Decimal.
 */
export function coinQuantityText(stored: string): string {
  if (!PLAIN_DECIMAL_TEXT.test(stored)) return new Decimal(stored).toFixed();
  if (!stored.includes('.')) return stored;
  let end = stored.length;
  while (stored.charCodeAt(end - 1) === ZERO) end -= 1;
  if (stored.charCodeAt(end - 1) === POINT) end -= 1;
  return stored.slice(0, end);
}

/** The row of a freshly computed offer. */
export function offerRowOf(input: {
  applicationUuid: string;
  terms: TOfferTerms;
  residence: TResidence;
  priceCents: number;
  priceAsOf: Date;
  createdAt: Date;
  expiresAt: Date;
}): typeof offers.$inferInsert {
  const { terms, residence } = input;
  return {
    applicationUuid: input.applicationUuid,
    amountCents: terms.amountCents,
    drawAmountCents: terms.drawAmountCents,
    termMonths: terms.termMonths,
    ltvPct: terms.ltvPct,
    interestRateBps: terms.interestRateBps,
    interestRatePct: terms.interestRatePct,
    annualPercentageRatePct: terms.annualPercentageRatePct,
    originationFeeBps: terms.originationFeeBps,
    originationFeeAmountCents: terms.originationFeeAmountCents,
    estimatedMonthlyPaymentCents: terms.estimatedMonthlyPaymentCents,
    collateralType: terms.collateralType,
    collateralUnits: terms.collateralUnits,
    minCollateralUnits: terms.minCollateralUnits,
    collateralAmountCents: terms.collateralAmountCents,
    warningPriceCents: terms.warningPriceCents,
    marginCallPriceCents: terms.marginCallPriceCents,
    liquidationPriceCents: terms.liquidationPriceCents,
    courtesyNoticeLtvPct: String(terms.courtesyNoticeLtvPct),
    tierId: terms.tierId,
    financeChargeCents: terms.financeChargeCents,
    totalOfPaymentsCents: terms.totalOfPaymentsCents,
    stateCode: residence.kind === 'state' ? residence.state : null,
    countryCode: residence.kind === 'country' ? residence.countryCode : null,
    priceCents: input.priceCents,
    priceAsOf: input.priceAsOf,
    createdAt: input.createdAt,
    expiresAt: input.expiresAt,
  };
}

/** An offer's payments: as stored on an offer made before 0044, else from its terms. */
export function paymentScheduleOf(
  row: Pick<TOfferRow, 'paymentSchedule' | 'amountCents' | 'interestRateBps' | 'termMonths'>,
): TPaymentScheduleRow[] {
  return row.paymentSchedule ?? offerPaymentSchedule(row);
}

/** The columns an offer's view (TOffer) shows: a list reads these and no others. */
export const OFFER_VIEW_COLUMNS = {
  uuid: offers.uuid,
  amountCents: offers.amountCents,
  drawAmountCents: offers.drawAmountCents,
  termMonths: offers.termMonths,
  ltvPct: offers.ltvPct,
  interestRatePct: offers.interestRatePct,
  annualPercentageRatePct: offers.annualPercentageRatePct,
  originationFeeBps: offers.originationFeeBps,
  originationFeeAmountCents: offers.originationFeeAmountCents,
  estimatedMonthlyPaymentCents: offers.estimatedMonthlyPaymentCents,
  collateralType: offers.collateralType,
  collateralUnits: offers.collateralUnits,
  minCollateralUnits: offers.minCollateralUnits,
  collateralAmountCents: offers.collateralAmountCents,
  stateCode: offers.stateCode,
  countryCode: offers.countryCode,
};

export type TOfferViewRow = Pick<TOfferRow, keyof typeof OFFER_VIEW_COLUMNS>;

export function toOfferView(row: TOfferViewRow): TOffer {
  if (!isOfferedCollateralType(row.collateralType)) {
    throw new Error(`Offer ${row.uuid} holds an unknown collateral type`);
  }
  return {
    uuid: row.uuid,
    amount: centsToUsd(row.amountCents),
    drawAmount: centsToUsd(row.drawAmountCents),
    term: row.termMonths,
    ltv: Number(row.ltvPct),
    interestRate: Number(row.interestRatePct),
    annualPercentageRate: Number(row.annualPercentageRatePct),
    // Basis points to a percent number: 150 → 1.5. The division of two integers is the double
    // nearest the exact quotient, the number the quotient's decimal text reads as.
    originationFee: row.originationFeeBps / 100,
    originationFeeAmount: centsToUsd(row.originationFeeAmountCents),
    estimatedMonthlyPayment: centsToUsd(row.estimatedMonthlyPaymentCents),
    collateral: { type: row.collateralType },
    collateralUnits: coinQuantityText(row.collateralUnits),
    minCollateralUnits: coinQuantityText(row.minCollateralUnits),
    collateralAmount: centsToUsd(row.collateralAmountCents),
    postTopUpLoanToValue: null,
    celsiusTopUpRequired: false,
    collateralReuseConsent: null,
    state: row.stateCode,
    countryCode: row.countryCode,
  };
}

/**
 * The join of an application to its offers open at `now` (a value, or a prepared statement's
 * placeholder): among those made since its open_offers_since, as the session check finds them,
 * neither accepted, replaced nor expired.
 */
export function isOpenOfferOf(now: Date | Placeholder) {
  return and(
    eq(offers.applicationUuid, applications.uuid),
    sql`${offers.createdAt} >= COALESCE(${applications.openOffersSince}, '-infinity')`,
    isNull(offers.acceptedAt),
    isNull(offers.supersededAt),
    gt(offers.expiresAt, now),
  );
}

/**
 * The offers open on each application: not accepted, not replaced by a newer request, not
 * expired. They are found among the offers made since the application's open_offers_since (as the
 * requested offer's write and the session check find them: schema/applications.ts), however many
 * it was quoted. Keyed by application uuid; one query for any number of applications.
 */
export async function openOffersByApplication(
  db: TDb,
  applicationUuids: readonly string[],
  now: Date,
): Promise<Map<string, TOffer[]>> {
  const byApplication = new Map<string, TOffer[]>();
  if (applicationUuids.length === 0) return byApplication;
  const rows = await db
    .select({ ...OFFER_VIEW_COLUMNS, applicationUuid: offers.applicationUuid })
    .from(applications)
    .innerJoin(offers, isOpenOfferOf(now))
    .where(inArray(applications.uuid, [...applicationUuids]))
    .orderBy(asc(offers.createdAt), asc(offers.uuid));
  for (const row of rows) {
    const list = byApplication.get(row.applicationUuid) ?? [];
    list.push(toOfferView(row));
    byApplication.set(row.applicationUuid, list);
  }
  return byApplication;
}

/**
 * A new pricing replaces the application's offers not accepted yet: they are marked superseded at
 * `now`, in the caller's transaction, before the new ones are stored.
 */
export async function supersedeOpenOffers(
  tx: TDb,
  applicationUuid: string,
  now: Date,
): Promise<void> {
  await tx
    .update(offers)
    .set({ supersededAt: now })
    .where(
      and(
        eq(offers.applicationUuid, applicationUuid),
        isNull(offers.acceptedAt),
        isNull(offers.supersededAt),
      ),
    );
}

/** Offers by uuid (the applications' selected offers), in one query. */
export async function offersByUuid(
  db: TDb,
  offerUuids: readonly string[],
): Promise<Map<string, TOfferRow>> {
  if (offerUuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(offers)
    .where(inArray(offers.uuid, [...offerUuids]));
  return new Map(rows.map((row) => [row.uuid, row]));
}

export const OFFER_LOCKED_MESSAGE =
  'The offer can no longer be changed: the loan details have been submitted';

/** Offers are (re)priced only on a new loan that is still on /start. */
export function assertOfferOpen(application: TApplicationRow): void {
  const isOnStart = application.state === 'CREATED' || application.state === 'OFFER_ACCEPTED';
  if (!isOnStart || application.isRollForward || application.isCelsiusRefi) {
    throw new HttpError(409, 'OFFER_LOCKED', OFFER_LOCKED_MESSAGE);
  }
}
