/**
 * Loans funded before servicing existed: the release before it (c329e91) funded loans (application
 * COMPLETE) without a servicing row, and servicing opens only on the transition to COMPLETE, so such
 * a loan had no loan page, no ledger, no interest and no risk monitoring. Each application in
 * COMPLETE without a servicing loan is opened here exactly as that transition opens one
 * (onLoanTransition → openLoanLedger), dated at its funding (its first transition to COMPLETE in
 * the audit trail): the opening journals on that day, the schedule from it; the servicing sweep then
 * accrues its interest since, period by period, as after any jump of the clock.
 *
 * A loan that release funded and agents recorded as paid off (PAID_OFF, or COLLATERAL_RELEASED
 * after it) is brought in closed, as if servicing had run while it was out: opened as of its
 * funding, its interest accrued day by day to its payoff (the contract's rate on its balance, the
 * periods rolled over as they ended), then closed by the payoff the agent recorded, for the
 * ledger's figure on that day (that release kept the payoff's method, not its amount), as a payoff
 * recorded today closes a loan. The borrower's loan page shows it paid off, with its funding and
 * payoff; the ledger shows the cash drawn, the fee, the interest earned and the payoff, and owes
 * nothing. No monthly statement is written for it: none was sent while it ran, and one made now
 * would show amounts "due" on past dates the borrower was never told of.
 *
 * Run at boot (deploy/prepare-stored-data.ts) and by every servicing sweep (run-servicing-sweep.ts):
 * during a rolling deploy an instance of the release before may fund a loan after this release's
 * instances booted, and the next sweep opens it. Idempotent: a loan opened already is not selected,
 * and instances (or sweeps) running together open each loan once, as each is opened under its
 * application's row lock (the lock a transition takes) and re-checked under it.
 */
import { isoDay, type TApplicationState } from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { describeFailure, failureCause } from '../../failure-cause.js';
import { servicingLoans } from '../../db/schema/index.js';
import { firstTransitionTo, lockApplicationById } from '../applications/application-record.js';
import { readPayoff } from '../ops/payoff-record.js';
import { accrueInterestBatch } from './accrue-interest.js';
import { NEXT_PERIOD_SET_SQL } from './issue-statements.js';
import { balancesOf } from './ledger-store.js';
import { closeLoanServicing, openLoanLedger } from './open-loan-ledger.js';
import { onLoanTransition, settleRecordedPayoff } from './on-loan-transition.js';
import { assertServicingInvariants } from './servicing-invariants.js';
import type { TLog } from '../../logger.js';

/** Applications read per query; each loan is opened in its own short transaction. */
const UNSERVICED_BATCH_SIZE = 200;

/** The state before COMPLETE when the audit trail names none (the agent's release). */
const FUNDED_FROM: TApplicationState = 'MANUAL_FUNDING_RELEASE';

/**
 * The states of a loan that was funded and has a servicing loan (RENEWED too, but no release
 * without servicing renewed a loan): a funded loan's, and a paid-off one's, whose collateral is
 * waiting for or on its way back.
 */
export const SERVICED_STATES = ['COMPLETE', 'PAID_OFF', 'COLLATERAL_RELEASED'] as const;
type TServicedState = (typeof SERVICED_STATES)[number];

/** The states above as SQL, for the queries that look for a funded loan without servicing. */
export const SERVICED_STATES_SQL = sql.raw(
  `(${SERVICED_STATES.map((state) => `'${state}'`).join(', ')})`,
);

const isServicedState = (state: TApplicationState): state is TServicedState =>
  (SERVICED_STATES as readonly TApplicationState[]).includes(state);

/**
 * The idempotency key of the payoff that closes a loan paid off before servicing: reconciliation
 * takes the release's own record of that payoff (an agent's, with its method) as its evidence.
 */
export const payoffBeforeServicingKey = (loanUuid: string) => `payoff-before-servicing:${loanUuid}`;

export interface TUnservicedLoans {
  /** The loans opened by this run (a paid-off one opened and closed). */
  opened: string[];
  /**
   * Funded applications that still have no servicing loan: no accepted offer to open one from.
   * Reconciliation lists them.
   */
  notOpened: string[];
  /** Loans whose opening failed (rolled back; the next run tries again), with the reason. */
  failed: { loanUuid: string; error: string }[];
}

type TCursor = { createdAt: string; uuid: string };

/** One page of funded applications without a servicing loan, after `after` in the state index. */
async function unservicedPage(db: TDb, after: TCursor | null): Promise<TCursor[]> {
  const result = await db.execute<{ created_at: string; uuid: string }>(sql`
    SELECT a.created_at::text AS created_at, a.uuid::text AS uuid
    FROM applications a
    WHERE a.state IN ${SERVICED_STATES_SQL}
      ${after === null ? sql`` : sql`AND (a.created_at, a.uuid) > (${after.createdAt}::timestamptz, ${after.uuid}::uuid)`}
      AND NOT EXISTS (SELECT 1 FROM servicing_loans s WHERE s.loan_uuid = a.uuid)
    ORDER BY a.created_at, a.uuid
    LIMIT ${UNSERVICED_BATCH_SIZE}`);
  return result.rows.map((row) => ({ createdAt: row.created_at, uuid: row.uuid }));
}

/**
 * Accrues a loan's interest through `day` as the daily sweep would have: the running period to
 * its end or to that day, and each period that ended before it rolled over to the next (as the
 * statement cycle rolls it, without the statement), up to the last period of its term.
 */
async function accrueThrough(tx: TDb, loanUuid: string, day: string): Promise<void> {
  for (;;) {
    await accrueInterestBatch(tx, { asOf: day, loanUuid });
    const rolled = await tx.execute(sql`
      UPDATE servicing_loans s SET ${NEXT_PERIOD_SET_SQL}
      WHERE s.loan_uuid = ${loanUuid}::uuid AND s.period_end < ${day}::date
        AND s.accrued_through >= s.period_end AND s.period_number < s.term_months`);
    if ((rolled.rowCount ?? 0) === 0) return;
  }
}

/**
 * Closes a loan the release before servicing recorded as paid off: the payoff settles what the
 * ledger holds that day (that release kept the method, not the amount; the loan was paid in full),
 * as a payoff recorded today does (on-loan-transition.ts), under a key and words of its own.
 */
async function closeByPayoffBeforeServicing(tx: TDb, loanUuid: string, at: Date): Promise<void> {
  const recorded = await readPayoff(tx, loanUuid);
  await settleRecordedPayoff(tx, loanUuid, await balancesOf(tx, loanUuid), {
    idempotencyKey: payoffBeforeServicingKey(loanUuid),
    reference: `Payoff recorded by an agent before servicing (${recorded?.method ?? 'method not recorded'}): the balance with its interest that day`,
    actor: 'system:payoff-before-servicing',
    at,
  });
  await closeLoanServicing(tx, loanUuid, 'PAID_OFF', at);
  await assertServicingInvariants(tx, loanUuid);
}

/** Opens one loan under its application's lock; answers whether it is serviced now. */
async function openOne(db: TDb, appUuid: string): Promise<'opened' | 'serviced' | 'not-opened'> {
  return db.transaction(async (tx) => {
    const application = await lockApplicationById(tx, appUuid);
    if (application === undefined || !isServicedState(application.state)) return 'serviced';
    const isServiced = async () =>
      (
        await tx
          .select({ loanUuid: servicingLoans.loanUuid })
          .from(servicingLoans)
          .where(eq(servicingLoans.loanUuid, appUuid))
      ).length > 0;
    // Another instance's boot or sweep (or a transition) opened it while this one waited.
    if (await isServiced()) return 'serviced';
    const funding = await firstTransitionTo(tx, appUuid, 'COMPLETE');
    // Without an audited funding (none is written without one), the last change of the row.
    const fundedAt = funding?.at ?? application.updatedAt;
    if (application.state === 'COMPLETE') {
      await onLoanTransition(tx, {
        application,
        from: (funding?.from as TApplicationState | null | undefined) ?? FUNDED_FROM,
        to: 'COMPLETE',
        at: fundedAt,
      });
      return (await isServiced()) ? 'opened' : 'not-opened';
    }
    // Paid off before servicing: opened at its funding, its interest to its payoff, closed by it.
    await openLoanLedger(tx, application, fundedAt);
    if (!(await isServiced())) return 'not-opened';
    const payoff = await firstTransitionTo(tx, appUuid, 'PAID_OFF');
    const paidOffAt = payoff?.at ?? application.updatedAt;
    await accrueThrough(tx, appUuid, isoDay(paidOffAt));
    await closeByPayoffBeforeServicing(tx, appUuid, paidOffAt);
    return 'opened';
  });
}

/** Opens every funded loan without servicing (see above); one failure does not stop the others. */
export async function openUnservicedLoans(db: TDb): Promise<TUnservicedLoans> {
  const result: TUnservicedLoans = { opened: [], notOpened: [], failed: [] };
  let after: TCursor | null = null;
  for (;;) {
    const page = await unservicedPage(db, after);
    for (const { uuid } of page) {
      try {
        const outcome = await openOne(db, uuid);
        if (outcome === 'opened') result.opened.push(uuid);
        if (outcome === 'not-opened') result.notOpened.push(uuid);
      } catch (error) {
        // One loan the servicing invariants refuse stops neither the boot of every instance nor
        // the sweep: it is named in the log and in reconciliation, and tried again at the next run.
        // Scrubbed as every logged failure is: its class, code and message without personal data.
        result.failed.push({ loanUuid: uuid, error: describeFailure(failureCause(error)) });
      }
    }
    if (page.length < UNSERVICED_BATCH_SIZE) return result;
    after = page.at(-1) ?? null;
  }
}

/** Loan ids a log line names at most; the counts say how many there were. */
const LOGGED_IDS_MAX = 100;

/**
 * What a run opened, and what it could not, by loan id only (no personal data): `when` names the
 * run (the boot, or the sweep that opened loans an instance of the release before funded).
 */
export function logUnservicedLoans(
  log: TLog,
  loans: TUnservicedLoans,
  when: 'boot' | 'sweep',
): void {
  if (loans.opened.length > 0) {
    log.info(
      { openedLoans: loans.opened.length, loanUuids: loans.opened.slice(0, LOGGED_IDS_MAX), when },
      'loans funded before servicing opened as of their funding (a paid-off one closed by its payoff); the servicing sweep accrues the interest of the others since',
    );
  }
  if (loans.notOpened.length > 0) {
    log.warn(
      { count: loans.notOpened.length, loanUuids: loans.notOpened.slice(0, LOGGED_IDS_MAX), when },
      'funded loans without servicing that cannot be opened (no accepted offer); reconciliation lists them',
    );
  }
  for (const failure of loans.failed.slice(0, LOGGED_IDS_MAX)) {
    log.warn(
      // `failure`, not `reason`: log redaction censors a field named reason whole.
      { loanUuid: failure.loanUuid, failure: failure.error, when },
      'a funded loan without servicing could not be opened; the next boot or sweep tries again, reconciliation lists it',
    );
  }
}
