/**
 * What the monitoring reads about a loan is set when it opens: a custody-only refinanced loan whose
 * borrower opted into stabilization (document 2 §9) opens with stabilization on (liquidation at
 * 85 %); loans funded before the monitoring get their coin, quantity and tier from the backfill.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TDocument } from '@pledge/contract';
import { sql } from 'drizzle-orm';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import { call, CUSTODY_ONLY, lookUpOne, offerOf, REFI } from '../refi/helpers.js';
import { fundedSandboxLoan, provisionSandboxAgents } from '../servicing/helpers.js';
import { servicingRow } from './liquidation-helpers.js';

const ctx = useApplicationsTestContext();

describe('a refinanced custody-only loan with stabilization', () => {
  it('opens with stabilization on and its collateral on the servicing row', async () => {
    const me = await newBorrower(ctx.app);
    const application = await lookUpOne(ctx.app, me.token, '100001');
    const url = (suffix: string) => `${REFI}/applications/${application.appUuid}${suffix}`;
    const offer = offerOf(application, CUSTODY_ONLY);
    const post = (path: string, body?: object) => call(ctx.app, 'POST', path, me.token, body);
    expect((await post(url('/select-offer'), { offerUuid: offer.uuid })).statusCode).toBe(200);
    expect((await post(url('/stabilization'), { optIn: true })).statusCode).toBe(200);
    const confirmed = await post(url('/collateral/celsius-refi-borrower-confirmation'), {
      offerUuid: offer.uuid,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const documents = (
      await call(ctx.app, 'GET', url(`/borrowers/${me.identityUuid}/documents/unsigned`), me.token)
    ).json() as TDocument[];
    for (const document of documents) {
      const signed = await post(`${REFI}/sign-document/${document.uuid}`);
      expect(signed.statusCode, signed.body).toBe(200);
    }
    await ctx.runJobs();
    const row = await servicingRow(ctx, application.appUuid);
    expect(row.stabilization).toBe(true);
    expect(['BTC', 'ETH']).toContain(row.collateralType);
    expect(Number(row.collateralUnits)).toBeGreaterThan(0);
    expect(row.riskTierId).toMatch(/^RATE_/);
  });
});

describe('the backfill of loans funded before the monitoring (migration 0018)', () => {
  it('fills coin, pledged quantity and tier from the selected offer', async () => {
    await provisionSandboxAgents(ctx);
    const { loanUuid } = await fundedSandboxLoan(ctx, {
      email: `backfill-${Date.now()}@example.com`,
      coinQuantity: '1.5',
    });
    await ctx.database.db.execute(sql`UPDATE servicing_loans SET collateral_type = NULL,
      collateral_units = NULL, risk_tier_id = NULL WHERE loan_uuid = ${loanUuid}`);
    const file = readFileSync(
      new URL('../../src/db/migrations/0018_risk-backfill.sql', import.meta.url),
      'utf8',
    );
    const backfill = file.split('--> statement-breakpoint')[1] ?? '';
    expect(backfill).toContain('UPDATE "servicing_loans"');
    await ctx.database.db.execute(sql.raw(backfill));
    const row = await servicingRow(ctx, loanUuid);
    expect(row).toMatchObject({
      collateralType: 'BTC',
      riskTierId: 'RATE_1',
      stabilization: false,
    });
    expect(Number(row.collateralUnits)).toBe(1.5);
  });
});
