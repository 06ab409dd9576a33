/**
 * The coins a liquidation left, asked back, against PostgreSQL: a sandbox loan sold by the desk at a
 * far better price than planned is LIQUIDATED with nothing owed; the borrower's release request is
 * recorded in a transaction that checks the loan's release rules with the servicing facts (no
 * payoff, so no hold), and every loan invariant holds before and after.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TLiquidation, TPostCollateralReleaseResponse } from '@pledge/contract';
import {
  collateralReleaseViolations,
  Decimal,
  isLiquidatedWithNothingOwed,
  loanInvariantViolations,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { createDeskExchange } from '../../src/adapters/exchange/desk.js';
import { applications, servicingLoans } from '../../src/db/schema/index.js';
import { loadLoanFacts } from '../../src/services/applications/loan-facts.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { signInAgent } from '../ops/helpers.js';
import {
  collateralOf,
  releaseRequestsOf,
  requestRelease,
  type TTestLoan,
} from '../servicing/helpers.js';
import { deploymentNow } from './helpers.js';
import { deskFill, fundedLoan, liquidate } from './liquidation-helpers.js';

const ctx = useApplicationsTestContext();
let agentToken: string;

beforeAll(async () => {
  agentToken = (await signInAgent(ctx)).token;
});

/** A $20,000 loan on 1 BTC at $60,000, put to the desk at $22,000 and sold there at `fillUsd`. */
async function liquidatedByDesk(
  fillUsd: number,
): Promise<{ loan: TTestLoan; order: TLiquidation }> {
  const loan = await fundedLoan(ctx);
  const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
  if (order?.status !== 'OPEN') throw new Error('the desk did not take the order');
  // The desk's fill: proposed by the agent, approved by a second agent.
  await deskFill(ctx, agentToken, order, order.coinQuantityToSell, fillUsd * 100);
  return { loan, order };
}

async function statesOf(loan: TTestLoan) {
  const [application] = await ctx.database.db
    .select({ state: applications.state })
    .from(applications)
    .where(eq(applications.uuid, loan.loanUuid));
  const [servicing] = await ctx.database.db
    .select({ status: servicingLoans.status, units: servicingLoans.collateralUnits })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loan.loanUuid));
  return { state: application?.state, status: servicing?.status, units: servicing?.units };
}

describe('the release of the coins a liquidation left', () => {
  it('is recorded under the loan rules read with the servicing facts, sent at once', async () => {
    const { loan, order } = await liquidatedByDesk(60_000);
    const left = new Decimal(1).minus(order.coinQuantityToSell);
    const before = await loadLoanFacts(ctx.database.db, loan.loanUuid);
    expect(before.servicing?.status).toBe('LIQUIDATED');
    expect(before.servicing?.balances.totalCents).toBe(0);
    expect(before.payoff).toBeNull();
    expect(isLiquidatedWithNothingOwed(before)).toBe(true);
    expect(loanInvariantViolations(before)).toEqual([]);

    const response = await requestRelease(ctx, loan);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as TPostCollateralReleaseResponse;
    expect(answer.collateralReleaseResponse.result).toBe('SUCCESS');

    const after = await loadLoanFacts(ctx.database.db, loan.loanUuid);
    expect(after.collateralReleases).toHaveLength(1);
    expect(loanInvariantViolations(after)).toEqual([]);
    expect(collateralReleaseViolations(after)).toEqual([]);
    // No payoff, so no hold: the release may be sent as soon as it was asked.
    const [request] = after.collateralReleases;
    expect(Date.parse(request?.scheduledFor ?? '')).toBeLessThanOrEqual(
      (await deploymentNow(ctx)).getTime(),
    );
    const [row] = await releaseRequestsOf(ctx, loan.loanUuid);
    expect(new Decimal(row?.amount ?? '0').eq(left)).toBe(true);

    // What the borrower reads: the request, its answer and the coins it returns.
    const collateral = await collateralOf(ctx, loan);
    expect(collateral.collateralReleaseRequest?.requestId).toBe(
      answer.collateralReleaseResponse.id,
    );
    expect(collateral.collateralReleaseResponses).toEqual([
      expect.objectContaining({ id: answer.collateralReleaseResponse.id, result: 'SUCCESS' }),
    ]);
    expect(new Decimal(collateral.liquidationRemainder?.coinQuantity ?? '0').eq(left)).toBe(true);
    // The loan stays the liquidated funded loan: the coins are handed to custody to send.
    const states = await statesOf(loan);
    expect(states.state).toBe('COMPLETE');
    expect(states.status).toBe('LIQUIDATED');
    expect(new Decimal(states.units ?? '0').eq(left)).toBe(true);
  });

  it('is refused, recording nothing, when the sale left something owed', async () => {
    // Sold at the planned price less than the debt needs: the loan is open again, still owing.
    const { loan } = await liquidatedByDesk(10_000);
    const facts = await loadLoanFacts(ctx.database.db, loan.loanUuid);
    expect(isLiquidatedWithNothingOwed(facts)).toBe(false);
    const response = await requestRelease(ctx, loan);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'COLLATERAL_RELEASE_NOT_AVAILABLE' });
    expect((await loadLoanFacts(ctx.database.db, loan.loanUuid)).collateralReleases).toEqual([]);
  });
});
