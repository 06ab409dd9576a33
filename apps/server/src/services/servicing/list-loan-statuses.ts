/**
 * The borrower's loans for /provenance/borrower/servicing/v2/loanStatus: their applications that
 * were funded (COMPLETE) and what followed (paid off, collateral released, renewed). A mobile-flow loan is
 * serviced in the app; every other on the web.
 */
import type { TGetLoanStatusResponse, TLoanStatus } from '@pledge/contract';
import {
  LOAN_TERM_MONTHS,
  centsToUsd,
  isOfferedCollateralType,
  loanMaturityDate,
  renewalWindow,
  renewalWindowPosition,
  type TApplicationState,
} from '@pledge/domain';
import { and, desc, eq, inArray, min } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { servicingFactsOf } from './loan-status-servicing.js';
import { applications, auditEvents } from '../../db/schema/index.js';
import { APPLICATION_ENTITY } from '../applications/application-record.js';
import { coinQuantityText, offersByUuid } from '../offers/offer-record.js';

/** An active loan and the states a loan reaches after it. */
export const LOAN_STATES: readonly TApplicationState[] = [
  'COMPLETE',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
  'RENEWED',
];

/** The calendar date the term ends: the funding date plus the term, in UTC (the domain's rule). */
export function maturityDateOf(fundedAt: Date, termMonths: number = LOAN_TERM_MONTHS): string {
  return loanMaturityDate(fundedAt, termMonths);
}

function loanTypeOf(row: {
  isRollForward: boolean;
  isCelsiusRefi: boolean;
}): TLoanStatus['loanType'] {
  if (row.isCelsiusRefi) return 'REFINANCE';
  return row.isRollForward ? 'RENEWAL' : 'NEW_LOAN';
}

export async function listLoanStatuses(
  db: TDb,
  identityUuid: string,
  now: Date = new Date(),
  prices?: TPricesPort,
): Promise<TGetLoanStatusResponse> {
  const rows = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.identityUuid, identityUuid),
        inArray(applications.state, [...LOAN_STATES]),
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.uuid));
  if (rows.length === 0) return { loans: [] };

  const uuids = rows.map((row) => row.uuid);
  // When each loan was funded: its transition to COMPLETE in the audit trail.
  const funded = await db
    .select({ appUuid: auditEvents.entityId, fundedAt: min(auditEvents.at) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        inArray(auditEvents.entityId, uuids),
        eq(auditEvents.toState, 'COMPLETE'),
      ),
    )
    .groupBy(auditEvents.entityId);
  const fundedAt = new Map(funded.map((entry) => [entry.appUuid, entry.fundedAt]));
  const selected = await offersByUuid(
    db,
    rows.flatMap((row) => (row.selectedOfferUuid === null ? [] : [row.selectedOfferUuid])),
  );

  const servicing = await servicingFactsOf(db, uuids, prices, now);

  const loans = rows.flatMap((row): TLoanStatus[] => {
    const offer = row.selectedOfferUuid === null ? undefined : selected.get(row.selectedOfferUuid);
    const at = fundedAt.get(row.uuid);
    // A loan is funded through an accepted offer and a recorded transition; without both it is
    // not a loan this call can describe.
    if (offer === undefined || at == null || !isOfferedCollateralType(offer.collateralType)) {
      return [];
    }
    const fundedOn = new Date(at);
    const maturityDate = maturityDateOf(fundedOn, offer.termMonths);
    const window = renewalWindow(maturityDate);
    return [
      {
        appUuid: row.uuid,
        loanType: loanTypeOf(row),
        state: row.state,
        stage: row.stage,
        principalAmount: centsToUsd(offer.amountCents),
        interestRate: Number(offer.interestRatePct),
        annualPercentageRate: Number(offer.annualPercentageRatePct),
        collateral: {
          coinQuantity: coinQuantityText(offer.collateralUnits),
          type: offer.collateralType,
        },
        fundedAt: fundedOn.toISOString(),
        maturityDate,
        ...(row.state === 'COMPLETE'
          ? {
              renewal: {
                ...window,
                isOpen: renewalWindowPosition(maturityDate, now) === 'OPEN',
                position: renewalWindowPosition(maturityDate, now),
              },
            }
          : {}),
        ...servicing.get(row.uuid),
        profile: { isServicedViaApp: row.flow === 'MOBILE' },
      },
    ];
  });
  return { loans };
}
