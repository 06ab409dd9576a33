/**
 * Fixtures of the collateral tests: applications put into WAITING_FOR_COLLATERAL (or a paid-off
 * loan) through the real state machine, and the calls of the collateral page.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TApplication, TCollateralInfo, TPostRequestedOfferBody } from '@pledge/contract';
import type { TApplicationEvent } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { applications } from '../../src/db/schema/index.js';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import { recordPayoffMethod } from '../../src/services/ops/payoff-record.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  OHIO_OFFER,
  type TApplicationsTestContext,
} from '../applications/helpers.js';
import { uploadApprovedId } from '../ops/helpers.js';
import { saveManualBank } from '../disbursement/helpers.js';

export const ETH_OHIO_OFFER: TPostRequestedOfferBody = {
  requestedAmount: 20_000,
  collateralType: 'ETH',
  coinQuantity: '20',
  state: 'OH',
};

const TO_WAITING: readonly TApplicationEvent[] = [
  'DETAILS_SUBMITTED',
  'PROFILE_ATTACHED',
  'CREDIT_APPROVED',
  'DISCLOSURES_GENERATED',
];

async function advance(
  ctx: TApplicationsTestContext,
  appUuid: string,
  events: readonly TApplicationEvent[],
  at?: Date,
): Promise<void> {
  for (const event of events) {
    await applyTransition(ctx.database.db, {
      appUuid,
      event,
      actor: 'system:test',
      ...(at !== undefined ? { at } : {}),
    });
  }
}

/**
 * An accepted offer taken through credit and signing: WAITING_FOR_COLLATERAL, signed at
 * `signedAt`, with a US bank account on record unless `withBank` is false (funding needs one), and
 * an approved ID unless `withId` is false (the release needs one).
 */
export async function waitingApplication(
  ctx: TApplicationsTestContext,
  token: string,
  options: {
    offer?: TPostRequestedOfferBody;
    signedAt?: Date;
    withBank?: boolean;
    withId?: boolean;
  } = {},
): Promise<TApplication> {
  const accepted = await acceptedApplication(ctx.app, token, options.offer ?? OHIO_OFFER);
  await advance(ctx, accepted.appUuid, TO_WAITING);
  await advance(ctx, accepted.appUuid, ['ALL_DOCUMENTS_SIGNED'], options.signedAt);
  if (options.withBank !== false && options.offer?.countryCode === undefined) {
    expect((await saveManualBank(ctx.app, token, accepted.appUuid)).statusCode).toBe(200);
  }
  if (options.withId !== false) {
    const [row] = await ctx.database.db
      .select({ identityUuid: applications.identityUuid })
      .from(applications)
      .where(eq(applications.uuid, accepted.appUuid));
    await uploadApprovedId(
      ctx,
      { token, identityUuid: row?.identityUuid ?? '' },
      accepted.appUuid,
      options.offer?.countryCode === undefined ? 'DRIVERS_LICENSE_FRONT' : 'PASSPORT_FRONT',
    );
  }
  return accepted;
}

/** After funding (verified on funding, domestic): released, repaid (stage COLLATERAL_RELEASE). */
export async function payOff(ctx: TApplicationsTestContext, appUuid: string): Promise<void> {
  await advance(ctx, appUuid, ['FUNDS_RELEASED']);
  // As an agent's payoff does: the PAID_OFF transition and the payoff's record in one transaction
  // (a release is allowed only after a recorded payoff).
  await ctx.database.db.transaction(async (tx) => {
    const at = new Date();
    await applyTransition(tx, { appUuid, event: 'PAID_OFF', actor: 'system:test', at });
    await recordPayoffMethod(tx, {
      appUuid,
      actor: 'system:test',
      method: 'WIRE',
      reason: 'Paid off by wire (test)',
      at,
    });
  });
}

export function collateralCall(
  app: FastifyInstance,
  token: string | null,
  appUuid: string,
  options: { method?: 'GET' | 'POST'; suffix?: string; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'GET',
    url: appPath(appUuid, `/collateral${options.suffix ?? ''}`),
    headers: {
      ...(token === null ? {} : bearer(token)),
      // A bare JSON string (the wallet type) is JSON too.
      ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

/** The borrower's wallet type (POST …/collateral/source-wallet-type), as answered. */
export function postWalletType(
  app: FastifyInstance,
  token: string,
  appUuid: string,
  payload: unknown,
) {
  return collateralCall(app, token, appUuid, {
    method: 'POST',
    suffix: '/source-wallet-type',
    payload,
  });
}

/** The borrower's word that the coins are sent (POST …/collateral/borrower-confirmation), as answered. */
export function confirmCoinsSent(app: FastifyInstance, token: string, appUuid: string) {
  return collateralCall(app, token, appUuid, { method: 'POST', suffix: '/borrower-confirmation' });
}

/** POST …/collateral/calculate, which derives the deposit address on first use. */
export async function calculate(
  app: FastifyInstance,
  token: string,
  appUuid: string,
): Promise<TCollateralInfo> {
  const response = await collateralCall(app, token, appUuid, {
    method: 'POST',
    suffix: '/calculate',
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TCollateralInfo;
}

export async function deposit(
  app: FastifyInstance,
  body: { address: string; amount: string; confirmations?: number },
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/sandbox/chain/deposits', payload: body });
}
