/**
 * Issue 34, finding 4, replayed against the real server: a refinancing is priced when it is
 * confirmed. Ownership transfer found at 68 % and confirmed at 80 % is refused with the LTV it
 * reached and priced anew (custody only with a top-up); a stale custody-only "No top-up needed"
 * never becomes a locked top-up request: the borrower is shown the new offer and confirms it; a
 * quoted top-up that still reaches 55 % is the one requested.
 */
import { describe, expect, it } from 'vitest';
import type { TOffer, TRefinancingApplication } from '@pledge/contract';
import { desc, eq } from 'drizzle-orm';
import { auditEvents, collateralAccounts, refiApplications } from '../../src/db/schema/index.js';
import { newBorrower } from '../applications/helpers.js';
import { setPrices } from '../servicing/helpers.js';
import {
  call,
  confirmRefiOffer,
  CUSTODY_ONLY,
  listedRefi,
  lookUpOne,
  offerOf,
  OWNERSHIP_TRANSFER,
  refiAppUrl as appUrl,
  type TBorrower,
  useRepricingContext,
  topUpEstimateOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const ctx = useRepricingContext();

/** Coins to add to `coins` for `principalUsd` to be 55 % of their value at `priceUsd`, rounded up to 6 decimals. */
function topUpTo55(principalUsd: number, coins: number, priceUsd: number): string {
  const needed = principalUsd / (0.55 * priceUsd) - coins;
  // Rounded to a millionth of a millionth first, so that float noise never rounds a whole one up.
  return (Math.ceil(Math.round(needed * 1e12) / 1e6) / 1e6).toFixed(6);
}

async function nothingSubmitted(appUuid: string) {
  const [refi] = await ctx.database.db
    .select({
      submittedAt: refiApplications.submittedAt,
      topUp: refiApplications.topUpCoinQuantity,
    })
    .from(refiApplications)
    .where(eq(refiApplications.applicationUuid, appUuid));
  expect(refi?.submittedAt).toBeNull();
  const accounts = await ctx.database.db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, appUuid));
  expect(accounts.filter((account) => account.depositAddress !== null)).toEqual([]);
}

/** The top-up the borrower is quoted for an offer. */
const topUpEstimate = (me: TBorrower, appUuid: string, offerUuid: string | undefined) =>
  topUpEstimateOf(ctx.app, me, appUuid, offerUuid);

/** Confirming the offer is refused as repriced, with `message`, and nothing is submitted. */
async function expectRepriced(me: TBorrower, appUuid: string, offerUuid: string, message: string) {
  const refused = await confirmRefiOffer(ctx.app, me, appUuid, offerUuid);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'REFI_REPRICED', message });
  await nothingSubmitted(appUuid);
}

describe('a refinancing is priced when confirmed', () => {
  it('refuses ownership transfer at 80 % LTV and offers custody only with a top-up instead', async () => {
    const me = await newBorrower(ctx.app);
    // 100003: $20,400 on 0.5 BTC, 68 % at $60,000.
    const application = await lookUpOne(ctx.app, me.token, '100003');
    const transfer = offerOf(application, OWNERSHIP_TRANSFER);
    expect(transfer.ltv).toBe(68);
    const selected = await call(
      ctx.app,
      'POST',
      appUrl(application.appUuid, '/select-offer'),
      me.token,
      {
        offerUuid: transfer.uuid,
      },
    );
    expect(selected.statusCode).toBe(200);

    // At $51,000 the loan is at 80 %: above the 70 % ownership transfer allows.
    await setPrices(ctx, { BTC: 51_000, ETH: 3_000 });
    await expectRepriced(
      me,
      application.appUuid,
      transfer.uuid,
      'The price of BTC moved: your loan’s LTV is now 80.00%, above the 70% up to which ownership transfer applies. Review the new offer and accept it again.',
    );

    // The list shows what was priced anew: custody only with a top-up to 55 %, nothing chosen.
    const repriced = await listedRefi(ctx.app, me, application.appUuid);
    expect(repriced.state).toBe('CREATED');
    expect(repriced.selectedOffer).toBeNull();
    expect(repriced.offers).toHaveLength(1);
    const custody = offerOf(repriced, CUSTODY_ONLY);
    expect(custody).toMatchObject({
      ltv: 80,
      celsiusTopUpRequired: true,
      postTopUpLoanToValue: 55,
    });
    const [event] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, application.appUuid))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ fromState: 'OFFER_ACCEPTED', toState: 'CREATED' });

    // The old offer can no longer be confirmed; the new one is, with its own top-up.
    expect(
      (await confirmRefiOffer(ctx.app, me, application.appUuid, transfer.uuid)).statusCode,
    ).toBe(400);
    const submitted = await confirmRefiOffer(ctx.app, me, application.appUuid, custody.uuid);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const answer = submitted.json() as TRefinancingApplication;
    expect(answer.state).toBe('CELSIUS_TOP_UP_REQUESTED');
    expect(answer.rollForwardLoanDetails?.topUpAmount.coinQuantity).toBe(
      String(Number(topUpTo55(20_400, 0.5, 51_000))),
    );
  });

  it('never turns a stale custody-only "No top-up needed" into a top-up the borrower did not choose', async () => {
    const me = await newBorrower(ctx.app);
    // 100001: $24,000 on 1 BTC, 40 % at $60,000: custody only, no top-up.
    const application = await lookUpOne(ctx.app, me.token, '100001');
    const stale: TOffer = offerOf(application, CUSTODY_ONLY);
    expect(stale.celsiusTopUpRequired).toBe(false);

    // At $40,000 the loan is at 60 %.
    await setPrices(ctx, { BTC: 40_000, ETH: 3_000 });
    await expectRepriced(
      me,
      application.appUuid,
      stale.uuid,
      'The price of BTC moved: your loan’s LTV is now 60.00%, above 55%, so custody only now needs a collateral top-up. Review the new offer and accept it again.',
    );

    // The borrower's treatment stays chosen, with its new terms to confirm: now with a top-up.
    const repriced = await listedRefi(ctx.app, me, application.appUuid);
    expect(repriced.state).toBe('OFFER_ACCEPTED');
    expect(repriced.selectedOffer).toMatchObject({
      collateralReuseConsent: CUSTODY_ONLY,
      celsiusTopUpRequired: true,
      ltv: 60,
    });
    expect(repriced.selectedOffer?.uuid).not.toBe(stale.uuid);
    // Ownership transfer opens at 60 % too.
    expect(repriced.offers.map((offer) => offer.collateralReuseConsent)).toEqual([
      OWNERSHIP_TRANSFER,
    ]);
    const estimate = await topUpEstimate(me, application.appUuid, repriced.selectedOffer?.uuid);
    const expected = topUpTo55(24_000, 1, 40_000);
    expect(estimate).toMatchObject({ topUpRequired: true, currentLtv: 60, targetLtv: 55 });
    expect(Number(estimate.topUpCoinAmount.coinQuantity)).toBe(Number(expected));

    const submitted = await confirmRefiOffer(
      ctx.app,
      me,
      application.appUuid,
      repriced.selectedOffer?.uuid ?? '',
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const answer = submitted.json() as TRefinancingApplication;
    expect(answer.state).toBe('CELSIUS_TOP_UP_REQUESTED');
    expect(Number(answer.rollForwardLoanDetails?.topUpAmount.coinQuantity)).toBe(Number(expected));
  });

  it('requests the quoted top-up while it still brings the loan to 55 %', async () => {
    const me = await newBorrower(ctx.app);
    // 100002: $18,600 on 10 ETH, 62 % at $3,000.
    const application = await lookUpOne(ctx.app, me.token, '100002');
    const custody = offerOf(application, CUSTODY_ONLY);
    const estimate = await topUpEstimate(me, application.appUuid, custody.uuid);
    const quoted = topUpTo55(18_600, 10, 3_000);
    expect(Number(estimate.topUpCoinAmount.coinQuantity)).toBe(Number(quoted));

    // The price rose a little: the quoted top-up now brings it under 55 %, in the same tier.
    await setPrices(ctx, { BTC: 60_000, ETH: 3_050 });
    const submitted = await confirmRefiOffer(ctx.app, me, application.appUuid, custody.uuid);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const answer = submitted.json() as TRefinancingApplication;
    expect(answer.state).toBe('CELSIUS_TOP_UP_REQUESTED');
    expect(Number(answer.rollForwardLoanDetails?.topUpAmount.coinQuantity)).toBe(Number(quoted));
    const events = await auditEventsOf(ctx.database.db, application.appUuid, {
      toState: 'CREATED',
    });
    expect(events).toHaveLength(1);
  });
});
