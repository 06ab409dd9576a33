/** A risk test world: sandbox loans, prices that put a loan at a chosen LTV, the pass on the sandbox clock. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { getOpsRiskQueue, type TGetOpsRiskQueueResponse } from '@pledge/contract';
import type { TDb } from '../../src/db/pool.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { createSandboxClock } from '../../src/services/sandbox/sandbox-clock.js';
import { runRiskPass, type TRiskPassDeps } from '../../src/services/risk/run-risk-pass.js';
import { bearer, type TApplicationsTestContext } from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { signIn } from '../identity/sign-in.js';
import { expectJson } from '../ops/helpers.js';
import {
  advanceClockHours,
  sandboxLoan,
  setBtcPrice,
  type TTestLoan,
} from '../servicing/helpers.js';

export function riskDeps(ctx: TApplicationsTestContext, db: TDb = ctx.database.db): TRiskPassDeps {
  return {
    db,
    cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
    sandbox: true,
    exchange: ctx.adapters.exchange,
  };
}

/** The deployment's time now (the sandbox clock as the database has it). */
export async function deploymentNow(ctx: TApplicationsTestContext): Promise<Date> {
  const clock = createSandboxClock(ctx.database.db);
  await clock.refresh();
  return clock.now();
}

/** The deployment's day, YYYY-MM-DD. */
export async function deploymentDay(ctx: TApplicationsTestContext): Promise<string> {
  return (await deploymentNow(ctx)).toISOString().slice(0, 10);
}

/** One pass, as the job runs it, on the sandbox clock. */
export async function pass(ctx: TApplicationsTestContext, db?: TDb) {
  return runRiskPass(riskDeps(ctx, db), { now: await deploymentNow(ctx) });
}

export type TLoanRiskRow = {
  status: string;
  risk_level: string;
  risk_notified_level: string;
  risk_ltv_pct: string | null;
  cure_deadline: string | null;
  interest_bearing_cents: string;
  collateral_units: string;
  collateral_type: string;
  risk_tier_id: string;
  stabilization: boolean;
  risk_price_observation_id: string | null;
};

export async function loanRow(ctx: TApplicationsTestContext, loan: TTestLoan) {
  const result = await ctx.database.db.execute<TLoanRiskRow>(
    sql`SELECT * FROM servicing_loans WHERE loan_uuid = ${loan.loanUuid}`,
  );
  const [row] = result.rows;
  if (row === undefined) throw new Error('no servicing row');
  return row;
}

/**
 * The BTC price (USD, whole cents) at which the loan's LTV is at least `ltvPct`, as close above it
 * as a cent allows.
 */
export async function priceAtLtvUsd(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
  ltvPct: number,
): Promise<number> {
  const row = await loanRow(ctx, loan);
  const cents = Math.floor(
    (Number(row.interest_bearing_cents) * 100) / (Number(row.collateral_units) * ltvPct),
  );
  return cents / 100;
}

/**
 * A new loan at $60,000 a coin, the price set back and a pass run at it first: the loan starts
 * below every level, whatever an earlier test left the price at.
 */
export async function freshLoan(ctx: TApplicationsTestContext): Promise<TTestLoan> {
  await setBtcPrice(ctx, 60_000);
  await pass(ctx);
  return sandboxLoan(ctx);
}

/** Sets BTC so that the loan sits at `ltvPct`, then runs one pass. */
export async function moveTo(ctx: TApplicationsTestContext, loan: TTestLoan, ltvPct: number) {
  await setBtcPrice(ctx, await priceAtLtvUsd(ctx, loan, ltvPct));
  return pass(ctx);
}

/** The risk notices queued to the borrower, oldest first (those of one crossing lowest first). */
export async function notices(ctx: TApplicationsTestContext, loan: TTestLoan) {
  const result = await ctx.database.db.execute<{ subject: string; body_text: string }>(
    sql`SELECT subject, body_text FROM outbox
        WHERE to_address = ${loan.email.toLowerCase()} AND kind = 'loan-risk-notice'
        ORDER BY created_at, CASE subject
          WHEN ${SUBJECT.CURED} THEN 0 WHEN ${SUBJECT.WARNING} THEN 1
          WHEN ${SUBJECT.COURTESY_NOTICE} THEN 2 WHEN ${SUBJECT.MARGIN_CALL} THEN 3 ELSE 4 END`,
  );
  return result.rows;
}

export async function riskEvents(ctx: TApplicationsTestContext, loan: TTestLoan) {
  const result = await ctx.database.db.execute<{
    from_level: string;
    to_level: string;
    notices: string[];
    ltv_pct: string;
    price_observation_id: string;
  }>(
    sql`SELECT from_level, to_level, notices, ltv_pct, price_observation_id FROM loan_risk_events
        WHERE loan_uuid = ${loan.loanUuid} ORDER BY id`,
  );
  return result.rows;
}

export const SUBJECT = {
  WARNING: 'Your loan-to-value has reached the warning level',
  COURTESY_NOTICE: 'Courtesy notice: your loan is close to a margin call',
  MARGIN_CALL: 'Margin call: add collateral or pay down your loan',
  LIQUIDATION: 'Your collateral is being liquidated',
  CURED: 'Your loan is back to normal',
} as const;

/** The notices of a loan that rose through every level into a margin call and was cured. */
export const MARGIN_CALL_AND_CURE: readonly (keyof typeof SUBJECT)[] = [
  'WARNING',
  'COURTESY_NOTICE',
  'MARGIN_CALL',
  'CURED',
];

export function expectSubjects(
  rows: { subject: string }[],
  expected: readonly (keyof typeof SUBJECT)[],
) {
  expect(rows.map((row) => row.subject)).toEqual(expected.map((kind) => SUBJECT[kind]));
}

/** Moves the deployment's clock on by `hours` (the sandbox clock), as the cure deadline reads it. */
export async function advanceHours(
  ctx: TApplicationsTestContext,
  hours: number,
  ...loans: TTestLoan[]
): Promise<void> {
  await advanceClockHours(ctx, hours);
  await createSandboxClock(ctx.database.db).refresh();
  // Their sessions may have ended by then: the borrowers sign in again.
  for (const loan of loans) loan.token = await signIn(ctx.app, loan.email);
}

/**
 * The LTV (percent, exact as a number) of a balance on the loan's collateral at a BTC price, worked
 * out here from the figures, not by the product's functions.
 */
export function ltvOf(balanceCents: number, coinQuantity: string, priceUsd: number): number {
  return (balanceCents * 100) / (Number(coinQuantity) * Math.round(priceUsd * 100));
}

/** The console's risk queue, as the agent signed in with `agentToken` reads it. */
export async function riskQueueOf(
  ctx: TApplicationsTestContext,
  agentToken: string,
): Promise<TGetOpsRiskQueueResponse> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: getOpsRiskQueue.path,
    headers: bearer(agentToken),
  });
  return expectJson(response, 200) as TGetOpsRiskQueueResponse;
}

/** The loan's liquidation orders, oldest first. */
export async function liquidationsOf(ctx: TApplicationsTestContext, loan: TTestLoan) {
  const result = await ctx.database.db.execute<{ reason: string; status: string }>(
    sql`SELECT reason, status FROM liquidations WHERE loan_uuid = ${loan.loanUuid} ORDER BY created_at`,
  );
  return result.rows;
}
