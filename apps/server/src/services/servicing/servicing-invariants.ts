/**
 * The servicing facts of a loan, read inside the transaction that changed them, checked against
 * the domain's servicing invariants; a violation rolls the change back.
 */
import { servicingViolations, stageOf, type TLoanFacts, type TServicingFact } from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, servicingLoans } from '../../db/schema/index.js';
import { balancesOf } from './ledger-store.js';

export async function servicingFactOf(tx: TDb, loanUuid: string): Promise<TServicingFact | null> {
  const [loan] = await tx
    .select({ status: servicingLoans.status })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid));
  if (loan === undefined) return null;
  // The cash the borrower paid in: a surplus wired back out is not a payment, and is held to
  // the SURPLUS_PAYABLE it clears instead (liquidation-surplus-payout.ts).
  // The debits still with the bank (money in flight) hold a collateral release.
  const result = await tx.execute<{ cash: string; counted: string; pending: string }>(sql`
    SELECT
      (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries
        WHERE loan_uuid = ${loanUuid}::uuid AND account = 'CASH'
          AND kind <> 'SURPLUS_PAYOUT') AS cash,
      (SELECT coalesce(sum(amount_cents), 0) FROM servicing_payments
        WHERE loan_uuid = ${loanUuid}::uuid
          AND (status = 'SETTLED' OR (status = 'PENDING' AND transfer_id IS NOT NULL))) AS counted,
      (SELECT coalesce(sum(amount_cents), 0) FROM servicing_payments
        WHERE loan_uuid = ${loanUuid}::uuid AND status = 'PENDING') AS pending`);
  const row = result.rows[0];
  return {
    status: loan.status,
    balances: await balancesOf(tx, loanUuid),
    cashCents: Number(row?.cash ?? 0),
    countedPaymentsCents: Number(row?.counted ?? 0),
    pendingDebitsCents: Number(row?.pending ?? 0),
  };
}

/** Throws when the loan's servicing breaks an invariant (the transaction rolls back). */
export async function assertServicingInvariants(tx: TDb, loanUuid: string): Promise<void> {
  const servicing = await servicingFactOf(tx, loanUuid);
  if (servicing === null) return;
  const [application] = await tx
    .select({ state: applications.state })
    .from(applications)
    .where(eq(applications.uuid, loanUuid));
  if (application === undefined) return;
  // Only the servicing rules read these facts; the rest of TLoanFacts is not needed here.
  const facts = {
    appUuid: loanUuid,
    state: application.state,
    stage: stageOf(application.state),
    servicing,
  } as unknown as TLoanFacts;
  const violations = servicingViolations(facts);
  if (violations.length > 0) {
    throw new Error(`Loan ${loanUuid} servicing invariant broken: ${violations.join('; ')}`);
  }
}
