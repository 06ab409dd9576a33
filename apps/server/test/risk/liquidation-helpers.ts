/**
 * A liquidation test world: the app with BTC at $60,000 and the sandbox agent signed in, a funded
 * loan, a liquidation started on a stored decision price, the desk's fill recorded by the agent, and
 * the statement job's dependencies.
 */
import { randomUUID } from 'node:crypto';
import type { TControlledAction, TGetOpsLoanResponse, TLiquidation } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TExchangePort } from '../../src/adapters/exchange/port.js';
import { createEncryptedStore } from '../../src/adapters/storage/encrypted.js';
import { liquidations, priceObservations, servicingLoans } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { startLiquidation } from '../../src/services/risk/liquidate-loan.js';
import { bearer, type TApplicationsTestContext } from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { OPS, signInSecondAgent, type TAgent } from '../ops/helpers.js';
import { idempotency, sandboxLoan, setBtcPrice, type TTestLoan } from '../servicing/helpers.js';
import { deploymentNow } from './helpers.js';

/** A funded loan of $20,000 on 1 BTC at $60,000 (8.91 %, initial tier up to 50 %). */
export async function fundedLoan(ctx: TApplicationsTestContext): Promise<TTestLoan> {
  await setBtcPrice(ctx, 60_000);
  return sandboxLoan(ctx, { drawAmount: 20_000, coinQuantity: '1' });
}

/** A stored BTC price, as the monitoring would keep it, observed at `at` (now unless said). */
export async function observeBtc(
  ctx: TApplicationsTestContext,
  priceCents: number,
  at?: Date,
): Promise<number> {
  const observedAt = at ?? (await deploymentNow(ctx));
  const [row] = await ctx.database.db
    .insert(priceObservations)
    .values({ collateralType: 'BTC', priceCents, source: 'SANDBOX', observedAt })
    .returning({ id: priceObservations.id });
  if (row === undefined) throw new Error('no observation');
  return row.id;
}

/** Starts the loan's liquidation on the exchange, decided at a freshly stored price. */
export async function liquidate(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
  exchange: TExchangePort,
  decisionPriceCents: number,
  ltvPct = '91.00',
): Promise<TLiquidation | null> {
  const at = await deploymentNow(ctx);
  const priceObservationId = await observeBtc(ctx, decisionPriceCents, at);
  return ctx.database.db.transaction((tx) =>
    startLiquidation(
      tx,
      { exchange },
      { loanUuid: loan.loanUuid, reason: 'LIQUIDATION_LTV', ltvPct, priceObservationId, now: at },
    ),
  );
}

/** The second agent of each test app, signed in once: the checker of the desk's fills. */
const checkers = new WeakMap<TApplicationsTestContext, Promise<TAgent>>();

/**
 * The desk's fill of an open order, a second before now, at the market's price then (the stored
 * feed, which a fill is checked against): proposed by the agent, approved by the second agent,
 * and read back from the console's view of the loan.
 */
export async function deskFill(
  ctx: TApplicationsTestContext,
  agentToken: string,
  order: TLiquidation,
  coinQuantitySold: string,
  priceCents: number,
): Promise<TLiquidation> {
  const executedAt = new Date((await deploymentNow(ctx)).getTime() - 1_000);
  await observeBtc(ctx, priceCents, executedAt);
  const proposed = await ctx.app.inject({
    method: 'POST',
    url: `${OPS}/liquidations/${order.liquidationUuid}/fill`,
    headers: { ...bearer(agentToken), ...idempotency(`desk-fill-${randomUUID()}`) },
    payload: {
      coinQuantitySold,
      priceCents,
      venue: 'Desk: Kraken OTC',
      executedAt: executedAt.toISOString(),
    },
  });
  expect(proposed.statusCode, proposed.body).toBe(202);
  const { id } = proposed.json() as TControlledAction;
  const signedIn = checkers.get(ctx) ?? signInSecondAgent(ctx);
  checkers.set(ctx, signedIn);
  let checker = await signedIn;
  const approve = () =>
    ctx.app.inject({
      method: 'POST',
      url: `${OPS}/controlled-actions/${id}/approve`,
      headers: bearer(checker.token),
    });
  let approved = await approve();
  if (approved.statusCode === 401) {
    // The moved clock ended the checker's session.
    const again = signInSecondAgent(ctx);
    checkers.set(ctx, again);
    checker = await again;
    approved = await approve();
  }
  expect(approved.statusCode, approved.body).toBe(200);
  expect((approved.json() as TControlledAction).status).toBe('APPROVED');
  const [row] = await ctx.database.db
    .select({ loanUuid: liquidations.loanUuid })
    .from(liquidations)
    .where(eq(liquidations.uuid, order.liquidationUuid));
  const view = await ctx.app.inject({
    method: 'GET',
    url: `${OPS}/loans/${row?.loanUuid ?? ''}`,
    headers: bearer(agentToken),
  });
  expect(view.statusCode, view.body).toBe(200);
  const filled = (view.json() as TGetOpsLoanResponse).loan.liquidations.find(
    (entry) => entry.liquidationUuid === order.liquidationUuid,
  );
  expect(filled?.fill).toMatchObject({ coinQuantitySold, priceCents });
  return filled as TLiquidation;
}

/** What the liquidation statement job runs with, as the worker has it. */
export function statementDeps(ctx: TApplicationsTestContext) {
  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
  return {
    db: ctx.database.db,
    cipher,
    store: createEncryptedStore(ctx.adapters.storage, cipher),
    sandbox: true,
    clock: () => new Date(),
  };
}

/** The loan's servicing row. */
export async function servicingRow(ctx: TApplicationsTestContext, loanUuid: string) {
  const [row] = await ctx.database.db
    .select()
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid));
  if (row === undefined) throw new Error('no loan');
  return row;
}
