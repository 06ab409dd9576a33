/**
 * The per-loan collateral proof: the watcher records what leaves a deposit address and the
 * address's confirmed balance with its block height; the borrower reads the proof, a balance below
 * the ledger's coins is a discrepancy the console lists and the metrics count, and a public link
 * (random, stored hashed, turned off at will) shows the proof and nothing personal.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TGetCollateralProofResponse,
  TGetOpsCollateralDiscrepanciesResponse,
  TPostCollateralProofLinkResponse,
} from '@pledge/contract';
import { eq } from 'drizzle-orm';
import {
  collateralAccounts,
  collateralAddressBalances,
  collateralProofLinks,
  collateralWithdrawals,
  servicingLoans,
} from '../../src/db/schema/index.js';
import { createMetrics } from '../../src/http/metrics.js';
import { getQueueStats } from '../../src/jobs/queue-stats.js';
import { listWatchedApplications } from '../../src/services/collateral/watch-deposits.js';
import { readHealthMetrics } from '../../src/services/health/read-health-metrics.js';
import { bearer, LEAP, type TApplicationsTestContext } from '../applications/helpers.js';
import { expectJson, signInAgent } from '../ops/helpers.js';
import { openServicingWorld, sandboxLoan, type TTestLoan } from '../servicing/helpers.js';

const OPS_DISCREPANCIES = '/service-ops/secure/api/v1/collateral/discrepancies';
const proofPath = (appUuid: string) =>
  `${LEAP}/secure/api/v1/applications/${appUuid}/collateral/proof`;
const linkPath = (appUuid: string) => `${proofPath(appUuid)}/link`;
const publicPath = (token: string) => `${LEAP}/insecure/api/v1/collateral-proofs/${token}`;

let ctx: TApplicationsTestContext;
beforeAll(async () => {
  ctx = await openServicingWorld();
});
afterAll(async () => {
  await ctx.close();
});

async function addressOf(loan: TTestLoan): Promise<string> {
  const [account] = await ctx.database.db
    .select({ address: collateralAccounts.depositAddress })
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, loan.loanUuid));
  if (account?.address == null) throw new Error('The loan has no deposit address');
  return account.address;
}

async function proofOf(loan: TTestLoan): Promise<TGetCollateralProofResponse> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: proofPath(loan.loanUuid),
    headers: bearer(loan.token),
  });
  return expectJson(response, 200) as TGetCollateralProofResponse;
}

function withdraw(address: string, amount: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/sandbox/chain/withdrawals',
    payload: { address, amount },
  });
}

function makeLink(loan: TTestLoan, idempotencyKey?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: linkPath(loan.loanUuid),
    headers: {
      ...bearer(loan.token),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
  });
}

function readPublic(token: string) {
  return ctx.app.inject({ method: 'GET', url: publicPath(token) });
}

describe('the collateral proof of a funded loan', () => {
  it('shows the address, the confirmed balance with its height and every movement', async () => {
    const loan = await sandboxLoan(ctx, { coinQuantity: '1' });
    const address = await addressOf(loan);
    const proof = await proofOf(loan);
    expect(proof).toMatchObject({
      collateralType: 'BTC',
      network: 'SANDBOX',
      // The sandbox chain's addresses look real: no public explorer is linked for them.
      addresses: [{ address, explorerUrl: null }],
      status: 'HELD',
      balance: { confirmedBalance: '1' },
      companyName: 'Pledge Lending',
      attestation: expect.stringContaining('not lent, pledged or rehypothecated'),
      publicLink: null,
    });
    expect(proof.balance?.blockHeight).toBeGreaterThan(0);
    expect(proof.balance?.tipHeight).toBeGreaterThanOrEqual(proof.balance?.blockHeight ?? 0);
    expect(proof.movements).toEqual([
      expect.objectContaining({
        direction: 'DEPOSIT',
        amount: '1',
        isConfirmed: true,
        explorerUrl: null,
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
  });

  it('records a withdrawal and the lower balance; below the ledger it is a discrepancy for agents', async () => {
    const loan = await sandboxLoan(ctx, { coinQuantity: '1' });
    const address = await addressOf(loan);
    const before = await proofOf(loan);

    const sent = await withdraw(address, '0.4');
    expect(sent.statusCode, sent.body).toBe(201);
    const { transactionHash } = sent.json() as { transactionHash: string };

    const after = await proofOf(loan);
    expect(after.movements.map((movement) => [movement.direction, movement.amount])).toEqual([
      ['WITHDRAWAL', '0.4'],
      ['DEPOSIT', '1'],
    ]);
    expect(after.movements[0]?.txid).toBe(transactionHash);
    expect(after.balance?.confirmedBalance).toBe('0.6');
    expect(after.balance?.blockHeight).toBeGreaterThan(before.balance?.blockHeight ?? Infinity);
    // The ledger holds 1 BTC for the loan: never shown as if all were well.
    expect(after.status).toBe('SHORT');

    const [stored] = await ctx.database.db
      .select()
      .from(collateralWithdrawals)
      .where(eq(collateralWithdrawals.applicationUuid, loan.loanUuid));
    expect(stored).toMatchObject({ txid: transactionHash, confirmations: 3 });
    expect(stored?.confirmedAt).not.toBeNull();

    const agent = await signInAgent(ctx);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: OPS_DISCREPANCIES,
      headers: bearer(agent.token),
    });
    expect(listed.statusCode).toBe(200);
    const { discrepancies } = listed.json() as TGetOpsCollateralDiscrepanciesResponse;
    expect(discrepancies.find((entry) => entry.loanUuid === loan.loanUuid)).toMatchObject({
      address,
      confirmedBalance: '0.6',
      expectedCoins: '1',
      shortBy: '0.4',
    });
    const health = await readHealthMetrics(ctx.database.db);
    expect(health.collateralShortByCoin.BTC).toBeGreaterThan(0);
    const metrics = createMetrics({
      pool: ctx.database.pool,
      jobQueue: () => getQueueStats(ctx.database.db),
      health: () => readHealthMetrics(ctx.database.db),
    });
    const { body } = await metrics.render();
    expect(body).toContain(
      `pledge_collateral_short_addresses{coin="BTC"} ${health.collateralShortByCoin.BTC}`,
    );

    // Borrowers never reach the console's list.
    const asBorrower = await ctx.app.inject({
      method: 'GET',
      url: OPS_DISCREPANCIES,
      headers: bearer(loan.token),
    });
    expect(asBorrower.statusCode).toBe(401);
  });

  it('refuses a sandbox withdrawal above the balance, to an unknown address, or malformed', async () => {
    const loan = await sandboxLoan(ctx, { coinQuantity: '1' });
    const address = await addressOf(loan);
    const above = await withdraw(address, '1.000001');
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await withdraw('bc1qunknownaddress', '0.1')).statusCode).toBe(404);
    const bad = await withdraw(address, '-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fieldErrors: { amount: [expect.any(String)] } });
    expect((await proofOf(loan)).movements).toHaveLength(1);
  });

  it('keeps watching a closed loan’s address while it holds coins, and stops once they left', async () => {
    const loan = await sandboxLoan(ctx, { coinQuantity: '1' });
    const address = await addressOf(loan);
    await ctx.database.db
      .update(servicingLoans)
      .set({ status: 'PAID_OFF' })
      .where(eq(servicingLoans.loanUuid, loan.loanUuid));
    expect(await listWatchedApplications(ctx.database.db)).toContain(loan.loanUuid);
    expect((await withdraw(address, '1')).statusCode).toBe(201);
    const [balance] = await ctx.database.db
      .select()
      .from(collateralAddressBalances)
      .where(eq(collateralAddressBalances.address, address));
    // A closed loan expects nothing at its address: the release is no discrepancy.
    expect(balance).toMatchObject({ confirmedBalance: '0.000000000000000000', isShort: false });
    expect(await listWatchedApplications(ctx.database.db)).not.toContain(loan.loanUuid);
  });

  it('answers 401 without a token and 404 for another borrower’s loan', async () => {
    const loan = await sandboxLoan(ctx);
    const other = await sandboxLoan(ctx);
    const anonymous = await ctx.app.inject({ method: 'GET', url: proofPath(loan.loanUuid) });
    expect(anonymous.statusCode).toBe(401);
    for (const request of [
      { method: 'GET' as const, url: proofPath(loan.loanUuid) },
      { method: 'POST' as const, url: linkPath(loan.loanUuid) },
      { method: 'DELETE' as const, url: linkPath(loan.loanUuid) },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: bearer(other.token) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const badId = await ctx.app.inject({
      method: 'GET',
      url: proofPath('not-a-uuid'),
      headers: bearer(loan.token),
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('the public link to a collateral proof', () => {
  it('shows the proof and nothing personal, unindexed and uncached', async () => {
    const loan = await sandboxLoan(ctx);
    const made = await makeLink(loan);
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json() as TPostCollateralProofLinkResponse;
    // 32 random bytes: 256 bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const response = await ctx.app.inject({ method: 'GET', url: publicPath(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const proof = response.json() as Record<string, unknown>;
    expect(proof).toMatchObject({
      addresses: [{ address: await addressOf(loan) }],
      status: 'HELD',
      balance: { confirmedBalance: '1' },
    });
    expect(proof).not.toHaveProperty('publicLink');
    for (const personal of [loan.email, loan.loanUuid, 'Sandy', 'Borrower', '20000', '20,000']) {
      expect(response.body).not.toContain(personal);
    }

    // Only the token's fingerprint is kept.
    const rows = await ctx.database.db
      .select()
      .from(collateralProofLinks)
      .where(eq(collateralProofLinks.applicationUuid, loan.loanUuid));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect((await proofOf(loan)).publicLink).toEqual({ createdAt: expect.any(String) });
  });

  it('is turned off by a new link or by the borrower, and unknown tokens find nothing', async () => {
    const loan = await sandboxLoan(ctx);
    const first = (await makeLink(loan)).json() as TPostCollateralProofLinkResponse;
    const second = (await makeLink(loan)).json() as TPostCollateralProofLinkResponse;
    expect(second.token).not.toBe(first.token);
    expect((await ctx.app.inject({ method: 'GET', url: publicPath(first.token) })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: publicPath(second.token) })).statusCode,
    ).toBe(200);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      // Idempotent: turning an off link off again changes nothing.
      const off = await ctx.app.inject({
        method: 'DELETE',
        url: linkPath(loan.loanUuid),
        headers: bearer(loan.token),
      });
      expect(off.statusCode).toBe(204);
    }
    const gone = await ctx.app.inject({ method: 'GET', url: publicPath(second.token) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'PROOF_LINK_NOT_FOUND' });
    expect((await proofOf(loan)).publicLink).toBeNull();

    const guessed = await ctx.app.inject({ method: 'GET', url: publicPath('A'.repeat(43)) });
    expect(guessed.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: publicPath('short') });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers a double click or a retry of one request (its Idempotency-Key) with the same link, still on', async () => {
    const loan = await sandboxLoan(ctx);
    const key = 'make-link-0001';
    // Two clicks at once, then a retry: one link, made once, and the same token each time.
    const answers = await Promise.all([makeLink(loan, key), makeLink(loan, key)]);
    answers.push(await makeLink(loan, key));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const [first, ...again] = answers.map((a) => a.json() as TPostCollateralProofLinkResponse);
    expect(first?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const answer of again) expect(answer).toEqual(first);
    const rows = await ctx.database.db
      .select()
      .from(collateralProofLinks)
      .where(eq(collateralProofLinks.applicationUuid, loan.loanUuid));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeNull();
    expect((await readPublic(first?.token ?? '')).statusCode).toBe(200);

    // Another loan with the same key gets a link of its own.
    const other = await sandboxLoan(ctx);
    const otherLink = (await makeLink(other, key)).json() as TPostCollateralProofLinkResponse;
    expect(otherLink.token).not.toBe(first?.token);
    expect((await readPublic(first?.token ?? '')).statusCode).toBe(200);

    // A new key is a new request: a new link, the one before off.
    const second = (
      await makeLink(loan, 'make-link-0002')
    ).json() as TPostCollateralProofLinkResponse;
    expect(second.token).not.toBe(first?.token);
    expect((await readPublic(first?.token ?? '')).statusCode).toBe(404);
    expect((await readPublic(second.token)).statusCode).toBe(200);

    // The first request's retry, now its link is off, does not bring it back nor turn the new off.
    const late = await makeLink(loan, key);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PROOF_LINK_KEY_USED' });
    expect((await readPublic(first?.token ?? '')).statusCode).toBe(404);
    expect((await readPublic(second.token)).statusCode).toBe(200);
  });
});
