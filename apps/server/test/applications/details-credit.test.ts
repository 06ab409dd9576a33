import { beforeAll, describe, expect, it } from 'vitest';
import { ZApplication, type TApplication } from '@pledge/contract';
import { LOAN_DETAILS_MESSAGES } from '@pledge/domain';
import { asc, eq } from 'drizzle-orm';
import {
  applicationRequiredDisclosures,
  auditEvents,
  creditChecks,
  profileConsents,
  profiles,
} from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { profileSsnContext } from '../../src/services/profile/sealed-profile.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { queuedJobs } from '../helpers/jobs.js';
import {
  GERMANY_OFFER,
  acceptedApplication,
  appPath,
  bearer,
  createdApplication,
  internationalDetails,
  newBorrower,
  submitDetails,
  usDetails,
  type TApplicationsTestContext,
  useApplicationsTestContext,
  finalStepsOf,
} from './helpers.js';

async function krangState(ctx: TApplicationsTestContext, token: string, appUuid: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: appPath(appUuid, '/krang/state'),
    headers: bearer(token),
  });
  return (response.json() as { state: string }).state;
}

describe('loan details and the soft credit check', () => {
  const ctx = useApplicationsTestContext();
  /** One borrower for the refusals, which change nothing. */
  let refused: Awaited<ReturnType<typeof newBorrower>>;

  beforeAll(async () => {
    refused = await newBorrower(ctx.app);
  });

  it('saves the profile with the SSN encrypted, records consents, and enqueues one credit job', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    const response = await submitDetails(ctx.app, who.token, accepted.appUuid, usDetails());
    expect(response.statusCode).toBe(202);
    const submitted = ZApplication.parse(response.json());
    expect(submitted).toMatchObject({ state: 'ATTACH_PROFILE', stage: 'APPLYING' });

    const [profile] = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.identityUuid, who.identityUuid));
    expect(profile?.ssnSealed).toBeTruthy();
    expect(profile?.ssnSealed).not.toContain('123456789');
    expect(profile?.detailsSealed).not.toContain('Lovelace');
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    expect(cipher.decryptText(profile?.ssnSealed ?? '', profileSsnContext(who.identityUuid))).toBe(
      '123456789',
    );

    const consents = await ctx.database.db
      .select({ type: profileConsents.consentType, choice: profileConsents.optInOut })
      .from(profileConsents)
      .where(eq(profileConsents.identityUuid, who.identityUuid))
      .orderBy(asc(profileConsents.consentType));
    expect(consents).toEqual([
      { type: 'PRIVACY', choice: 'OPT_IN' },
      { type: 'SOFT_CREDIT', choice: 'OPT_IN' },
      { type: 'TERMS', choice: 'OPT_IN' },
    ]);

    const queued = await queuedJobs(ctx.database.db, {
      dedupeKey: `application.credit-check:${accepted.appUuid}`,
    });
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toEqual({ appUuid: accepted.appUuid });

    const profileAnswer = await ctx.app.inject({
      method: 'GET',
      url: '/service-profile/api/v1/profile',
      headers: bearer(who.token),
    });
    expect(profileAnswer.json()).toMatchObject({
      name: { firstName: 'Ada', lastName: 'Lovelace' },
      hasSsn: true,
      phoneNumbers: [{ number: '+16145550100' }],
      addresses: [{ type: 'HOME', state: 'OH', zip: '43215', country: 'US' }],
    });
    expect(profileAnswer.body).not.toContain('123456789');
  });

  it('refuses a second submit with 409 and never makes a second job, even concurrently', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    const answers = await Promise.all(
      [1, 2, 3].map(() => submitDetails(ctx.app, who.token, accepted.appUuid, usDetails())),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toEqual({
      code: 'DETAILS_PROCESSING',
      message: 'Your details were already submitted and are being processed. Please wait a moment.',
    });
    const queued = await queuedJobs(ctx.database.db, {
      dedupeKey: `application.credit-check:${accepted.appUuid}`,
    });
    expect(queued).toHaveLength(1);

    await ctx.runJobs();
    const later = await submitDetails(ctx.app, who.token, accepted.appUuid, usDetails());
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({ code: 'DETAILS_ALREADY_SUBMITTED' });
  });

  it.each([
    ['123-45-6789', 'SIGN_DOCS', 'APPROVED'],
    ['123-45-0001', 'SOFT_CREDIT_NO_MATCH', 'NO_MATCH'],
    ['123-45-0002', 'SOFT_CREDIT_LOCKED', 'LOCKED'],
    ['123-45-0003', 'SOFT_CREDIT_FROZEN', 'FROZEN'],
    ['123-45-0004', 'DECLINED', 'DECLINED'],
  ])('SSN %s ends in %s through the sandbox bureau', async (ssn, finalState, outcome) => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    expect(
      (await submitDetails(ctx.app, who.token, accepted.appUuid, usDetails(ssn))).statusCode,
    ).toBe(202);
    expect(await ctx.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await krangState(ctx, who.token, accepted.appUuid)).toBe(finalState);

    const checks = await ctx.database.db
      .select()
      .from(creditChecks)
      .where(eq(creditChecks.applicationUuid, accepted.appUuid));
    expect(checks).toMatchObject([{ outcome, bureau: 'sandbox' }]);
    expect(checks[0]?.bureauReference).toMatch(/^sandbox-/);

    const trail = await ctx.database.db
      .select({ from: auditEvents.fromState, to: auditEvents.toState, actor: auditEvents.actor })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, accepted.appUuid));
    // Steps of one job can share a millisecond, so the trail is compared as a set.
    const steps = trail.map((event) => `${event.from ?? '-'}>${event.to ?? '-'}`).sort();
    const approvedSteps = ['GEN_APP_DISCLOSURES>SIGN_DOCS', 'SOFT_CREDIT>GEN_APP_DISCLOSURES'];
    expect(steps).toEqual(
      [
        '->CREATED',
        'CREATED>OFFER_ACCEPTED',
        'OFFER_ACCEPTED>ATTACH_PROFILE',
        'ATTACH_PROFILE>SOFT_CREDIT',
        ...(outcome === 'APPROVED' ? approvedSteps : [`SOFT_CREDIT>${finalState}`]),
      ].sort(),
    );
    // The credit check moves the application up to its credit outcome; once approved, the
    // disclosure job produces the PDFs and opens signing.
    expect(trail.filter((event) => event.actor === 'system:credit-check')).toHaveLength(2);
    if (outcome === 'APPROVED') {
      expect(trail.find((event) => event.to === 'SIGN_DOCS')?.actor).toBe(
        'system:generate-disclosures',
      );
    }
    const [job] = await queuedJobs(ctx.database.db, {
      dedupeKey: `application.credit-check:${accepted.appUuid}`,
    });
    // Done: the queue deleted it.
    expect(job).toBeUndefined();
  });

  it('records the disclosures to sign and opens the checklist once credit passes', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    expect(await finalStepsOf(ctx.app, who.token, accepted.appUuid)).toEqual({
      items: [
        { name: 'Verify Identity', status: 'NOT_STARTED' },
        { name: 'Review Agreements', status: 'NOT_STARTED' },
        { name: 'Disbursement Account', status: 'NOT_STARTED' },
        { name: 'Post Collateral', status: 'NOT_STARTED' },
      ],
      status: 'NOT_STARTED',
    });
    await submitDetails(ctx.app, who.token, accepted.appUuid, usDetails());
    await ctx.runJobs();
    const kinds = await ctx.database.db
      .select({ kind: applicationRequiredDisclosures.kind })
      .from(applicationRequiredDisclosures)
      .where(eq(applicationRequiredDisclosures.applicationUuid, accepted.appUuid))
      .orderBy(asc(applicationRequiredDisclosures.position));
    expect(kinds.map((row) => row.kind)).toEqual([
      'E_SIGN_CONSENT',
      'TRUTH_IN_LENDING_DISCLOSURE',
      'LOAN_AGREEMENT',
      'PLEDGE_AND_SECURITY_AGREEMENT',
    ]);
    const steps = await finalStepsOf(ctx.app, who.token, accepted.appUuid);
    expect(steps.items[1]).toEqual({ name: 'Review Agreements', status: 'IN_PROGRESS' });
    expect(steps.items[3]).toEqual({ name: 'Post Collateral', status: 'NOT_STARTED' });
    expect(steps.status).toBe('IN_PROGRESS');
  });

  it('skips the US bureau for an international borrower', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token, GERMANY_OFFER);
    expect(accepted.isInternational).toBe(true);
    const response = await submitDetails(
      ctx.app,
      who.token,
      accepted.appUuid,
      internationalDetails(),
    );
    expect(response.statusCode).toBe(202);
    await ctx.runJobs();
    expect(await krangState(ctx, who.token, accepted.appUuid)).toBe('SIGN_DOCS');
    const checks = await ctx.database.db
      .select()
      .from(creditChecks)
      .where(eq(creditChecks.applicationUuid, accepted.appUuid));
    expect(checks).toMatchObject([{ outcome: 'NOT_REQUIRED', bureau: null }]);
    const [profile] = await ctx.database.db
      .select({ ssnSealed: profiles.ssnSealed })
      .from(profiles)
      .where(eq(profiles.identityUuid, who.identityUuid));
    expect(profile?.ssnSealed).toBeNull();
    const kinds = await ctx.database.db
      .select({ kind: applicationRequiredDisclosures.kind })
      .from(applicationRequiredDisclosures)
      .where(eq(applicationRequiredDisclosures.applicationUuid, accepted.appUuid));
    expect(kinds.map((row) => row.kind)).not.toContain('TRUTH_IN_LENDING_DISCLOSURE');
  });

  it('refuses details for another residency or state than the offer', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    const international = await submitDetails(
      ctx.app,
      who.token,
      accepted.appUuid,
      internationalDetails(),
    );
    expect(international.statusCode).toBe(400);
    expect(international.json().fieldErrors).toEqual({
      residency: ['These details are for a different residency than your offer'],
    });
    const otherState = usDetails();
    const moved = await submitDetails(ctx.app, who.token, accepted.appUuid, {
      ...otherState,
      address: { street1: '1 Main St', city: 'Albany', state: 'NY', zip: '12207' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual({
      'address.state': ['Your offer is for Ohio; your home address must be in Ohio'],
    });
    expect(await krangState(ctx, who.token, accepted.appUuid)).toBe('OFFER_ACCEPTED');
  });

  it('refuses details before an offer is accepted (409)', async () => {
    const who = await newBorrower(ctx.app);
    const created = await createdApplication(ctx.app, who.token);
    const response = await submitDetails(ctx.app, who.token, created.appUuid, usDetails());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'OFFER_NOT_ACCEPTED' });
  });

  it.each([
    ['no SSN', { ssn: '' }, { ssn: [LOAN_DETAILS_MESSAGES.ssnRequired] }],
    ['an SSN never issued', { ssn: '666-12-3456' }, { ssn: [LOAN_DETAILS_MESSAGES.ssnInvalid] }],
    ['a minor', { dob: '2015-01-01' }, { dob: [LOAN_DETAILS_MESSAGES.underage] }],
    [
      'a missing consent',
      { consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: false } },
      { 'consents.SOFT_CREDIT': [LOAN_DETAILS_MESSAGES.softCreditConsent] },
    ],
  ])('refuses %s with the form’s words (400)', async (_name, change, fieldErrors) => {
    const accepted: TApplication = await acceptedApplication(ctx.app, refused.token);
    const response = await submitDetails(ctx.app, refused.token, accepted.appUuid, {
      ...usDetails(),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });
});
