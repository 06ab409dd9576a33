/**
 * After a liquidation closed a loan with nothing owed, against PostgreSQL: an agent records the wire
 * that paid the surplus back (one SURPLUS_PAYOUT journal clearing SURPLUS_PAYABLE against CASH,
 * once per key, audited, the reconciliation still balanced), and the borrower's collateral reports
 * the coins the sale left, ready for release as after a payoff.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  TApplication,
  TGetOpsLoanResponse,
  TControlledAction,
  TLiquidation,
} from '@pledge/contract';
import type { LightMyRequestResponse } from 'fastify';
import { CONTROL_MESSAGES, Decimal, isoDay, SURPLUS_PAYOUT_MESSAGES } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { createDeskExchange } from '../../src/adapters/exchange/desk.js';
import { createSandboxBankPayments } from '../../src/adapters/bank-payments/sandbox.js';
import { auditEvents, ledgerEntries, servicingPayments } from '../../src/db/schema/index.js';

import { SURPLUS_PAYOUT_ENTITY } from '../../src/services/risk/liquidation-surplus-payout.js';
import { appPath, bearer } from '../applications/helpers.js';
import {
  approveProposal,
  approveProposed,
  OPS,
  opsLoanOf,
  opsReconciliationOf,
  useTwoAgentContext,
} from '../ops/helpers.js';
import {
  idempotency,
  collateralOf,
  paymentInFlight,
  setBtcPrice,
  type TTestLoan,
  openServicingWorld,
  settleDebits,
} from '../servicing/helpers.js';
import { deploymentNow } from './helpers.js';
import { deskFill, fundedLoan, liquidate } from './liquidation-helpers.js';

/** The second agent, who approves the payouts the first proposes. */
const { ctx, maker: agent, checker } = useTwoAgentContext(openServicingWorld);

/** A loan the desk liquidated at a far better price: LIQUIDATED, nothing owed, a surplus and coins left. */
async function liquidatedWithSurplus(): Promise<{ loan: TTestLoan; filled: TLiquidation }> {
  const loan = await fundedLoan(ctx);
  const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
  if (order === null) throw new Error('no order');
  const filled = await deskFill(ctx, agent.token, order, order.coinQuantityToSell, 6_000_000);
  expect(filled.fill?.surplusCents).toBeGreaterThan(0);
  return { loan, filled };
}

function payout(
  loanUuid: string,
  body: { amountCents: number; reference: string; sentOn: string },
  key: string | null,
  token: string | null = agent.token,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${OPS}/loans/${loanUuid}/surplus-payouts`,
    headers: {
      ...(token === null ? {} : bearer(token)),
      ...(key === null ? {} : idempotency(key)),
    },
    payload: body,
  });
}

/** The second agent approves a proposed payout (202, PENDING): the money is recorded now. */
const approve = (proposed: LightMyRequestResponse) =>
  approveProposed(ctx.app, checker, proposed, 'SURPLUS_PAYOUT');

const opsLoan = (loanUuid: string) => opsLoanOf(ctx.app, agent, loanUuid);

function sumOf(ledger: TGetOpsLoanResponse['ledger'], account: string): number {
  return ledger
    .filter((entry) => entry.account === account)
    .reduce((sum, entry) => sum + entry.amountCents, 0);
}

async function payoutJournalsOf(loanUuid: string) {
  return ctx.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanUuid, loanUuid), eq(ledgerEntries.kind, 'SURPLUS_PAYOUT')));
}

describe('surplus payout', () => {
  it('clears the whole surplus against cash once per key, audited, the ledger reconciled', async () => {
    const { loan, filled } = await liquidatedWithSurplus();
    const surplus = filled.fill?.surplusCents ?? 0;
    const before = await opsLoan(loan.loanUuid);
    expect(sumOf(before.ledger, 'SURPLUS_PAYABLE')).toBe(-surplus);
    const cashBefore = sumOf(before.ledger, 'CASH');
    const today = isoDay(await deploymentNow(ctx));
    const body = { amountCents: surplus, reference: 'FED-SURPLUS-0001', sentOn: today };
    const key = `surplus-${randomUUID()}`;

    // Refused, recording nothing: no key, no agent, another amount, a day after today or before the sale.
    expect((await payout(loan.loanUuid, body, null)).statusCode).toBe(400);
    expect((await payout(loan.loanUuid, body, key, null)).statusCode).toBe(401);
    expect((await payout(loan.loanUuid, body, key, loan.token)).statusCode).toBe(401);
    const less = await payout(loan.loanUuid, { ...body, amountCents: surplus - 1 }, key);
    expect(less.statusCode).toBe(400);
    expect(less.json()).toMatchObject({
      message: SURPLUS_PAYOUT_MESSAGES.amountDiffers(
        `$${(surplus / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      ),
    });
    const tomorrow = isoDay(new Date((await deploymentNow(ctx)).getTime() + 86_400_000));
    const future = await payout(loan.loanUuid, { ...body, sentOn: tomorrow }, key);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: SURPLUS_PAYOUT_MESSAGES.sentInFuture });
    const yesterday = isoDay(new Date((await deploymentNow(ctx)).getTime() - 2 * 86_400_000));
    const early = await payout(loan.loanUuid, { ...body, sentOn: yesterday }, key);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: SURPLUS_PAYOUT_MESSAGES.sentBeforeSale(today) });
    const tooLong = await payout(loan.loanUuid, { ...body, reference: 'R'.repeat(500) }, key);
    expect(tooLong.statusCode).toBe(400);
    expect(await payoutJournalsOf(loan.loanUuid)).toHaveLength(0);

    const recorded = await payout(loan.loanUuid, body, key);
    // One agent's word is only a proposal of exactly the surplus: nothing is recorded yet.
    expect(recorded.statusCode, recorded.body).toBe(202);
    expect(recorded.json()).toMatchObject({
      action: 'SURPLUS_PAYOUT',
      status: 'PENDING',
      loanUuid: loan.loanUuid,
      amountCents: surplus,
    });
    expect((recorded.json() as TControlledAction).summary).toContain('FED-SURPLUS-0001');
    expect(await payoutJournalsOf(loan.loanUuid)).toHaveLength(0);
    const approved = await approve(recorded);
    const legs = await payoutJournalsOf(loan.loanUuid);
    const view = { journalUuid: legs[0]?.journalUuid ?? '' };
    expect(approved.outcome).toContain(view.journalUuid);
    expect(legs.map((leg) => [leg.account, leg.amountCents, leg.effectiveOn]).sort()).toEqual(
      [
        ['CASH', -surplus, today],
        ['SURPLUS_PAYABLE', surplus, today],
      ].sort(),
    );
    expect(legs.every((leg) => leg.journalUuid === view.journalUuid)).toBe(true);
    const after = await opsLoan(loan.loanUuid);
    expect(sumOf(after.ledger, 'SURPLUS_PAYABLE')).toBe(0);
    expect(sumOf(after.ledger, 'CASH')).toBe(cashBefore - surplus);
    expect(after.loan.balances.totalCents).toBe(0);
    const audits = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, SURPLUS_PAYOUT_ENTITY),
          eq(auditEvents.entityId, view.journalUuid),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.reason).toContain('FED-SURPLUS-0001');
    expect(audits[0]?.actor).toBe(`agent:${checker.identityUuid}`);

    // A retry answers the same (approved) proposal; the key with other evidence, or another key,
    // records nothing.
    const again = await payout(loan.loanUuid, body, key);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ id: approved.id, status: 'APPROVED' });
    const reused = await payout(loan.loanUuid, { ...body, reference: 'FED-OTHER' }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: CONTROL_MESSAGES.keyReused,
    });
    const second = await payout(loan.loanUuid, body, `surplus-${randomUUID()}`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'NO_SURPLUS_OWED',
      message: SURPLUS_PAYOUT_MESSAGES.noneOwed,
    });
    expect(await payoutJournalsOf(loan.loanUuid)).toHaveLength(2);

    const report = await opsReconciliationOf(ctx.app, agent);
    expect(report.issues).toEqual([]);
    expect(report.isBalanced).toBe(true);
  });

  it('records one payout when the same request arrives twice at once', async () => {
    const { loan, filled } = await liquidatedWithSurplus();
    const body = {
      amountCents: filled.fill?.surplusCents ?? 0,
      reference: 'FED-SURPLUS-0002',
      sentOn: isoDay(await deploymentNow(ctx)),
    };
    const key = `surplus-${randomUUID()}`;
    const answers = await Promise.all([
      payout(loan.loanUuid, body, key),
      payout(loan.loanUuid, body, key),
    ]);
    // One proposal, approved twice at once: one payout.
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    const proposalId = (answers[0]?.json() as TControlledAction).id;
    const approvals = await Promise.all(
      [0, 1].map(() => approveProposal(ctx.app, checker, proposalId)),
    );
    expect(approvals.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await payoutJournalsOf(loan.loanUuid)).toHaveLength(2);
  });

  it('is refused on a loan that owes no surplus, and on an unknown loan', async () => {
    const loan = await fundedLoan(ctx);
    const body = {
      amountCents: 100,
      reference: 'FED-NONE',
      sentOn: isoDay(await deploymentNow(ctx)),
    };
    const none = await payout(loan.loanUuid, body, `surplus-${randomUUID()}`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_SURPLUS_OWED' });
    const unknown = await payout(randomUUID(), body, `surplus-${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(await payoutJournalsOf(loan.loanUuid)).toHaveLength(0);
  });
});

describe('collateral left by a liquidation, as the borrower reads it', () => {
  it('reports the coins left and the sale, ready for release', async () => {
    const { loan, filled } = await liquidatedWithSurplus();
    const sold = filled.fill?.coinQuantitySold ?? '0';
    const left = new Decimal(1).minus(sold);
    const collateral = await collateralOf(ctx, loan);
    expect(collateral.liquidationRemainder?.type).toBe('BTC');
    expect(new Decimal(collateral.liquidationRemainder?.coinQuantity ?? '0').eq(left)).toBe(true);
    expect(
      new Decimal(collateral.wallet?.currentTotalCoinBalance.coinQuantity ?? '0').eq(left),
    ).toBe(true);
    const sales = collateral.wallet?.transactions.filter(
      (transaction) => transaction.transactionType === 'WITHDRAWAL',
    );
    expect(sales).toHaveLength(1);
    expect(new Decimal(sales?.[0]?.transactionAmount ?? '0').eq(sold)).toBe(true);
    expect(collateral.payoff).toBeUndefined();

    // The application the dashboard reads carries the same remainder.
    const application = await ctx.app.inject({
      method: 'GET',
      url: appPath(loan.loanUuid),
      headers: bearer(loan.token),
    });
    expect(application.statusCode).toBe(200);
    const remainder = (application.json() as TApplication).collateral?.liquidationRemainder;
    expect(new Decimal(remainder?.coinQuantity ?? '0').eq(left)).toBe(true);
  });

  it('reports nothing to return on an open loan, or when the sale took every coin', async () => {
    const open = await fundedLoan(ctx);
    const openCollateral = await collateralOf(ctx, open);
    expect(openCollateral.liquidationRemainder).toBeUndefined();
    expect(openCollateral.wallet?.currentTotalCoinBalance.coinQuantity).toBe('1');

    const loan = await fundedLoan(ctx);
    await setBtcPrice(ctx, 20_000);
    const liquidation = await liquidate(ctx, loan, ctx.adapters.exchange, 2_000_000, '101.00');
    expect(liquidation?.fill?.ltvAfterPct).toBeNull();
    expect((await collateralOf(ctx, loan)).liquidationRemainder).toBeUndefined();
  });
});

describe('a debit in flight when a sale pays the loan off', () => {
  it('is posted whole when the bank answers, what the loan no longer owed owed back', async () => {
    const loan = await fundedLoan(ctx);
    // A payment written and not yet sent: the process stopped between its two transactions.
    const amountCents = 12_345;
    const inFlight = await paymentInFlight(ctx, loan.loanUuid, {
      amountCents,
      createdAt: await deploymentNow(ctx),
    });
    const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    if (order === null) throw new Error('no order');
    const filled = await deskFill(ctx, agent.token, order, order.coinQuantityToSell, 6_000_000);
    const surplus = filled.fill?.surplusCents ?? 0;
    expect(surplus).toBeGreaterThan(0);
    expect((await opsLoan(loan.loanUuid)).loan.balances.totalCents).toBe(0);

    // The settlement sweep sends the debit; the bank takes it; nothing is owed, so all of it is
    // owed back beside the sale's surplus.
    await settleDebits(ctx);
    const legs = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentUuid, inFlight.uuid));
    expect(legs.map((leg) => [leg.account, leg.amountCents]).sort()).toEqual(
      [
        ['CASH', amountCents],
        ['SURPLUS_PAYABLE', -amountCents],
      ].sort(),
    );
    const after = await opsLoan(loan.loanUuid);
    expect(after.loan.balances.totalCents).toBe(0);
    expect(sumOf(after.ledger, 'SURPLUS_PAYABLE')).toBe(-(surplus + amountCents));
    const [sent] = await ctx.database.db
      .select()
      .from(servicingPayments)
      .where(eq(servicingPayments.uuid, inFlight.uuid));
    expect(sent?.transferId).not.toBeNull();
    expect((await opsReconciliationOf(ctx.app, agent)).issues).toEqual([]);

    // The agent wires all of it back in one payout, once the debit has settled: until then the
    // bank may still take it back.
    const body = {
      amountCents: surplus + amountCents,
      reference: 'FED-SURPLUS-0003',
      sentOn: isoDay(await deploymentNow(ctx)),
    };
    const early = await payout(loan.loanUuid, body, `surplus-${randomUUID()}`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'DEBIT_PENDING',
      message: SURPLUS_PAYOUT_MESSAGES.debitPending,
    });
    expect(await payoutJournalsOf(loan.loanUuid)).toHaveLength(0);
    await settleDebits(ctx, (now) =>
      createSandboxBankPayments(() => new Date(now().getTime() + 30 * 86_400_000)),
    );
    const recorded = await payout(loan.loanUuid, body, `surplus-${randomUUID()}`);
    expect(sumOf((await opsLoan(loan.loanUuid)).ledger, 'SURPLUS_PAYABLE')).toBe(
      -(surplus + amountCents),
    );
    await approve(recorded);
    expect(sumOf((await opsLoan(loan.loanUuid)).ledger, 'SURPLUS_PAYABLE')).toBe(0);
  });
});
