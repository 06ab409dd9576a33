/**
 * The servicing fields of loanStatus (DESIGN §5) for a borrower's loans, from the servicing rows
 * and the ledger's sums: status, principal (the interest-bearing balance), accrued interest, LTV
 * and its levels, the prices at margin call and liquidation, and the next payment.
 */
import type { TLoanStatus } from '@pledge/contract';
import {
  billedInterestCents,
  centsToUsd,
  DAYS_PER_PERIOD_30_360,
  interestBearingCents,
  isOfferedCollateralType,
  paymentDueDate,
  periodInterestToDateCents,
  priceAtLtv,
  rateTierById,
} from '@pledge/domain';
import { inArray } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { applications, offers, servicingLoans } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { balancesOf } from './ledger-store.js';
import { displayStatus, OPEN_STATUSES } from './get-servicing-loan.js';
import { ltvOf, priceCentsOf } from './loan-ltv.js';

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
  | 'cureDeadline'
>;

export async function servicingFactsOf(
  db: TDb,
  loanUuids: readonly string[],
  prices: TPricesPort | undefined,
): Promise<Map<string, TServicingFields>> {
  const facts = new Map<string, TServicingFields>();
  if (loanUuids.length === 0) return facts;
  const rows = await db
    .select({ loan: servicingLoans, offer: offers, application: applications })
    .from(servicingLoans)
    .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .where(inArray(servicingLoans.loanUuid, [...loanUuids]));
  const priceByType = new Map<string, number | null>();
  for (const { loan, offer, application } of rows) {
    const tier = rateTierById(offer.tierId);
    if (tier === null || !isOfferedCollateralType(offer.collateralType)) continue;
    if (!priceByType.has(offer.collateralType)) {
      priceByType.set(
        offer.collateralType,
        prices === undefined ? null : await priceCentsOf(prices, offer.collateralType),
      );
    }
    const price = priceByType.get(offer.collateralType) ?? null;
    const balances = await balancesOf(db, loan.loanUuid);
    const bearing = interestBearingCents(balances);
    const context = { loan, offer, application, borrowerEmail: '' };
    const ltv = ltvOf(context, bearing, price);
    const isOpen = OPEN_STATUSES.includes(loan.status) && balances.totalCents > 0;
    const billed = billedInterestCents(balances, loan.periodAccruedCents);
    const scheduled = periodInterestToDateCents(
      loan.periodBaseCents,
      loan.interestRateBps,
      DAYS_PER_PERIOD_30_360,
    );
    const hasUnits = Number(offer.collateralUnits) > 0 && bearing > 0;
    facts.set(loan.loanUuid, {
      loanUuid: loan.loanUuid,
      status: displayStatus(loan.status, context, ltv),
      principal: centsToUsd(bearing),
      accruedInterest: centsToUsd(balances.accruedInterestCents),
      ltv,
      warningLtv: tier.warningLtvPct,
      marginCallLtv: tier.marginCallLtvPct,
      liquidationLtv: tier.liquidationLtvPct,
      marginCallPrice: hasUnits
        ? centsToUsd(priceAtLtv(bearing, offer.collateralUnits, tier.marginCallLtvPct))
        : null,
      liquidationPrice: hasUnits
        ? centsToUsd(priceAtLtv(bearing, offer.collateralUnits, tier.liquidationLtvPct))
        : null,
      nextPaymentDue: isOpen
        ? paymentDueDate(loan.fundedOn, loan.periodNumber, loan.termMonths)
        : null,
      nextPaymentAmount: isOpen ? centsToUsd(billed > 0 ? billed : scheduled) : null,
      cureDeadline: null,
    });
  }
  return facts;
}
