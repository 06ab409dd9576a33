/**
 * The rest of liquidation against PostgreSQL: the borrower downloads a filled liquidation's statement
 * PDF (their own only); a payoff quote and a payoff are refused while the desk is selling, and a
 * liquidation waits for a payoff debit being sent; a LIQUIDATED loan that owes nothing returns the
 * coins the sale left through the collateral release, as a paid-off loan does.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TLiquidation, TPayoffQuote } from '@pledge/contract';
import { Decimal } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { createDeskExchange } from '../../src/adapters/exchange/desk.js';
import { liquidations, payoffQuotes, servicingPayments } from '../../src/db/schema/index.js';
import {
  LIQUIDATION_IN_PROGRESS_MESSAGE,
  PAYOFF_IN_FLIGHT_HOLD_MS,
} from '../../src/services/risk/liquidation-payoff.js';
import { deliverLiquidationStatement } from '../../src/services/risk/liquidation-statement.js';
import { balancesOf } from '../../src/services/servicing/ledger-store.js';
import { bearer } from '../applications/helpers.js';
import { useAgentContext } from '../ops/helpers.js';
import {
  BTC_RETURN_ADDRESS,
  getLoan,
  LOANS,
  paymentInFlight,
  releaseRequestsOf,
  requestPayOff,
  requestPayoffQuote,
  requestRelease,
  setBtcPrice,
  type TTestLoan,
  openServicingWorld,
} from '../servicing/helpers.js';
import { deploymentNow } from './helpers.js';
import {
  deskFill,
  fundedLoan,
  liquidate,
  servicingRow,
  statementDeps,
} from './liquidation-helpers.js';

const { ctx, agent } = useAgentContext(openServicingWorld);

async function deliverStatement(liquidationUuid: string): Promise<void> {
  await deliverLiquidationStatement(statementDeps(ctx), {
    liquidationUuid,
    balanceAfterCents: 0,
    coinQuantityRemaining: '0',
  });
}

function statementOf(loanUuid: string, liquidationUuid: string, token: string | null) {
  return ctx.app.inject({
    method: 'GET',
    url: `${LOANS}/${loanUuid}/liquidations/${liquidationUuid}/statement`,
    headers: token === null ? {} : bearer(token),
  });
}

async function payoffPaymentsOf(loanUuid: string) {
  return ctx.database.db
    .select()
    .from(servicingPayments)
    .where(and(eq(servicingPayments.loanUuid, loanUuid), eq(servicingPayments.purpose, 'PAYOFF')));
}

describe('liquidation statement download', () => {
  let owner: TTestLoan;
  let other: TTestLoan;
  let filled: TLiquidation;

  beforeAll(async () => {
    owner = await fundedLoan(ctx);
    other = await fundedLoan(ctx);
    await setBtcPrice(ctx, 22_000);
    const liquidation = await liquidate(ctx, owner, ctx.adapters.exchange, 2_200_000);
    if (liquidation?.status !== 'FILLED') throw new Error('the sandbox did not fill');
    filled = liquidation;
  });

  it('is 404 until the statement is rendered, then the owner gets the PDF', async () => {
    const before = await statementOf(owner.loanUuid, filled.liquidationUuid, owner.token);
    expect(before.statusCode).toBe(404);
    // The loan page offers the statement only once it can be downloaded.
    const sale = async () =>
      (await getLoan(ctx, owner)).liquidations.find(
        (liquidation) => liquidation.liquidationUuid === filled.liquidationUuid,
      );
    expect((await sale())?.statementReady).toBe(false);
    await deliverStatement(filled.liquidationUuid);
    expect((await sale())?.statementReady).toBe(true);
    const response = await statementOf(owner.loanUuid, filled.liquidationUuid, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const day = (filled.fill?.executedAt ?? '').slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="liquidation-${day}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('is 401 without a token and 404 for another borrower, another loan or an unknown uuid', async () => {
    expect((await statementOf(owner.loanUuid, filled.liquidationUuid, null)).statusCode).toBe(401);
    const stranger = await statementOf(owner.loanUuid, filled.liquidationUuid, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('%PDF');
    // The liquidation asked for under the other borrower's own loan.
    expect(
      (await statementOf(other.loanUuid, filled.liquidationUuid, other.token)).statusCode,
    ).toBe(404);
    expect((await statementOf(owner.loanUuid, randomUUID(), owner.token)).statusCode).toBe(404);
    expect((await statementOf(owner.loanUuid, 'not-a-uuid', owner.token)).statusCode).toBe(400);
  });

  it('is 404 for an order the desk has not filled', async () => {
    const loan = await fundedLoan(ctx);
    const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    expect(order?.status).toBe('OPEN');
    await deliverStatement(order?.liquidationUuid ?? '');
    const response = await statementOf(loan.loanUuid, order?.liquidationUuid ?? '', loan.token);
    expect(response.statusCode).toBe(404);
  });
});

describe('payoff while a liquidation order is open', () => {
  it('refuses the quote and the payoff with the reason and records nothing; both work after the fill', async () => {
    const loan = await fundedLoan(ctx);
    const early = await requestPayoffQuote(ctx, loan);
    expect(early.statusCode, early.body).toBe(201);
    const earlyQuote = early.json() as TPayoffQuote;
    const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    if (order === null) throw new Error('no order');
    expect(order.status).toBe('OPEN');

    const quotesBefore = await ctx.database.db
      .select()
      .from(payoffQuotes)
      .where(eq(payoffQuotes.loanUuid, loan.loanUuid));
    const refusedQuote = await requestPayoffQuote(ctx, loan);
    expect(refusedQuote.statusCode).toBe(409);
    expect(refusedQuote.json()).toMatchObject({
      code: 'LIQUIDATION_IN_PROGRESS',
      message: LIQUIDATION_IN_PROGRESS_MESSAGE,
    });
    const refusedPayoff = await requestPayOff(
      ctx,
      loan,
      earlyQuote.quoteUuid,
      'payoff-during-sale-1',
    );
    expect(refusedPayoff.statusCode).toBe(409);
    expect(refusedPayoff.json()).toMatchObject({ code: 'LIQUIDATION_IN_PROGRESS' });
    // Nothing written: no quote, no payment, the loan and its balance as they were.
    expect(
      await ctx.database.db
        .select()
        .from(payoffQuotes)
        .where(eq(payoffQuotes.loanUuid, loan.loanUuid)),
    ).toHaveLength(quotesBefore.length);
    expect(await payoffPaymentsOf(loan.loanUuid)).toHaveLength(0);
    expect((await servicingRow(ctx, loan.loanUuid)).status).toBe('ACTIVE');

    // The desk sells part: the loan is open again and can be paid off on what is left.
    const filled = await deskFill(ctx, agent.token, order, order.coinQuantityToSell, 2_200_000);
    expect(filled.status).toBe('FILLED');
    expect((await servicingRow(ctx, loan.loanUuid)).status).toBe('ACTIVE');
    const after = await requestPayoffQuote(ctx, loan);
    expect(after.statusCode, after.body).toBe(201);
    const afterQuote = after.json() as TPayoffQuote;
    expect(afterQuote.amountCents).toBe(
      (await balancesOf(ctx.database.db, loan.loanUuid)).totalCents,
    );
    const paid = await requestPayOff(ctx, loan, afterQuote.quoteUuid, 'payoff-after-sale-1');
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await servicingRow(ctx, loan.loanUuid)).status).toBe('PAID_OFF');
  });

  it('does not start a liquidation while a payoff debit waits for the bank, only after the hold', async () => {
    const loan = await fundedLoan(ctx);
    const at = await deploymentNow(ctx);
    const { uuid: paymentUuid } = await paymentInFlight(ctx, loan.loanUuid, {
      amountCents: 100,
      purpose: 'PAYOFF',
      createdAt: new Date(at.getTime() - 60_000),
    });
    await expect(liquidate(ctx, loan, createDeskExchange(), 2_200_000)).rejects.toThrow(
      /payoff debit waiting for the bank/,
    );
    const none = await ctx.database.db
      .select()
      .from(liquidations)
      .where(eq(liquidations.loanUuid, loan.loanUuid));
    expect(none).toHaveLength(0);
    expect((await servicingRow(ctx, loan.loanUuid)).riskLevel).toBe('NONE');

    // A debit the process never sent holds the loan no longer than the hold.
    await ctx.database.db
      .update(servicingPayments)
      .set({ createdAt: new Date(at.getTime() - PAYOFF_IN_FLIGHT_HOLD_MS - 1_000) })
      .where(eq(servicingPayments.uuid, paymentUuid));
    const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    expect(order?.status).toBe('OPEN');
  });
});

describe('collateral left by a liquidation', () => {
  it('is returned through the release when the loan is LIQUIDATED with nothing owed', async () => {
    const loan = await fundedLoan(ctx);
    // Before any sale the loan is open: no release.
    expect((await requestRelease(ctx, loan)).statusCode).toBe(409);
    const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    if (order === null) throw new Error('no order');
    // The desk sells the planned quantity at a far better price: everything owed is covered.
    const filled = await deskFill(ctx, agent.token, order, order.coinQuantityToSell, 6_000_000);
    expect(filled.fill?.surplusCents).toBeGreaterThan(0);
    const row = await servicingRow(ctx, loan.loanUuid);
    expect(row.status).toBe('LIQUIDATED');
    expect((await balancesOf(ctx.database.db, loan.loanUuid)).totalCents).toBe(0);
    const left = new Decimal(row.collateralUnits ?? '0');
    expect(left.eq(new Decimal(1).minus(order.coinQuantityToSell))).toBe(true);

    const response = await requestRelease(ctx, loan);
    expect(response.statusCode, response.body).toBe(200);
    const [request] = await releaseRequestsOf(ctx, loan.loanUuid);
    expect(new Decimal(request?.amount ?? '0').eq(left)).toBe(true);
    expect(request?.address).toBe(BTC_RETURN_ADDRESS);
    expect(request?.result).toBe('SUCCESS');
    // No payoff, no hold: it may go out at once.
    expect(request?.scheduledFor.getTime()).toBeLessThanOrEqual(
      (await deploymentNow(ctx)).getTime(),
    );
    // A repeat records nothing new.
    const again = await requestRelease(ctx, loan);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      collateralReleaseResponse: { result: 'DUPLICATE_REQUEST' },
    });
    expect(await releaseRequestsOf(ctx, loan.loanUuid)).toHaveLength(1);
  });

  it('is not offered when the sale took every coin or left something owed', async () => {
    const loan = await fundedLoan(ctx);
    await setBtcPrice(ctx, 20_000);
    const liquidation = await liquidate(ctx, loan, ctx.adapters.exchange, 2_000_000, '101.00');
    expect(liquidation?.fill?.ltvAfterPct).toBeNull();
    expect((await servicingRow(ctx, loan.loanUuid)).status).toBe('LIQUIDATED');
    expect((await balancesOf(ctx.database.db, loan.loanUuid)).totalCents).toBeGreaterThan(0);
    const response = await requestRelease(ctx, loan);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'COLLATERAL_RELEASE_NOT_AVAILABLE' });
    expect(await releaseRequestsOf(ctx, loan.loanUuid)).toHaveLength(0);
  });
});
