/**
 * Deferring the interest billed: the preview (nothing changes) and the deferral itself, which
 * capitalises it (ledger: accrued interest → deferred interest), once per period and per
 * idempotency key, refused with the reason when it would put the loan into margin call.
 */
import { randomUUID } from 'node:crypto';
import type { TDeferralPreview, TServicingLoan } from '@pledge/contract';
import { deferralJournal, deferralPreview, isoDay } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { auditEvents, servicingDeferrals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { accrueInterestBatch } from './accrue-interest.js';
import { changeOwnLoan } from './change-own-loan.js';
import { OPEN_STATUSES, type TServicingViewDeps } from './get-servicing-loan.js';
import { balancesOf, postJournal } from './ledger-store.js';
import { collateralTypeOf, collateralUnitsOf, priceCentsOf, tierOf } from './loan-ltv.js';
import { loadLoan, type TLoanContext } from './servicing-record.js';
import { assertServicingInvariants } from './servicing-invariants.js';

async function previewIn(
  db: TDb,
  prices: TPricesPort,
  context: TLoanContext,
): Promise<ReturnType<typeof deferralPreview>> {
  const { loan } = context;
  const [already] = await db
    .select({ uuid: servicingDeferrals.uuid })
    .from(servicingDeferrals)
    .where(
      and(
        eq(servicingDeferrals.loanUuid, loan.loanUuid),
        eq(servicingDeferrals.periodNumber, loan.periodNumber),
      ),
    );
  return deferralPreview({
    isActive: loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL',
    balances: await balancesOf(db, loan.loanUuid),
    periodAccruedCents: loan.periodAccruedCents,
    periodNumber: loan.periodNumber,
    termMonths: loan.termMonths,
    alreadyDeferredThisPeriod: already !== undefined,
    coinQuantity: collateralUnitsOf(context),
    priceCents: await priceCentsOf(prices, collateralTypeOf(context)),
    tier: tierOf(context),
  });
}

export async function previewDeferral(
  deps: TServicingViewDeps,
  input: { identityUuid: string; loanUuid: string },
): Promise<TDeferralPreview> {
  const context = await loadLoan(deps.db, input.loanUuid, { identityUuid: input.identityUuid });
  const preview = await previewIn(deps.db, deps.prices, context);
  return {
    interestCents: preview.interestCents,
    newBalanceCents: preview.newBalanceCents,
    newLtv: preview.newLtvPct,
    refusedReason: preview.refusedReason,
  };
}

export async function deferInterest(
  deps: TServicingViewDeps,
  input: { identityUuid: string; loanUuid: string; idempotencyKey: string; actor: string },
): Promise<TServicingLoan> {
  const now = deps.clock();
  return changeOwnLoan(deps, input, async (tx, context) => {
    const [replay] = await tx
      .select({ uuid: servicingDeferrals.uuid })
      .from(servicingDeferrals)
      .where(
        and(
          eq(servicingDeferrals.loanUuid, input.loanUuid),
          eq(servicingDeferrals.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (replay !== undefined) return;
    if (OPEN_STATUSES.includes(context.loan.status)) {
      await accrueInterestBatch(tx, { asOf: isoDay(now), loanUuid: input.loanUuid });
    }
    const fresh = await loadLoan(tx, input.loanUuid);
    const preview = await previewIn(tx, deps.prices, fresh);
    if (preview.refusedReason !== null) {
      throw new HttpError(409, 'DEFERRAL_REFUSED', preview.refusedReason);
    }
    const journalUuid = await postJournal(tx, {
      loanUuid: input.loanUuid,
      journal: deferralJournal(preview.interestCents),
      effectiveOn: isoDay(now),
      periodNumber: fresh.loan.periodNumber,
    });
    await tx.insert(servicingDeferrals).values({
      uuid: randomUUID(),
      loanUuid: input.loanUuid,
      periodNumber: fresh.loan.periodNumber,
      interestCents: preview.interestCents,
      idempotencyKey: input.idempotencyKey,
      journalUuid,
      createdAt: now,
    });
    await tx.insert(auditEvents).values({
      entityType: 'servicing-loan',
      entityId: input.loanUuid,
      actor: input.actor,
      fromState: null,
      toState: 'INTEREST_DEFERRED',
      reason: `Interest of ${preview.interestCents} cents deferred; LTV ${preview.newLtvPct}%`,
      at: now,
    });
    await assertServicingInvariants(tx, input.loanUuid);
  });
}
