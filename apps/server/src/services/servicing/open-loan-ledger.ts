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
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { offers, servicingLoans } from '../../db/schema/index.js';
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
  });
  for (const journal of openingJournals({
    drawCents: offer.drawAmountCents,
    originationFeeCents: offer.originationFeeAmountCents,
  })) {
    await postJournal(tx, { loanUuid: application.uuid, journal, effectiveOn: fundedOn });
  }
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
