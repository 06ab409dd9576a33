/**
 * Facts frozen per application (DESIGN §6): the loan details of a borrower's second application,
 * with another name and SSN, are a new underwriting of that application. They never rewrite what
 * the first one was decided on: its credit check keeps its facts, the holder name of its payout
 * account is checked against them, and the agent console shows them.
 */
import { describe, expect, it } from 'vitest';
import type { TProfile } from '@pledge/contract';
import { asc, eq } from 'drizzle-orm';
import { creditChecks, holderNameReviews, profiles } from '../../src/db/schema/index.js';
import { frozenSsnBlindIndexOf } from '../../src/services/profile/frozen-credit-facts.js';
import {
  advance,
  expectJson,
  HOLDER_ADA,
  useAgentContext,
  opsApplicationOf,
} from '../ops/helpers.js';
import {
  acceptedApplication,
  bearer,
  GERMANY_OFFER,
  internationalDetails,
  newBorrower,
  submitDetails,
  usDetails,
} from './helpers.js';
import { saveManualBank } from '../disbursement/helpers.js';

const { ctx, agent } = useAgentContext();

const EVE = { firstName: 'Eve', lastName: 'Mallory' };

const consoleView = (appUuid: string) => opsApplicationOf(ctx.app, agent, appUuid);

async function profileSsnIndex(identityUuid: string): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({ ssnBlindIndex: profiles.ssnBlindIndex })
    .from(profiles)
    .where(eq(profiles.identityUuid, identityUuid));
  return row?.ssnBlindIndex ?? null;
}

/** An application of the borrower taken through its details and its real credit pull. */
async function underwritten(token: string, details: ReturnType<typeof usDetails>) {
  const accepted = await acceptedApplication(ctx.app, token);
  const submitted = await submitDetails(ctx.app, token, accepted.appUuid, details);
  expect(submitted.statusCode, submitted.body).toBe(202);
  await ctx.runJobs();
  return accepted.appUuid;
}

describe('credit facts frozen per application', () => {
  it('keeps the first application on its own facts after a second one brings another name and SSN', async () => {
    const borrower = await newBorrower(ctx.app);
    const first = await underwritten(borrower.token, usDetails('123-45-6789'));
    const firstSsnIndex = await profileSsnIndex(borrower.identityUuid);
    const second = await underwritten(borrower.token, {
      ...usDetails('223-45-4320'),
      ...EVE,
      dob: '1988-02-29',
    });
    expect((await consoleView(first)).application.state).toBe('SIGN_DOCS');
    expect((await consoleView(second)).application.state).toBe('SIGN_DOCS');

    // The profile shows the newest facts: the second application's.
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/service-profile/api/v1/profile',
      headers: bearer(borrower.token),
    });
    expect((expectJson(profile, 200) as TProfile).name).toMatchObject(EVE);
    const secondSsnIndex = await profileSsnIndex(borrower.identityUuid);
    expect(secondSsnIndex).not.toBe(firstSsnIndex);

    // Each credit check recorded the facts of its own application, the SSN sealed and indexed.
    const checks = await ctx.database.db
      .select()
      .from(creditChecks)
      .orderBy(asc(creditChecks.at), asc(creditChecks.applicationUuid));
    const checkOf = (appUuid: string) => checks.find((row) => row.applicationUuid === appUuid);
    expect(checkOf(first)?.creditFactsSealed).toBeTruthy();
    expect(checkOf(first)?.creditFactsSealed).not.toContain('123456789');
    expect(checkOf(first)?.creditFactsSealed).not.toContain('Lovelace');
    expect(await frozenSsnBlindIndexOf(ctx.database.db, first)).toBe(firstSsnIndex);
    expect(await frozenSsnBlindIndexOf(ctx.database.db, second)).toBe(secondSsnIndex);

    // The console shows each application as it was underwritten, and says the profile moved on.
    expect((await consoleView(first)).borrower).toMatchObject({
      name: 'Ada Lovelace',
      ssnMask: '***-**-6789',
      dob: '1990-05-17',
      homeAddress: '1 Main St, Columbus, OH 43215, US',
      profileDiffers: true,
    });
    expect((await consoleView(second)).borrower).toMatchObject({
      name: 'Eve Mallory',
      ssnMask: '***-**-4320',
      dob: '1988-02-29',
      profileDiffers: false,
    });

    // A payout account in the new name is not the first application's borrower: held for review.
    await advance(ctx, first, ['ALL_DOCUMENTS_SIGNED']);
    const eveAccount = await saveManualBank(ctx.app, borrower.token, first, {
      ...HOLDER_ADA,
      ...EVE,
    });
    expect(eveAccount.statusCode, eveAccount.body).toBe(200);
    expect((await consoleView(first)).holderNameReview).toMatchObject({
      status: 'PENDING',
      holderName: 'Eve Mallory',
      borrowerName: 'Ada Lovelace',
    });

    // The name the first application was underwritten on needs no review (a new account).
    const adaAccount = await saveManualBank(ctx.app, borrower.token, first, HOLDER_ADA);
    expect(adaAccount.statusCode, adaAccount.body).toBe(200);
    expect((await consoleView(first)).holderNameReview).toBeNull();

    // And on the second application, Eve is the borrower while Ada is not.
    await advance(ctx, second, ['ALL_DOCUMENTS_SIGNED']);
    const adaOnSecond = await saveManualBank(ctx.app, borrower.token, second, HOLDER_ADA);
    expect(adaOnSecond.statusCode, adaOnSecond.body).toBe(200);
    expect((await consoleView(second)).holderNameReview).toMatchObject({
      status: 'PENDING',
      borrowerName: 'Eve Mallory',
    });
    const reviews = await ctx.database.db
      .select({ applicationUuid: holderNameReviews.applicationUuid })
      .from(holderNameReviews)
      .where(eq(holderNameReviews.applicationUuid, second));
    expect(reviews).toHaveLength(1);
  });

  it('records the facts without an SSN for an international borrower, and none before a pull', async () => {
    const borrower = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, borrower.token, GERMANY_OFFER);
    expect(await frozenSsnBlindIndexOf(ctx.database.db, accepted.appUuid)).toBeNull();
    const submitted = await submitDetails(
      ctx.app,
      borrower.token,
      accepted.appUuid,
      internationalDetails(),
    );
    expect(submitted.statusCode, submitted.body).toBe(202);
    await ctx.runJobs();

    const [check] = await ctx.database.db
      .select()
      .from(creditChecks)
      .where(eq(creditChecks.applicationUuid, accepted.appUuid));
    expect(check).toMatchObject({ outcome: 'NOT_REQUIRED', ssnBlindIndex: null });
    expect(check?.creditFactsSealed).toBeTruthy();
    expect(await frozenSsnBlindIndexOf(ctx.database.db, accepted.appUuid)).toBeNull();
    expect((await consoleView(accepted.appUuid)).borrower).toMatchObject({
      name: 'Grace Hopper',
      ssnMask: null,
      dob: '1985-12-09',
      profileDiffers: false,
    });
  });
});
