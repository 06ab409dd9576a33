/**
 * Helpers of the disbursement tests: applications brought to the state a case needs, and a sandbox
 * bank-link provider on a clock the test moves.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { stageOf, type TApplicationState } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { createAdapters } from '../../src/adapters/index.js';
import { createSandboxBankLink } from '../../src/adapters/bank-link/sandbox.js';
import { applications } from '../../src/db/schema/index.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createApplicationsTestContext,
  GERMANY_OFFER,
  newBorrower,
  OHIO_OFFER,
  type TApplicationsTestContext,
  LEAP,
} from '../applications/helpers.js';
import { manualClock } from '../identity/sign-in.js';

export { appPath, bearer, LEAP };
export const BANK_LINK = `${LEAP}/secure/api/v1/bank-link`;

export interface TDisbursementTestContext extends TApplicationsTestContext {
  /** Moves the sandbox bank's time (items turn COMPLETE after SANDBOX_ITEM_READY_MS). */
  advanceBankTime(ms: number): void;
}

export async function createDisbursementTestContext(): Promise<TDisbursementTestContext> {
  const bankClock = manualClock();
  const ctx = await createApplicationsTestContext({
    adapters: (database) => ({
      ...createAdapters({ config: { sandbox: true }, db: database.db }),
      bankLink: createSandboxBankLink({ signingKey: randomBytes(32), clock: bankClock.clock }),
    }),
  });
  return { ...ctx, advanceBankTime: (ms) => bankClock.advance(ms) };
}

export type TBorrower = Awaited<ReturnType<typeof newBorrower>>;

/**
 * A describe block's disbursement app with two signed-in borrowers, the one a case is about and
 * another, made before its tests and closed after them. Destructure it at collection; its objects
 * are filled in before the first test.
 */
export function useDisbursementWorld(): {
  ctx: TDisbursementTestContext;
  borrower: TBorrower;
  other: TBorrower;
} {
  const world = {
    ctx: {} as TDisbursementTestContext,
    borrower: {} as TBorrower,
    other: {} as TBorrower,
  };
  beforeAll(async () => {
    Object.assign(world.ctx, await createDisbursementTestContext());
    Object.assign(world.borrower, await newBorrower(world.ctx.app));
    Object.assign(world.other, await newBorrower(world.ctx.app));
  });
  afterAll(async () => {
    if ('close' in world.ctx) await world.ctx.close();
  });
  return world;
}

/**
 * An application of the borrower with an accepted offer (US or international), put in `state` as
 * the earlier steps of the flow would have left it.
 */
export async function applicationIn(
  ctx: TApplicationsTestContext,
  token: string,
  state: TApplicationState,
  options: { international?: boolean } = {},
): Promise<string> {
  const accepted = await acceptedApplication(
    ctx.app,
    token,
    options.international === true ? GERMANY_OFFER : OHIO_OFFER,
  );
  await ctx.database.db
    .update(applications)
    .set({ state, stage: stageOf(state) })
    .where(eq(applications.uuid, accepted.appUuid));
  return accepted.appUuid;
}

export function post(
  app: FastifyInstance,
  url: string,
  token: string | null,
  payload: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: token === null ? {} : bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

/** A routing number that passes the 3-7-1 checksum, and one that does not. */
export const VALID_ROUTING = '011000015';
export const INVALID_ROUTING = '011000016';

export const MANUAL_BANK = {
  routingNumber: VALID_ROUTING,
  accountNumber: '000123456789',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

export const manualBankPath = (appUuid: string) => appPath(appUuid, '/disbursement/manual-bank');

/** The borrower (or an anonymous caller, `null`) types in a bank account: MANUAL_BANK unless said. */
export function saveManualBank(
  app: FastifyInstance,
  token: string | null,
  appUuid: string,
  bank: object = MANUAL_BANK,
): Promise<LightMyRequestResponse> {
  return post(app, manualBankPath(appUuid), token, bank);
}

/** A well-formed EVM address (lower case, so no checksum applies) and a Solana one. */
export const EVM_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
