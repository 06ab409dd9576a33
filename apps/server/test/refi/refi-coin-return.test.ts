/**
 * Issue 34, finding 7: an expired refinancing says where the coins already sent go. They wait for a
 * return address the borrower gives (checked for the coin's chain, idempotent, never changed once
 * given), the console lists them, and two agents record their return (REFI_COIN_RETURN, a
 * controlled action); or, when the borrower looks the same loan up again and submits a top-up
 * before giving an address, the new refinancing takes the address over and the coins count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TControlledAction,
  TGetRefiCoinReturnsResponse,
  TRefinancingApplication,
} from '@pledge/contract';
import { INVALID_RETURN_ADDRESS_MESSAGE, REFI_COIN_RETURN_MESSAGES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { refiCoinReturns } from '../../src/db/schema/index.js';
import { cancelExpiredRefis } from '../../src/services/refi/complete-refi.js';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import {
  approvedControlled,
  proposeAndApproveControlled,
  signInAgent,
  signInSecondAgent,
  type TAgent,
} from '../ops/helpers.js';
import { signIn } from '../identity/sign-in.js';
import {
  call,
  confirmRefiOffer,
  CUSTODY_ONLY,
  listedRefi,
  lookUpOne,
  offerOf,
  OPS,
  OWNERSHIP_TRANSFER,
  refiAppUrl as appUrl,
  type TBorrower,
  topUpEstimateOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { sendCoins } from '../helpers/sandbox-chain.js';
import { advanceClockHours } from '../servicing/helpers.js';

const RETURN_ADDRESS = `0x${'ab'.repeat(20)}`;
const OTHER_ADDRESS = `0x${'cd'.repeat(20)}`;

const ctx = useApplicationsTestContext();
let maker: TAgent;
let checker: TAgent;

const app = () => ctx.app;
const returnUrl = (appUuid: string) => appUrl(appUuid, '/collateral/celsius-refi-coin-return');

/** 100002 (ETH, 62 % LTV) submitted custody-only: a top-up requested, its address and quantity. */
async function topUpRequested(borrower: TBorrower) {
  const application = await lookUpOne(app(), borrower.token, '100002');
  const offer = offerOf(application, CUSTODY_ONLY);
  const submitted = await confirmRefiOffer(app(), borrower, application.appUuid, offer.uuid);
  expect(submitted.json()).toMatchObject({ state: 'CELSIUS_TOP_UP_REQUESTED' });
  const answer = submitted.json() as TRefinancingApplication;
  const estimate = await topUpEstimateOf(app(), borrower, application.appUuid, offer.uuid);
  const address = estimate.wallet?.depositAddress;
  if (address === undefined) throw new Error('no deposit address');
  return {
    appUuid: application.appUuid,
    offerUuid: offer.uuid,
    address,
    topUp: answer.rollForwardLoanDetails?.topUpAmount.coinQuantity ?? '0',
  };
}

const deposit = (address: string, amount: string) => sendCoins(app(), address, amount);

/** Moves the deployment clock past the 14 days and runs the expiry. */
async function expireAll(): Promise<void> {
  const now = await advanceClockHours(ctx, 14 * 24 + 1);
  await cancelExpiredRefis({ db: ctx.database.db, clock: () => now });
}

async function signInAgain(borrower: TBorrower): Promise<void> {
  borrower.token = await signIn(app(), borrower.email);
}

/** Half the top-up, to six decimals. */
const halfOf = (quantity: string) => (Number(quantity) / 2).toFixed(6);

beforeAll(async () => {
  maker = await signInAgent(ctx);
  checker = await signInSecondAgent(ctx);
});

describe('the coins of an expired refinancing', () => {
  let returned: TBorrower;
  let carried: TBorrower;
  let transferred: TBorrower;
  let transferredRefi: Awaited<ReturnType<typeof topUpRequested>>;
  let returnedRefi: Awaited<ReturnType<typeof topUpRequested>>;
  let carriedRefi: Awaited<ReturnType<typeof topUpRequested>>;
  let half: string;

  beforeAll(async () => {
    returned = await newBorrower(app());
    carried = await newBorrower(app());
    transferred = await newBorrower(app());
    returnedRefi = await topUpRequested(returned);
    carriedRefi = await topUpRequested(carried);
    transferredRefi = await topUpRequested(transferred);
    half = halfOf(returnedRefi.topUp);
    await deposit(returnedRefi.address, half);
    await deposit(carriedRefi.address, halfOf(carriedRefi.topUp));
    await deposit(transferredRefi.address, halfOf(transferredRefi.topUp));
    // While it is open the coins count toward its top-up: nothing is returned from it.
    const open = await call(app(), 'POST', returnUrl(returnedRefi.appUuid), returned.token, {
      returnAddress: RETURN_ADDRESS,
    });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({
      code: 'REFI_NOT_ENDED',
      message: REFI_COIN_RETURN_MESSAGES.notEnded,
    });
    await expireAll();
    // The clock moved past every session's idle limit.
    for (const borrower of [returned, carried, transferred]) await signInAgain(borrower);
    maker = await signInAgent(ctx);
    checker = await signInSecondAgent(ctx);
  }, 120_000);

  it('says it expired and that the coins wait for a return address; the console lists them', async () => {
    const ended = await listedRefi(app(), returned, returnedRefi.appUuid);
    expect(ended.state).toBe('CANCELLED');
    expect(ended.ending?.reason).toBe('REFI_EXPIRED');
    expect(ended.coinReturn).toMatchObject({
      status: 'AWAITING_ADDRESS',
      confirmed: { coinQuantity: half, type: 'ETH' },
      returnAddress: null,
    });
    // Coins sent after the deadline are counted for their return as well.
    await deposit(returnedRefi.address, '0.01');
    const later = await listedRefi(app(), returned, returnedRefi.appUuid);
    expect(later.coinReturn?.confirmed.coinQuantity).toBe((Number(half) + 0.01).toFixed(6));

    const listed = await call(
      app(),
      'GET',
      `${OPS}/refi/coin-returns?status=AWAITING_ADDRESS`,
      maker.token,
    );
    expect(listed.statusCode).toBe(200);
    const item = (listed.json() as TGetRefiCoinReturnsResponse).items.find(
      (row) => row.appUuid === returnedRefi.appUuid,
    );
    expect(item).toMatchObject({ status: 'AWAITING_ADDRESS', celsiusLoanIds: ['100002'] });
    // No address yet: nothing can be proposed.
    const early = await call(
      app(),
      'POST',
      `${OPS}/refi/coin-returns/${returnedRefi.appUuid}/return`,
      maker.token,
      { transactionHash: '0xfeed' },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NO_RETURN_ADDRESS' });
    // Borrowers have no access to the console's list.
    expect(
      (await call(app(), 'GET', `${OPS}/refi/coin-returns`, returned.token)).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });

  it('takes a valid return address of the coin’s chain once, and refuses a bad one changing nothing', async () => {
    const url = returnUrl(returnedRefi.appUuid);
    expect(
      (await call(app(), 'POST', url, null, { returnAddress: RETURN_ADDRESS })).statusCode,
    ).toBe(401);
    const stranger = await newBorrower(app());
    expect(
      (await call(app(), 'POST', url, stranger.token, { returnAddress: RETURN_ADDRESS }))
        .statusCode,
    ).toBe(404);
    for (const returnAddress of ['bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0x123']) {
      const bad = await call(app(), 'POST', url, returned.token, { returnAddress });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.returnAddress).toEqual([INVALID_RETURN_ADDRESS_MESSAGE]);
    }
    const empty = await call(app(), 'POST', url, returned.token, { returnAddress: '  ' });
    expect(empty.statusCode).toBe(400);
    expect((await listedRefi(app(), returned, returnedRefi.appUuid)).coinReturn?.status).toBe(
      'AWAITING_ADDRESS',
    );

    const given = await call(app(), 'POST', url, returned.token, {
      returnAddress: ` ${RETURN_ADDRESS} `,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as TRefinancingApplication).coinReturn).toMatchObject({
      status: 'REQUESTED',
      returnAddress: RETURN_ADDRESS,
    });
    const again = await call(app(), 'POST', url, returned.token, { returnAddress: RETURN_ADDRESS });
    expect(again.statusCode).toBe(200);
    const other = await call(app(), 'POST', url, returned.token, { returnAddress: OTHER_ADDRESS });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'RETURN_IN_PROGRESS',
      message: REFI_COIN_RETURN_MESSAGES.otherAddress,
    });
    const requested = await auditEventsOf(ctx.database.db, returnedRefi.appUuid, {
      toState: 'REQUESTED',
    });
    expect(requested).toHaveLength(1);
  });

  it('is returned by two agents: every confirmed coin, to the borrower’s address', async () => {
    const url = `${OPS}/refi/coin-returns/${returnedRefi.appUuid}/return`;
    const proposal = await approvedControlled(app(), {
      url,
      maker,
      checker,
      payload: { transactionHash: '0xreturned', note: 'sent from cold storage' },
    });
    expect(proposal).toMatchObject({ action: 'REFI_COIN_RETURN', status: 'APPROVED' });
    const ended = await listedRefi(app(), returned, returnedRefi.appUuid);
    expect(ended.coinReturn).toMatchObject({
      status: 'RETURNED',
      returned: { coinQuantity: (Number(half) + 0.01).toFixed(6), type: 'ETH' },
      transactionHash: '0xreturned',
      returnAddress: RETURN_ADDRESS,
    });
    // Once returned: no second return, and no new address.
    const twice = await proposeAndApproveControlled(app(), {
      url,
      maker,
      checker,
      payload: { transactionHash: '0xagain' },
    });
    expect(twice.approved).toBe(false);
    expect(twice.response.statusCode).toBe(409);
    const late = await call(app(), 'POST', returnUrl(returnedRefi.appUuid), returned.token, {
      returnAddress: RETURN_ADDRESS,
    });
    expect(late.json()).toMatchObject({ code: 'COINS_RETURNED' });
    const listed = (
      await call(app(), 'GET', `${OPS}/refi/coin-returns?status=RETURNED`, maker.token)
    ).json() as TGetRefiCoinReturnsResponse;
    expect(listed.items.find((row) => row.appUuid === returnedRefi.appUuid)).toMatchObject({
      returnedBy: checker.email,
    });
  });

  it('counts toward a new refinancing of the same loan looked up again before an address was given', async () => {
    const ended = await listedRefi(app(), carried, carriedRefi.appUuid);
    expect(ended.coinReturn?.status).toBe('AWAITING_ADDRESS');
    const again = await topUpRequested(carried);
    expect(again.appUuid).not.toBe(carriedRefi.appUuid);
    // The same address, with the coins already on it.
    expect(again.address).toBe(carriedRefi.address);
    const fresh = await listedRefi(app(), carried, again.appUuid);
    const sent = Number(halfOf(carriedRefi.topUp));
    expect(Number(fresh.rollForwardLoanDetails?.remainingTopUpAmount.coinQuantity)).toBeCloseTo(
      Number(again.topUp) - sent,
      6,
    );
    const old = await listedRefi(app(), carried, carriedRefi.appUuid);
    expect(old.coinReturn).toMatchObject({
      status: 'CARRIED_OVER',
      carriedToAppUuid: again.appUuid,
    });
    const refused = await call(app(), 'POST', returnUrl(carriedRefi.appUuid), carried.token, {
      returnAddress: RETURN_ADDRESS,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COINS_CARRIED_OVER' });
    const [row] = await ctx.database.db
      .select()
      .from(refiCoinReturns)
      .where(eq(refiCoinReturns.applicationUuid, carriedRefi.appUuid));
    expect(row?.carriedToApplicationUuid).toBe(again.appUuid);
    // The rest arrives on the same address and the new refinancing moves on.
    await deposit(again.address, (Number(again.topUp) - sent + 0.000001).toFixed(6));
    expect((await listedRefi(app(), carried, again.appUuid)).state).toBe(
      'CELSIUS_FULL_COLLATERAL_RECEIVED',
    );
    const proposals = await call(app(), 'GET', `${OPS}/controlled-actions`, maker.token);
    expect(
      (proposals.json() as { items: TControlledAction[] }).items.some(
        (proposal) => proposal.subject.id === carriedRefi.appUuid,
      ),
    ).toBe(false);
  });
  it('counts toward a new ownership-transfer refinancing of the same loan too, which needs no top-up', async () => {
    const ended = await listedRefi(app(), transferred, transferredRefi.appUuid);
    expect(ended.coinReturn?.status).toBe('AWAITING_ADDRESS');
    const sent = halfOf(transferredRefi.topUp);
    // Looked up again: 100002 at 62 % needs no top-up as ownership transfer.
    const application = await lookUpOne(app(), transferred.token, '100002');
    expect(application.appUuid).not.toBe(transferredRefi.appUuid);
    const offer = offerOf(application, OWNERSHIP_TRANSFER);
    const submitted = await confirmRefiOffer(app(), transferred, application.appUuid, offer.uuid);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ state: 'SIGN_DOCS' });

    // The coins already received are the new refinancing's now, on the same address.
    const fresh = await listedRefi(app(), transferred, application.appUuid);
    expect(fresh.collateral?.wallet?.depositAddress).toBe(transferredRefi.address);
    expect(Number(fresh.collateral?.wallet?.currentTotalCoinBalance.coinQuantity)).toBeCloseTo(
      Number(sent),
      6,
    );
    const old = await listedRefi(app(), transferred, transferredRefi.appUuid);
    expect(old.coinReturn).toMatchObject({
      status: 'CARRIED_OVER',
      carriedToAppUuid: application.appUuid,
    });
    const refused = await call(
      app(),
      'POST',
      returnUrl(transferredRefi.appUuid),
      transferred.token,
      { returnAddress: RETURN_ADDRESS },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'COINS_CARRIED_OVER',
      message: REFI_COIN_RETURN_MESSAGES.carriedOver,
    });
    const [event] = await auditEventsOf(ctx.database.db, transferredRefi.appUuid, {
      toState: 'CARRIED_OVER',
    });
    expect(event?.reason).toBe(
      `1 deposit(s) on ${transferredRefi.address} carried to the new refinancing ${application.appUuid} of the same loan`,
    );
    // Submitting again carries nothing twice.
    const again = await confirmRefiOffer(app(), transferred, application.appUuid, offer.uuid);
    expect(again.statusCode).toBe(200);
    const events = await auditEventsOf(ctx.database.db, transferredRefi.appUuid, {
      toState: 'CARRIED_OVER',
    });
    expect(events).toHaveLength(1);
  });
});
