import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCollateralInfo,
  TOpsApplicationDetail,
  TPostCollateralReleaseResponse,
} from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../src/db/schema/index.js';
import { PAYOFF_ENTITY } from '../../src/services/ops/payoff-record.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createApplicationsTestContext,
  newBorrower,
  type TApplicationsTestContext,
} from '../applications/helpers.js';
import {
  advance,
  expectJson,
  opsCall,
  opsPath,
  signInAgent,
  TO_FUNDING_RELEASE,
  TO_SIGN_DOCS,
  type TAgent,
} from './helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BTC_RETURN_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let ctx: TApplicationsTestContext;
let agent: TAgent;

beforeAll(async () => {
  ctx = await createApplicationsTestContext();
  agent = await signInAgent(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** A borrower's application moved through the real state machine to `events`' end. */
async function applicationAfter(events: readonly Parameters<typeof advance>[2][number][]) {
  const borrower = await newBorrower(ctx.app);
  const accepted = await acceptedApplication(ctx.app, borrower.token);
  await advance(ctx, accepted.appUuid, events);
  return { ...borrower, appUuid: accepted.appUuid };
}

/** An active domestic loan: COMPLETE. */
const activeLoan = () =>
  applicationAfter([...TO_SIGN_DOCS, ...TO_FUNDING_RELEASE, 'FUNDS_RELEASED']);

const payoffUrl = (appUuid: string) => opsPath(`/${appUuid}/record-payoff`);

async function auditOf(appUuid: string, entityType: string) {
  return ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, appUuid)));
}

async function collateralOf(token: string, appUuid: string): Promise<TCollateralInfo> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: appPath(appUuid, '/collateral'),
    headers: bearer(token),
  });
  return expectJson(response, 200) as TCollateralInfo;
}

describe('POST …/record-payoff', () => {
  it('pays off an active loan once, audited, and the borrower sees the ACH hold', async () => {
    const loan = await activeLoan();
    expect(await collateralOf(loan.token, loan.appUuid)).not.toHaveProperty('payoff');

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, {
          method: 'ACH',
          reason: '  Paid in full  ',
        }),
      ),
    );
    for (const answer of answers) {
      const view = expectJson(answer, 200) as TOpsApplicationDetail;
      expect(view.application).toMatchObject({ state: 'PAID_OFF', stage: 'COLLATERAL_RELEASE' });
    }
    const view = expectJson(answers[0] as never, 200) as TOpsApplicationDetail;
    expect(view.auditEvents[0]).toMatchObject({
      actor: `agent:${agent.identityUuid}`,
      fromState: 'COMPLETE',
      toState: 'PAID_OFF',
      event: 'PAID_OFF',
      reason: 'Payoff recorded (ACH): Paid in full',
    });
    const transitions = (await auditOf(loan.appUuid, 'application')).filter(
      (event) => event.toState === 'PAID_OFF',
    );
    expect(transitions).toHaveLength(1);
    expect(await auditOf(loan.appUuid, PAYOFF_ENTITY)).toHaveLength(1);

    const info = await collateralOf(loan.token, loan.appUuid);
    expect(info.payoff?.method).toBe('ACH');
    const paidOffAt = Date.parse(info.payoff?.paidOffAt ?? '');
    expect(paidOffAt).toBe(transitions[0]?.at.getTime());
    expect(Date.parse(info.payoff?.heldUntil ?? '') - paidOffAt).toBe(21 * DAY_MS);

    // The borrower may now ask for the collateral back (nothing was deposited in this test).
    const release = await ctx.app.inject({
      method: 'POST',
      url: appPath(loan.appUuid, '/collateral/release'),
      headers: bearer(loan.token),
      payload: { returnAddress: BTC_RETURN_ADDRESS },
    });
    const released = expectJson(release, 200) as TPostCollateralReleaseResponse;
    expect(released.collateralReleaseResponse.result).toBe('NO_COLLATERAL');
  });

  it('answers a repeat on a paid-off loan unchanged, keeping the first method', async () => {
    const loan = await activeLoan();
    const first = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, {
      method: 'WIRE',
    });
    const firstView = expectJson(first, 200) as TOpsApplicationDetail;
    expect(firstView.auditEvents[0]?.reason).toBe('Payoff recorded (Wire)');
    const again = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, {
      method: 'ACH',
      reason: 'Once more',
    });
    const againView = expectJson(again, 200) as TOpsApplicationDetail;
    expect(againView.application.state).toBe('PAID_OFF');
    expect(againView.auditEvents).toEqual(firstView.auditEvents);
    expect(await auditOf(loan.appUuid, PAYOFF_ENTITY)).toHaveLength(1);

    const info = await collateralOf(loan.token, loan.appUuid);
    expect(info.payoff?.method).toBe('WIRE');
    expect(
      Date.parse(info.payoff?.heldUntil ?? '') - Date.parse(info.payoff?.paidOffAt ?? ''),
    ).toBe(3 * DAY_MS);
  });

  it('refuses (409) an application that is not an active loan, and changes nothing', async () => {
    const signing = await applicationAfter(TO_SIGN_DOCS);
    const answer = await opsCall(ctx.app, 'POST', payoffUrl(signing.appUuid), agent.token, {
      method: 'ACH',
    });
    const refusal = expectJson(answer, 409) as { code: string; message: string };
    expect(refusal.code).toBe('CANNOT_RECORD_PAYOFF');
    expect(refusal.message).toContain('SIGN_DOCS');
    const detail = await opsCall(ctx.app, 'GET', opsPath(`/${signing.appUuid}`), agent.token);
    expect((expectJson(detail, 200) as TOpsApplicationDetail).application.state).toBe('SIGN_DOCS');
    expect(await auditOf(signing.appUuid, PAYOFF_ENTITY)).toHaveLength(0);
  });

  it('answers 400 with a field message for a missing or unknown method', async () => {
    const loan = await activeLoan();
    for (const payload of [{}, { method: 'CHEQUE' }, { method: 'ACH', reason: 'x'.repeat(501) }]) {
      const answer = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, payload);
      const body = expectJson(answer, 400) as { fieldErrors?: Record<string, string[]> };
      expect(Object.keys(body.fieldErrors ?? {}).length).toBeGreaterThan(0);
    }
    const missing = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, {});
    expect((expectJson(missing, 400) as { fieldErrors?: object }).fieldErrors).toHaveProperty(
      'method',
    );
    expect((await collateralOf(loan.token, loan.appUuid)).payoff).toBeUndefined();
  });

  it('answers 401 without a token or with a borrower token, and 404 for an unknown id', async () => {
    const loan = await activeLoan();
    const payload = { method: 'ACH' };
    expect(
      (await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), null, payload)).statusCode,
    ).toBe(401);
    const asBorrower = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), loan.token, payload);
    expect(asBorrower.statusCode).toBe(401);
    const unknown = await opsCall(ctx.app, 'POST', payoffUrl(randomUUID()), agent.token, payload);
    expect(expectJson(unknown, 404)).toMatchObject({ code: 'NOT_FOUND' });
    const detail = await opsCall(ctx.app, 'GET', opsPath(`/${loan.appUuid}`), agent.token);
    expect((expectJson(detail, 200) as TOpsApplicationDetail).application.state).toBe('COMPLETE');
  });
});
