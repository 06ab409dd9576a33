/**
 * The servicing fields of loanStatus (DESIGN §5) for a borrower's loans, from the servicing rows
 * and the ledger's sums: status, principal (the interest-bearing balance), accrued interest, LTV
 * and its levels, the prices at margin call and liquidation, and the next payment with what is past
 * due (the domain's whatIsDue, as on the loan page: loan-due.ts).
 */
import type { TLoanStatus } from '@pledge/contract';
import {
  centsToUsd,
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
    const price = priceByType.get(collateralType) ?? null;
    const balances = await balancesOf(db, loan.loanUuid);
    const bearing = interestBearingCents(balances);
    const units = collateralUnitsOf(context);
    const ltv = ltvOf(context, bearing, price);
    const isOpen = OPEN_STATUSES.includes(loan.status) && balances.totalCents > 0;
    const due = dueOf({ loan, balances, records: records.get(loan.loanUuid), asOf });
    const nextPayment = isOpen ? nextPaymentOf(due) : null;
    const triggers = toCoinQuantity(units).isZero()
      ? null
      : riskTriggerPrices(bearing, units, thresholds);
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
      collateral: { coinQuantity: coinQuantityText(units), type: collateralType },
    });
  }
  return facts;
}
