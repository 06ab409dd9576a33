/**
 * Liquidation against PostgreSQL: the order sized by the domain's plan on the decision price, the
 * sandbox exchange filling at once at the sandbox price, the desk's fill recorded by an agent (once
 * per Idempotency-Key, validated, a second fill refused), the LIQUIDATION journal (2 % fee on the
 * proceeds, applied in the payment order, surplus owed back), the loan ACTIVE with less collateral or
 * LIQUIDATED, the statement PDF and e-mail with the numbers, the console's risk queue, and the
 * ledger still reconciling.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TControlledAction, TLiquidation } from '@pledge/contract';
import {
  Decimal,
  formatUsd,
  liquidationFillFigures,
  liquidationJournal,
  liquidationPlan,
  type TBalances,
} from '@pledge/domain';
import { and, eq, sql } from 'drizzle-orm';
import { createDeskExchange } from '../../src/adapters/exchange/desk.js';
import { SANDBOX_EXCHANGE_VENUE } from '../../src/adapters/exchange/sandbox.js';
import {
  auditEvents,
  ledgerEntries,
  liquidations,
  loanRiskEvents,
  servicingLoans,
} from '../../src/db/schema/index.js';
import { deliverLiquidationStatement } from '../../src/services/risk/liquidation-statement.js';
import { balancesOf } from '../../src/services/servicing/ledger-store.js';
import { bearer } from '../applications/helpers.js';
import { queuedJobs } from '../helpers/jobs.js';
import {
  approveProposal,
  approveProposed,
  OPS,
  opsLoanOf,
  opsReconciliationOf,
  useTwoAgentContext,
} from '../ops/helpers.js';
import { mailTo, setBtcPrice, type TTestLoan, openServicingWorld } from '../servicing/helpers.js';
import { deploymentNow, riskQueueOf } from './helpers.js';
import {
  fundedLoan,
  liquidate,
  observeBtc,
  servicingRow,
  statementDeps,
} from './liquidation-helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

/** The second agent, who approves the desk fills the first proposes. */
const { ctx, maker: agent, checker } = useTwoAgentContext(openServicingWorld);

/** What the loan owes, leaving out the liquidation's own journal. */
async function balancesBeforeLiquidation(loanUuid: string): Promise<TBalances> {
  const result = await ctx.database.db.execute<{ account: string; sum: string }>(sql`
    SELECT account, sum(amount_cents)::text AS sum FROM ledger_entries
    WHERE loan_uuid = ${loanUuid}::uuid AND kind <> 'LIQUIDATION' GROUP BY account`);
  const sums = Object.fromEntries(result.rows.map((row) => [row.account, Number(row.sum)]));
  const parts = {
    principalCents: sums.PRINCIPAL ?? 0,
    originationFeeCents: sums.ORIGINATION_FEE ?? 0,
    deferredInterestCents: sums.DEFERRED_INTEREST ?? 0,
    accruedInterestCents: sums.ACCRUED_INTEREST ?? 0,
    feesCents: sums.FEES ?? 0,
  };
  return { ...parts, totalCents: Object.values(parts).reduce((a, b) => a + b, 0) };
}

async function journalOf(loanUuid: string) {
  return ctx.database.db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanUuid, loanUuid), eq(ledgerEntries.kind, 'LIQUIDATION')))
    .orderBy(ledgerEntries.id);
}

/** Runs the queued statement job of a liquidation, as the worker would. */
async function deliverStatementOf(liquidationUuid: string) {
  const [job] = await queuedJobs(ctx.database.db, {
    kindLike: 'liquidation-statement',
    payloadLike: `%${liquidationUuid}%`,
  });
  expect(job, 'the statement job is queued').toBeDefined();
  const payload = job?.payload as {
    liquidationUuid: string;
    balanceAfterCents: number;
    coinQuantityRemaining: string;
  };
  const deps = statementDeps(ctx);
  await deliverLiquidationStatement(deps, payload);
  // Twice is once.
  await deliverLiquidationStatement(deps, payload);
  return payload;
}

/** The first agent's proposal of a desk fill (a controlled action: nothing happens until approved). */
async function fill(
  liquidationUuid: string,
  body: object,
  key: string | null = 'desk-fill-0001',
  token: string | null = agent.token,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${OPS}/liquidations/${liquidationUuid}/fill`,
    headers: {
      ...(token === null ? {} : bearer(token)),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
}

/** The second agent approves a proposed fill: the fill happens now. */
const approve = (proposed: LightMyRequestResponse) =>
  approveProposed(ctx.app, checker, proposed, 'LIQUIDATION_FILL');

/** A liquidation as the console's view of its loan shows it. */
async function liquidationOf(loanUuid: string, liquidationUuid: string): Promise<TLiquidation> {
  const found = (await opsLoanOf(ctx.app, agent, loanUuid)).loan.liquidations.find(
    (row) => row.liquidationUuid === liquidationUuid,
  );
  if (found === undefined) throw new Error('no such liquidation on the loan');
  return found;
}

/** The stored price feed at the desk's price at its fill's time (a fill is checked against it). */
async function marketAt(priceCents: number, executedAt: string): Promise<void> {
  await observeBtc(ctx, priceCents, new Date(executedAt));
}

const reconciliation = () => opsReconciliationOf(ctx.app, agent);

describe('sandbox exchange', () => {
  it('sells the planned quantity at the sandbox price at once, and the loan is ACTIVE at 50 %', async () => {
    const loan = await fundedLoan(ctx);
    await setBtcPrice(ctx, 22_000);
    const liquidation = await liquidate(ctx, loan, ctx.adapters.exchange, 2_200_000);
    expect(liquidation?.status).toBe('FILLED');
    const before = await balancesBeforeLiquidation(loan.loanUuid);
    const plan = liquidationPlan({
      balanceCents: before.totalCents,
      coinQuantity: '1',
      priceCents: 2_200_000,
      targetLtvPct: 50,
    });
    expect(liquidation?.coinQuantityToSell).toBe(plan.coinQuantitySold);
    expect(liquidation?.decisionPrice.priceCents).toBe(2_200_000);
    expect(liquidation?.fill).toEqual({
      coinQuantitySold: plan.coinQuantitySold,
      priceCents: 2_200_000,
      venue: SANDBOX_EXCHANGE_VENUE,
      executedAt: expect.any(String),
      proceedsCents: plan.proceedsCents,
      feeCents: plan.feeCents,
      appliedCents: plan.appliedCents,
      surplusCents: 0,
      ltvAfterPct: Number(plan.ltvAfterPct),
    });
    expect(plan.feeCents).toBe(
      new Decimal(plan.proceedsCents)
        .times(0.02)
        .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
        .toNumber(),
    );
    expect(Number(plan.ltvAfterPct)).toBeLessThanOrEqual(50);

    // The ledger: one balanced journal, the balances less exactly what was applied.
    const legs = await journalOf(loan.loanUuid);
    const figures = liquidationFillFigures({
      balanceCents: before.totalCents,
      coinQuantityHeld: '1',
      coinQuantitySold: plan.coinQuantitySold,
      priceCents: 2_200_000,
    });
    expect(legs).toEqual(liquidationJournal(before, figures).legs);
    expect(legs.reduce((sum, leg) => sum + leg.amountCents, 0)).toBe(0);
    const after = await balancesOf(ctx.database.db, loan.loanUuid);
    expect(after.totalCents).toBe(before.totalCents - plan.appliedCents);

    const row = await servicingRow(ctx, loan.loanUuid);
    expect(row.status).toBe('ACTIVE');
    expect(new Decimal(row.collateralUnits ?? '0').toFixed(8)).toBe(plan.coinQuantityRemaining);
    expect(row.cureDeadline).toBeNull();
    expect(row.riskLevel).toBe('NONE');
    expect(row.riskNotifiedLevel).toBe('NONE');
    expect(row.interestBearingCents).toBe(
      after.principalCents + after.originationFeeCents + after.deferredInterestCents,
    );
    const events = await ctx.database.db
      .select()
      .from(loanRiskEvents)
      .where(eq(loanRiskEvents.loanUuid, loan.loanUuid));
    expect(events.map((event) => [event.fromLevel, event.toLevel])).toContainEqual([
      'LIQUIDATION',
      'NONE',
    ]);
    const audits = await auditEventsOf(ctx.database.db, liquidation?.liquidationUuid ?? '');
    expect(audits.map((audit) => audit.toState).sort()).toEqual(['FILLED', 'OPEN']);

    // The statement: the PDF kept, the e-mail with the numbers.
    const payload = await deliverStatementOf(liquidation?.liquidationUuid ?? '');
    expect(payload.balanceAfterCents).toBe(after.totalCents);
    const [stored] = await ctx.database.db
      .select({ key: liquidations.statementPdfKey })
      .from(liquidations)
      .where(eq(liquidations.uuid, liquidation?.liquidationUuid ?? ''));
    const pdf = await statementDeps(ctx).store.get(stored?.key ?? '');
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = (await mailTo(ctx, loan.email)).filter((message) =>
      message.subject.startsWith('We sold'),
    );
    expect(mail).toHaveLength(1);
    const text = mail[0]?.text ?? '';
    expect(mail[0]?.subject).toBe(`We sold ${plan.coinQuantitySold} BTC of your collateral`);
    expect(text).toContain(`Sold: ${plan.coinQuantitySold} BTC at $22,000.00 per BTC`);
    expect(text).toContain(`Proceeds: ${formatUsd(plan.proceedsCents)}.`);
    expect(text).toContain(`Processing fee (2% of the proceeds): ${formatUsd(plan.feeCents)}.`);
    expect(text).toContain(`Applied to your loan: ${formatUsd(plan.appliedCents)}.`);
    expect(text).toContain(`Loan-to-value before: 91.00%. After: ${plan.ltvAfterPct}%.`);
    expect(text).toContain('reached 91.00%, at or above the liquidation level of 90%');
    expect(text).toContain(`Balance now: ${formatUsd(after.totalCents)}.`);

    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('sells everything when nothing less restores the tier: LIQUIDATED, the rest still owed', async () => {
    const loan = await fundedLoan(ctx);
    await setBtcPrice(ctx, 20_000);
    const liquidation = await liquidate(ctx, loan, ctx.adapters.exchange, 2_000_000, '101.00');
    expect(liquidation?.fill).toMatchObject({
      coinQuantitySold: '1.00000000',
      proceedsCents: 2_000_000,
      feeCents: 40_000,
      appliedCents: 1_960_000,
      surplusCents: 0,
      ltvAfterPct: null,
    });
    const row = await servicingRow(ctx, loan.loanUuid);
    expect(row.status).toBe('LIQUIDATED');
    expect(new Decimal(row.collateralUnits ?? '1').isZero()).toBe(true);
    expect((await balancesOf(ctx.database.db, loan.loanUuid)).totalCents).toBeGreaterThan(0);
    expect((await reconciliation()).isBalanced).toBe(true);
  });
});

describe('desk fills', () => {
  let loan: TTestLoan;
  let order: TLiquidation;

  beforeAll(async () => {
    loan = await fundedLoan(ctx);
    const started = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    if (started === null) throw new Error('no order');
    order = started;
  });

  it('leaves the order OPEN for the desk, once however often the pass asks', async () => {
    expect(order.status).toBe('OPEN');
    expect(order.fill).toBeNull();
    const again = await liquidate(ctx, loan, createDeskExchange(), 2_100_000);
    expect(again?.liquidationUuid).toBe(order.liquidationUuid);
    const rows = await ctx.database.db
      .select()
      .from(liquidations)
      .where(eq(liquidations.loanUuid, loan.loanUuid));
    expect(rows).toHaveLength(1);
    expect((await servicingRow(ctx, loan.loanUuid)).riskLevel).toBe('LIQUIDATION');
  });

  it('lists the open order in the risk queue with its decision price; agents only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${OPS}/risk` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${OPS}/risk`, headers: bearer(loan.token) }))
        .statusCode,
    ).toBe(401);
    const queue = await riskQueueOf(ctx, agent.token);
    const listed = queue.openOrders.find(
      (entry) => entry.liquidation.liquidationUuid === order.liquidationUuid,
    );
    expect(listed?.borrowerEmail).toBe(loan.email);
    expect(listed?.liquidation.decisionPrice.priceCents).toBe(2_200_000);
    expect(queue.recentPrices[0]?.type).toBeDefined();
  });

  it('refuses a fill without a key, without a token, above the order, or in the future', async () => {
    const valid = {
      coinQuantitySold: order.coinQuantityToSell,
      priceCents: 2_150_000,
      venue: 'Desk: Kraken OTC',
      executedAt: new Date((await deploymentNow(ctx)).getTime() - 60_000).toISOString(),
    };
    await marketAt(valid.priceCents, valid.executedAt);
    expect((await fill(order.liquidationUuid, valid, 'key-1234', null)).statusCode).toBe(401);
    expect((await fill(order.liquidationUuid, valid, null)).statusCode).toBe(400);
    const above = await fill(order.liquidationUuid, {
      ...valid,
      coinQuantitySold: new Decimal(order.coinQuantityToSell).plus('0.1').toFixed(8),
    });
    expect(above.statusCode).toBe(400);
    expect(JSON.stringify(above.json())).toContain("Sell no more than the order's");
    const future = await fill(order.liquidationUuid, {
      ...valid,
      executedAt: new Date((await deploymentNow(ctx)).getTime() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain('cannot have executed in the future');
    const zeroPrice = await fill(order.liquidationUuid, { ...valid, priceCents: 0 });
    expect(zeroPrice.statusCode).toBe(400);
    const unknown = await fill('00000000-0000-4000-8000-000000000000', valid);
    expect(unknown.statusCode).toBe(404);
    // Refused when proposed: nothing waits for a checker, and nothing changed.
    const waiting = await ctx.app.inject({
      method: 'GET',
      url: `${OPS}/controlled-actions?status=PENDING`,
      headers: bearer(agent.token),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(JSON.stringify(waiting.json())).not.toContain(order.liquidationUuid);
    expect(await journalOf(loan.loanUuid)).toHaveLength(0);
    expect((await servicingRow(ctx, loan.loanUuid)).status).not.toBe('LIQUIDATED');
  });

  it('records a partial fill once per key: collateral reduced, ACTIVE, a second fill 409', async () => {
    const sold = new Decimal(order.coinQuantityToSell).div(2).toDecimalPlaces(8).toFixed(8);
    const body = {
      coinQuantitySold: sold,
      priceCents: 2_150_000,
      venue: 'Desk: Kraken OTC',
      executedAt: new Date((await deploymentNow(ctx)).getTime() - 60_000).toISOString(),
    };
    await marketAt(body.priceCents, body.executedAt);
    const before = await balancesOf(ctx.database.db, loan.loanUuid);
    const heldBefore = (await servicingRow(ctx, loan.loanUuid)).collateralUnits ?? '1';
    const first = await fill(order.liquidationUuid, body, 'desk-fill-partial-1');
    // One agent's fill is only a proposal: the order is still open, nothing sold.
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ action: 'LIQUIDATION_FILL', status: 'PENDING' });
    expect((await liquidationOf(loan.loanUuid, order.liquidationUuid)).fill).toBeNull();
    expect(await journalOf(loan.loanUuid)).toHaveLength(0);
    const approved = await approve(first);
    const filled = await liquidationOf(loan.loanUuid, order.liquidationUuid);
    expect(filled.fill).toMatchObject({ coinQuantitySold: sold, priceCents: 2_150_000 });
    const proceeds = new Decimal(sold).times(2_150_000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    expect(filled.fill?.proceedsCents).toBe(proceeds.toNumber());
    expect(filled.fill?.feeCents).toBe(
      proceeds.times(0.02).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
    );
    // The same request under the same key is the same (now approved) proposal: no second fill.
    const retry = await fill(order.liquidationUuid, body, 'desk-fill-partial-1');
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ id: approved.id, status: 'APPROVED' });
    expect(await liquidationOf(loan.loanUuid, order.liquidationUuid)).toEqual(filled);
    const reused = await fill(
      order.liquidationUuid,
      { ...body, priceCents: 2_100_000 },
      'desk-fill-partial-1',
    );
    expect(reused.statusCode).toBe(409);
    const second = await fill(order.liquidationUuid, body, 'desk-fill-partial-2');
    expect(second.statusCode).toBe(409);
    expect((second.json() as { message: string }).message).toContain('already filled');

    expect(await journalOf(loan.loanUuid)).toHaveLength(
      liquidationJournal(
        before,
        liquidationFillFigures({
          balanceCents: before.totalCents,
          coinQuantityHeld: heldBefore,
          coinQuantitySold: sold,
          priceCents: 2_150_000,
        }),
      ).legs.length,
    );
    const row = await servicingRow(ctx, loan.loanUuid);
    expect(row.status).toBe('ACTIVE');
    expect(new Decimal(row.collateralUnits ?? '0').eq(new Decimal(heldBefore).minus(sold))).toBe(
      true,
    );
    expect(row.riskLtvPct).toBe(filled.fill?.ltvAfterPct?.toFixed(2));
    expect((await balancesOf(ctx.database.db, loan.loanUuid)).totalCents).toBe(
      before.totalCents - (filled.fill?.appliedCents ?? 0),
    );
    const [{ filledBy } = { filledBy: null }] = await ctx.database.db
      .select({ filledBy: liquidations.filledBy })
      .from(liquidations)
      .where(eq(liquidations.uuid, order.liquidationUuid));
    // Carried out by the approving agent.
    expect(filledBy).toBe(`agent:${checker.identityUuid}`);
    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('sells everything at a better price: LIQUIDATED with the surplus owed back', async () => {
    const other = await fundedLoan(ctx);
    const started = await liquidate(ctx, other, createDeskExchange(), 2_000_000, '101.00');
    expect(started?.coinQuantityToSell).toBe('1.00000000');
    const owed = await balancesOf(ctx.database.db, other.loanUuid);
    const executedAt = new Date((await deploymentNow(ctx)).getTime() - 1_000).toISOString();
    await marketAt(2_500_000, executedAt);
    const response = await fill(
      started?.liquidationUuid ?? '',
      { coinQuantitySold: '1', priceCents: 2_500_000, venue: 'Desk: Coinbase Prime', executedAt },
      'desk-fill-all-1',
    );
    expect((await servicingRow(ctx, other.loanUuid)).status).not.toBe('LIQUIDATED');
    await approve(response);
    const filled = await liquidationOf(other.loanUuid, started?.liquidationUuid ?? '');
    expect(filled.fill).toMatchObject({
      proceedsCents: 2_500_000,
      feeCents: 50_000,
      ltvAfterPct: null,
    });
    // Interest may have accrued to the day of the fill; everything owed is applied.
    const appliedCents = filled.fill?.appliedCents ?? 0;
    expect(appliedCents).toBeGreaterThanOrEqual(owed.totalCents);
    expect(filled.fill?.surplusCents).toBe(2_450_000 - appliedCents);
    expect((await balancesOf(ctx.database.db, other.loanUuid)).totalCents).toBe(0);
    const legs = await journalOf(other.loanUuid);
    expect(legs).toContainEqual({
      account: 'SURPLUS_PAYABLE',
      amountCents: -(2_450_000 - appliedCents),
    });
    expect((await servicingRow(ctx, other.loanUuid)).status).toBe('LIQUIDATED');

    await deliverStatementOf(filled.liquidationUuid);
    const mail = (await mailTo(ctx, other.email)).find((message) =>
      message.subject.startsWith('We sold'),
    );
    expect(mail?.text).toContain(
      `Surplus owed back to you: ${formatUsd(2_450_000 - appliedCents)}.`,
    );
    expect(mail?.text).toContain('After: no collateral remains.');
    expect(mail?.text).toContain('on Desk: Coinbase Prime');
    expect((await reconciliation()).isBalanced).toBe(true);
  });
});

describe('concurrent desk fills', () => {
  it('records one fill when the same key is sent twice at once, and refuses a rival key', async () => {
    const loan = await fundedLoan(ctx);
    const order = await liquidate(ctx, loan, createDeskExchange(), 2_200_000);
    const body = {
      coinQuantitySold: order?.coinQuantityToSell,
      priceCents: 2_200_000,
      venue: 'Desk: Kraken OTC',
      executedAt: new Date((await deploymentNow(ctx)).getTime() - 1_000).toISOString(),
    };
    await marketAt(body.priceCents, body.executedAt);
    const uuid = order?.liquidationUuid ?? '';
    // The same key twice at once is one proposal; approved twice at once, it fills once.
    const same = await Promise.all([
      fill(uuid, body, 'desk-fill-race-1'),
      fill(uuid, body, 'desk-fill-race-1'),
    ]);
    expect(same.map((response) => response.statusCode)).toEqual([202, 202]);
    expect(same[0]?.json()).toEqual(same[1]?.json());
    const proposalId = (same[0]?.json() as TControlledAction).id;
    const approvals = await Promise.all(
      [0, 1].map(() => approveProposal(ctx.app, checker, proposalId)),
    );
    expect(approvals.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(approvals.map((r) => (r.json() as TControlledAction).status)).toEqual([
      'APPROVED',
      'APPROVED',
    ]);
    // A rival fill is refused when proposed: the order is filled.
    const rival = await Promise.all([
      fill(uuid, body, 'desk-fill-race-2'),
      fill(uuid, body, 'desk-fill-race-3'),
    ]);
    expect(rival.map((response) => response.statusCode)).toEqual([409, 409]);
    const journals = await ctx.database.db.execute<{ count: number }>(sql`
      SELECT count(DISTINCT journal_uuid)::int AS count FROM ledger_entries
      WHERE loan_uuid = ${loan.loanUuid}::uuid AND kind = 'LIQUIDATION'`);
    expect(journals.rows[0]?.count).toBe(1);
  });
});

describe('risk queue', () => {
  it('sorts margin calls by cure deadline and warnings by LTV, highest first, with the price', async () => {
    const at = await deploymentNow(ctx);
    const priceObservationId = await observeBtc(ctx, 3_000_000);
    const [early, late, high, low] = [
      await fundedLoan(ctx),
      await fundedLoan(ctx),
      await fundedLoan(ctx),
      await fundedLoan(ctx),
    ];
    const set = (
      loan: TTestLoan | undefined,
      values: Partial<typeof servicingLoans.$inferInsert>,
    ) =>
      ctx.database.db
        .update(servicingLoans)
        .set({ riskPriceObservationId: priceObservationId, riskLevelSince: at, ...values })
        .where(eq(servicingLoans.loanUuid, loan?.loanUuid ?? ''));
    const hours = (n: number) => new Date(at.getTime() + n * 3_600_000);
    await set(late, {
      status: 'MARGIN_CALL',
      riskLevel: 'MARGIN_CALL',
      riskLtvPct: '83.00',
      cureDeadline: hours(40),
    });
    await set(early, {
      status: 'MARGIN_CALL',
      riskLevel: 'MARGIN_CALL',
      riskLtvPct: '81.00',
      cureDeadline: hours(5),
    });
    await set(low, { riskLevel: 'WARNING', riskLtvPct: '75.50' });
    await set(high, { riskLevel: 'COURTESY_NOTICE', riskLtvPct: '77.25' });

    const queue = await riskQueueOf(ctx, agent.token);
    const mine = (list: { loanUuid: string }[], loans: (TTestLoan | undefined)[]) =>
      list
        .map((entry) => entry.loanUuid)
        .filter((uuid) => loans.some((loan) => loan?.loanUuid === uuid));
    expect(mine(queue.marginCalls, [early, late])).toEqual([early?.loanUuid, late?.loanUuid]);
    expect(mine(queue.warnings, [high, low])).toEqual([high?.loanUuid, low?.loanUuid]);
    const first = queue.marginCalls.find((entry) => entry.loanUuid === early?.loanUuid);
    expect(first).toMatchObject({
      borrowerEmail: early?.email,
      status: 'MARGIN_CALL',
      level: 'MARGIN_CALL',
      ltvPct: 81,
      cureDeadline: hours(5).toISOString(),
      collateral: { type: 'BTC' },
      decisionPrice: { priceObservationId, priceCents: 3_000_000, source: 'SANDBOX' },
    });
    expect(first?.balanceCents).toBeGreaterThan(2_000_000);
    expect(queue.recentPrices.length).toBeLessThanOrEqual(40);
    expect(
      queue.recentPrices.some((price) => price.priceObservationId === priceObservationId),
    ).toBe(true);
    const audits = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'risk-queue'));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits[0]?.actor).toMatch(/^agent:/);
  });
});
