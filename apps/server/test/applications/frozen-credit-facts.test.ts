/**
 * Frozen credit facts (DESIGN §6): once the details start the credit pull, the SSN, name, date of
 * birth and residence it used cannot be changed through the profile while the application can go
 * on, and every pull of that application (a credit retry included) sends the facts frozen with it.
 */
import { describe, expect, it } from 'vitest';
import type { TProfile, TPutProfileBody } from '@pledge/contract';
import { FROZEN_CREDIT_FACT_MESSAGES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TSoftPullRequest } from '../../src/adapters/credit-bureau/port.js';

import { applications } from '../../src/db/schema/index.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createApplicationsTestContext,
  submitDetails,
  usDetails,
  borrowerAfterCreditCheck,
  withCreditBureau,
  useApplicationsTestContext,
} from './helpers.js';
import { PROFILE_URL } from '../ops/helpers.js';

const SSN = { approved: '123-45-6789', noMatch: '123-45-0001', locked: '123-45-0002' } as const;

const ctx = useApplicationsTestContext(() =>
  createApplicationsTestContext({
    adapters: withCreditBureau(async (request, sandbox) => {
      pulls.push(request);
      return sandbox.softPull(request);
    }),
  }),
);
/** Every request the bureau received, in order. */
const pulls: TSoftPullRequest[] = [];

async function stateOf(appUuid: string) {
  const [row] = await ctx.database.db
    .select({ state: applications.state, creditFactsSealed: applications.creditFactsSealed })
    .from(applications)
    .where(eq(applications.uuid, appUuid));
  return row;
}

/** A borrower whose application went through the details and the credit pull of the SSN. */
const afterCreditCheck = (ssn: string) => borrowerAfterCreditCheck(ctx, usDetails(ssn));

/** The profile as the borrower's page reads it, ready to be sent back with changes. */
async function profileBody(token: string): Promise<TPutProfileBody> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: PROFILE_URL,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const profile = response.json() as TProfile;
  return {
    name: profile.name ?? { firstName: '', lastName: '', suffix: null },
    dob: profile.dob,
    addresses: profile.addresses,
    phoneNumbers: profile.phoneNumbers,
    email: profile.email ?? '',
    countryOfDomicile: profile.countryOfDomicile,
    consents: profile.consents.map(({ type, version, optInOut }) => ({ type, version, optInOut })),
  };
}

function putProfile(token: string, body: TPutProfileBody) {
  return ctx.app.inject({
    method: 'PUT',
    url: PROFILE_URL,
    headers: bearer(token),
    payload: body as unknown as Record<string, unknown>,
  });
}

const ALABAMA_HOME = {
  type: 'HOME',
  street1: '600 Dexter Ave',
  street2: null,
  city: 'Montgomery',
  state: 'AL',
  zip: '36130',
  country: 'US',
} as const;

function retry(token: string, appUuid: string) {
  return ctx.app.inject({
    method: 'POST',
    url: appPath(appUuid, '/credit-retry'),
    headers: bearer(token),
  });
}

/** The borrower's profile put again with another SSN and home than the credit check was run on. */
async function putOtherSsnAndHome(token: string) {
  const body = await profileBody(token);
  return putProfile(token, { ...body, ssn: SSN.approved, addresses: [ALABAMA_HOME] });
}

describe('frozen credit facts', () => {
  it('refuses another SSN and address after the pull (409 naming each), and the retry pulls the frozen SSN', async () => {
    const who = await afterCreditCheck(SSN.locked);
    expect((await stateOf(who.appUuid))?.state).toBe('SOFT_CREDIT_LOCKED');

    const swapped = await putOtherSsnAndHome(who.token);
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json()).toMatchObject({
      code: 'CREDIT_FACTS_FROZEN',
      message: FROZEN_CREDIT_FACT_MESSAGES.ssn,
      fieldErrors: {
        ssn: [FROZEN_CREDIT_FACT_MESSAGES.ssn],
        addresses: [FROZEN_CREDIT_FACT_MESSAGES.residence],
      },
    });
    expect(FROZEN_CREDIT_FACT_MESSAGES.ssn).toContain('start a new application');

    const body = await profileBody(who.token);
    for (const [change, field] of [
      [{ name: { firstName: 'Augusta', lastName: 'Lovelace', suffix: null } }, 'name'],
      [{ dob: '1991-05-17' }, 'dob'],
    ] as const) {
      const refused = await putProfile(who.token, { ...body, ...change });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        fieldErrors: { [field]: [FROZEN_CREDIT_FACT_MESSAGES[field]] },
      });
    }

    // What the decision did not rest on may change.
    const newPhone = await putProfile(who.token, {
      ...body,
      phoneNumbers: [{ number: '+16145550199' }],
    });
    expect(newPhone.statusCode).toBe(200);

    pulls.length = 0;
    expect((await retry(who.token, who.appUuid)).statusCode).toBe(202);
    await ctx.runJobs();
    expect(pulls.map((pull) => [pull.referenceId, pull.ssn, pull.address.state])).toEqual([
      [who.appUuid, '123450002', 'OH'],
    ]);
    expect((await stateOf(who.appUuid))?.state).toBe('SOFT_CREDIT_LOCKED');
  });

  it('keeps each application on its own frozen facts when a new application corrects them', async () => {
    const who = await afterCreditCheck(SSN.locked);
    // The correction: a new application with the right SSN (its own details, its own pull).
    const corrected = await acceptedApplication(ctx.app, who.token);
    const submitted = await submitDetails(
      ctx.app,
      who.token,
      corrected.appUuid,
      usDetails(SSN.approved),
    );
    expect(submitted.statusCode).toBe(202);
    await ctx.runJobs();
    expect((await stateOf(corrected.appUuid))?.state).toBe('SIGN_DOCS');

    // The first application's retry still asks about the SSN its decision was made on.
    pulls.length = 0;
    expect((await retry(who.token, who.appUuid)).statusCode).toBe(202);
    await ctx.runJobs();
    expect(pulls.map((pull) => [pull.referenceId, pull.ssn])).toEqual([[who.appUuid, '123450002']]);
    expect((await stateOf(who.appUuid))?.state).toBe('SOFT_CREDIT_LOCKED');
  });

  it('stores the frozen facts sealed with the application', async () => {
    const who = await afterCreditCheck(SSN.approved);
    const row = await stateOf(who.appUuid);
    expect(row?.creditFactsSealed).toBeTruthy();
    expect(row?.creditFactsSealed).not.toContain('123456789');
    expect(row?.creditFactsSealed).not.toContain('Lovelace');
  });

  it('lets the profile change once no application rests on the facts (no match)', async () => {
    const who = await afterCreditCheck(SSN.noMatch);
    expect((await stateOf(who.appUuid))?.state).toBe('SOFT_CREDIT_NO_MATCH');
    const corrected = await putOtherSsnAndHome(who.token);
    expect(corrected.statusCode).toBe(200);
  });
});
