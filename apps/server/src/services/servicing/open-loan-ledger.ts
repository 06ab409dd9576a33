/**
 * A loan is funded (its application reaches COMPLETE, by an agent's release, the sandbox loan or
 * a renewal): in the same transaction its servicing row starts and the opening journals (the cash
 * drawn and the capitalised origination fee) are written. Running it twice writes nothing twice.
 */
import {
  cycleDate,
  isoDay,
  loanMaturityDate,
  openingJournals,
  type TLoanStatusName,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  collateralAccounts,
  offers,
  refiApplications,
  refiOffers,
  servicingLoans,
} from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { balancesOf, postJournal } from './ledger-store.js';
import { renewalCloseJournal } from '@pledge/domain';

export async function openLoanLedger(
  tx: TDb,
  application: TApplicationRow,
  at: Date,
): Promise<void> {
  if (application.selectedOfferUuid === null) return;
  const [existing] = await tx
    .select({ loanUuid: servicingLoans.loanUuid })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, application.uuid));
  if (existing !== undefined) return;
  const [offer] = await tx
    .select()
    .from(offers)
    .where(eq(offers.uuid, application.selectedOfferUuid));
  if (offer === undefined) return;
  const fundedOn = isoDay(at);
  const [account] = await tx
    .select({ type: collateralAccounts.collateralType })
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, application.uuid));
  await tx.insert(servicingLoans).values({
    loanUuid: application.uuid,
    identityUuid: application.identityUuid,
    status: 'ACTIVE',
    interestRateBps: offer.interestRateBps,
    termMonths: offer.termMonths,
    fundedOn,
    maturityDate: loanMaturityDate(at, offer.termMonths),
    periodNumber: 1,
    periodStart: fundedOn,
    periodEnd: cycleDate(fundedOn, 1),
    periodBaseCents: offer.drawAmountCents + offer.originationFeeAmountCents,
    periodAccruedCents: 0,
    accruedThrough: fundedOn,
    // The collateral the risk monitoring values: the pledged coins (deposits add, sales take).
    collateralType: (account?.type ?? offer.collateralType) as 'BTC' | 'ETH',
    collateralUnits: offer.collateralUnits,
    riskTierId: offer.tierId,
    stabilization: await hasStabilization(tx, application.uuid, offer.uuid),
  });
  for (const journal of openingJournals({
    drawCents: offer.drawAmountCents,
    originationFeeCents: offer.originationFeeAmountCents,
  })) {
    await postJournal(tx, { loanUuid: application.uuid, journal, effectiveOn: fundedOn });
  }
}

/**
 * A custody-only refinanced loan whose borrower opted into stabilization liquidates at 85 %
 * (document 2 §9); any other loan does not.
 */
async function hasStabilization(tx: TDb, loanUuid: string, offerUuid: string): Promise<boolean> {
  const [row] = await tx
    .select({ optIn: refiApplications.stabilizationOptIn, treatment: refiOffers.treatment })
    .from(refiApplications)
    .innerJoin(
      refiOffers,
      and(eq(refiOffers.offerUuid, offerUuid), eq(refiOffers.applicationUuid, loanUuid)),
    )
    .where(eq(refiApplications.applicationUuid, loanUuid));
  return row?.optIn === true && row.treatment === 'CUSTODY_ONLY';
}

/** A loan leaves servicing (renewed or paid off): its status follows; a renewal closes its balance. */
export async function closeLoanServicing(
  tx: TDb,
  loanUuid: string,
  status: Extract<TLoanStatusName, 'RENEWED' | 'PAID_OFF'>,
  at: Date,
): Promise<void> {
  const [loan] = await tx
    .select()
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid))
    .for('update');
  if (loan === undefined || loan.status === status) return;
  if (status === 'RENEWED') {
    const journal = renewalCloseJournal(await balancesOf(tx, loanUuid));
    if (journal !== null) {
      await postJournal(tx, { loanUuid, journal, effectiveOn: isoDay(at) });
    }
  }
  await tx
    .update(servicingLoans)
    .set({ status, updatedAt: at })
    .where(eq(servicingLoans.loanUuid, loanUuid));
}
