/**
 * POST …/v2/applications/{fundedAppUuid}/roll-forward/offers (DESIGN §5): opens the renewal of the
 * caller's funded loan, or answers the one already open (opening twice never makes two: the loan's
 * row is locked while looking, and a unique index backs it), with its offer priced now on the
 * loan's balance and its collateral plus any top-up. A loan that cannot be renewed now is refused
 * (409) with the rule's message; another borrower's loan is not found (404).
 */
import type { TApplication } from '@pledge/contract';
import { computeRenewalOffer, stageOf } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { applications } from '../../db/schema/index.js';
import { toApplicationView } from '../applications/application-view.js';
import {
  findOwnedApplication,
  lockOwnedApplication,
  type TApplicationRow,
  findApplicationById,
} from '../applications/application-record.js';
import { auditApplicationCreated } from '../applications/apply-transition.js';
import { currentPrice } from '../prices/current-price.js';
import type { TRenewalDeps } from './renewal-deps.js';
import { priceRenewal } from './price-renewal.js';
import {
  assertRenewable,
  fundedLoanOf,
  lockRenewedLoan,
  openRenewalOf,
  type TFundedLoan,
} from './renewal-record.js';
import type { TPriceQuote } from '../../adapters/prices/port.js';

async function reread(tx: TDb, uuid: string): Promise<TApplicationRow> {
  const row = await findApplicationById(tx, uuid);
  if (row === undefined) throw new Error(`Renewal ${uuid} vanished`);
  return row;
}

/** Prices (or re-prices) a renewal still being priced, with its stored top-up. */
async function reprice(
  tx: TDb,
  input: { renewal: TApplicationRow; loan: TFundedLoan; quote: TPriceQuote; now: Date },
): Promise<void> {
  const topUp = input.renewal.topUpCoinQuantity ?? '0';
  await priceRenewal(tx, {
    ...input,
    topUp,
    compute: (balanceCents) =>
      computeRenewalOffer({
        balanceCents,
        collateralType: input.loan.collateralType,
        collateral: input.loan.collateral,
        topUp,
        priceCents: input.quote.priceCents,
        residence: input.loan.residence,
      }),
  });
}

export async function openRenewal(
  deps: TRenewalDeps,
  input: { identityUuid: string; loanUuid: string },
): Promise<TApplication> {
  const { identityUuid, loanUuid } = input;
  const now = deps.clock();
  const owned = await findOwnedApplication(deps.db, identityUuid, loanUuid);
  const quote = await currentPrice(
    deps.prices,
    (await fundedLoanOf(deps.db, owned)).collateralType,
  );

  const row = await deps.db.transaction(async (tx) => {
    const existing = await openRenewalOf(tx, loanUuid);
    if (existing !== undefined) {
      const renewal = await lockOwnedApplication(tx, identityUuid, existing.uuid);
      const loanRow = await lockRenewedLoan(tx, renewal);
      // Accepted terms are never re-priced: the renewal is answered as it stands.
      if (renewal.state !== 'CREATED') return renewal;
      const loan = await fundedLoanOf(tx, loanRow);
      assertRenewable(loan, quote, now);
      await reprice(tx, { renewal, loan, quote, now });
      return reread(tx, renewal.uuid);
    }

    const loanRow = await lockOwnedApplication(tx, identityUuid, loanUuid);
    const raced = await openRenewalOf(tx, loanUuid);
    if (raced !== undefined) return raced;
    const loan = await fundedLoanOf(tx, loanRow);
    assertRenewable(loan, quote, now);
    const [renewal] = await tx
      .insert(applications)
      .values({
        identityUuid,
        organization: loanRow.organization,
        flow: loanRow.flow,
        state: 'CREATED',
        stage: stageOf('CREATED'),
        isRollForward: true,
        isInternational: loanRow.isInternational,
        stateCode: loan.offer.stateCode,
        countryCode: loan.offer.countryCode,
        collateralType: loan.collateralType,
        renewsApplicationUuid: loanRow.uuid,
        topUpCoinQuantity: '0',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (renewal === undefined) throw new Error('The renewal insert returned no row');
    await auditApplicationCreated(tx, {
      appUuid: renewal.uuid,
      identityUuid,
      reason: `renewal of loan ${loanRow.uuid} opened`,
      at: now,
    });
    await reprice(tx, { renewal, loan, quote, now });
    return reread(tx, renewal.uuid);
  });
  return toApplicationView(deps.db, row, now);
}
