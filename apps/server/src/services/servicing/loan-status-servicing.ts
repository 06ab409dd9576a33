/**
 * The servicing fields of loanStatus (DESIGN §5) for a borrower's loans, from the servicing rows
 * and the ledger's sums: status, principal (the interest-bearing balance), accrued interest, LTV
 * and its levels, the prices at margin call and liquidation, and the next payment with what is past
 * due (the domain's whatIsDue, as on the loan page: loan-due.ts).
 */
import type { TLoanStatus } from '@pledge/contract';
import {
  centsToUsd,
  Decimal,
  interestBearingCents,
  isOfferedCollateralType,
  isoDay,
  riskTriggerPrices,
  toCoinQuantity,
} from '@pledge/domain';
import { inArray } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { applications, offers, servicingLoans } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { balancesOf } from './ledger-store.js';
import { dueOf, dueRecordsOf, nextPaymentOf } from './loan-due.js';
import { displayStatus, OPEN_STATUSES } from './get-servicing-loan.js';
import {
  collateralTypeOf,
  collateralUnitsOf,
  ltvOf,
  priceCentsOf,
  thresholdsOf,
} from './loan-ltv.js';
import { coinQuantityText } from '../offers/offer-record.js';
import { latestAcceptedObservation } from '../prices/price-observations.js';
import { loanHealthOf, riskBalanceOf } from '../risk/loan-risk-view.js';

type TServicingFields = Pick<
  TLoanStatus,
  | 'loanUuid'
  | 'status'
  | 'principal'
  | 'accruedInterest'
  | 'ltv'
  | 'warningLtv'
  | 'marginCallLtv'
  | 'liquidationLtv'
  | 'marginCallPrice'
  | 'liquidationPrice'
  | 'nextPaymentDue'
  | 'nextPaymentAmount'
  | 'nextPayment'
  | 'cureDeadline'
  | 'riskLevel'
  | 'collateral'
>;

export async function servicingFactsOf(
  db: TDb,
  loanUuids: readonly string[],
  prices: TPricesPort | undefined,
  now: Date,
): Promise<Map<string, TServicingFields>> {
  const facts = new Map<string, TServicingFields>();
  if (loanUuids.length === 0) return facts;
  const rows = await db
    .select({ loan: servicingLoans, offer: offers, application: applications })
    .from(servicingLoans)
    .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .where(inArray(servicingLoans.loanUuid, [...loanUuids]));
  const records = await dueRecordsOf(db, loanUuids);
  const asOf = isoDay(now);
  const priceByType = new Map<string, number | null>();
  const observedByType = new Map<string, Awaited<ReturnType<typeof latestAcceptedObservation>>>();
  for (const { loan, offer, application } of rows) {
    // The address is not read here: nothing is sent.
    const borrowerEmail = { emailSealed: null, emailUnsealed: null };
    const context = { loan, offer, application, borrowerEmail };
    const collateralType = collateralTypeOf(context);
    if (!isOfferedCollateralType(collateralType)) continue;
    const thresholds = thresholdsOf(context);
    if (!priceByType.has(collateralType)) {
      priceByType.set(
        collateralType,
        prices === undefined ? null : await priceCentsOf(prices, collateralType),
      );
    }
    if (!observedByType.has(collateralType)) {
      observedByType.set(collateralType, await latestAcceptedObservation(db, collateralType));
    }
    const observed = observedByType.get(collateralType) ?? null;
    const price = priceByType.get(collateralType) ?? null;
    const balances = await balancesOf(db, loan.loanUuid);
    const bearing = interestBearingCents(balances);
    const units = collateralUnitsOf(context);
    // The LTV and its level as the loan page and the risk pass have them (loanHealthOf: pending
    // debits left out, at the latest stored price); the price port's only while none is stored.
    const riskBalance = await riskBalanceOf(db, loan);
    const health = loanHealthOf(context, riskBalance, observed);
    const ltv =
      health.ltv === null
        ? ltvOf(context, riskBalance, price)
        : Number(health.ltv.toFixed(2, Decimal.ROUND_HALF_UP));
    const isOpen = OPEN_STATUSES.includes(loan.status) && balances.totalCents > 0;
    const due = dueOf({ loan, balances, records: records.get(loan.loanUuid), asOf });
    const nextPayment = isOpen ? nextPaymentOf(due) : null;
    const triggers = toCoinQuantity(units).isZero()
      ? null
      : riskTriggerPrices(riskBalance, units, thresholds);
    facts.set(loan.loanUuid, {
      loanUuid: loan.loanUuid,
      status: displayStatus(loan.status),
      principal: centsToUsd(bearing),
      accruedInterest: centsToUsd(balances.accruedInterestCents),
      ltv,
      warningLtv: thresholds.warningLtvPct,
      marginCallLtv: thresholds.marginCallLtvPct,
      liquidationLtv: thresholds.liquidationLtvPct,
      marginCallPrice: triggers === null ? null : centsToUsd(triggers.marginCallPriceCents),
      liquidationPrice: triggers === null ? null : centsToUsd(triggers.liquidationPriceCents),
      nextPaymentDue: nextPayment?.dueDate ?? null,
      nextPaymentAmount: nextPayment === null ? null : centsToUsd(nextPayment.amountCents),
      nextPayment,
      cureDeadline: loan.cureDeadline === null ? null : loan.cureDeadline.toISOString(),
      riskLevel: health.level,
      collateral: { coinQuantity: coinQuantityText(units), type: collateralType },
    });
  }
  return facts;
}
