/**
 * The upgrade that records the facts of each credit check (migration 0027): an application whose
 * credit was checked by the release before it is served after it on the facts it was underwritten
 * on, even once a later application has rewritten the borrower's profile.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { eq, sql } from 'drizzle-orm';
import { runMigrations } from '../../src/db/migrate.js';
import { creditChecks, profiles } from '../../src/db/schema/index.js';
import {
  creditFactsOf,
  frozenSsnBlindIndexOf,
  sealCreditFacts,
} from '../../src/services/profile/frozen-credit-facts.js';
import { sealDetails, sealSsn } from '../../src/services/profile/sealed-profile.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { signIn } from '../identity/sign-in.js';
import { advance, HOLDER_ADA, signInAgent, type TAgent, opsApplicationOf } from '../ops/helpers.js';
import {
  acceptedApplication,
  OHIO_HOME,
  submitDetails,
  usDetails,
  useContextBeforeUpgrade,
} from './helpers.js';
import { applicationStateOf } from '../helpers/application-state.js';
import { saveManualBank } from '../disbursement/helpers.js';

const UPGRADE = '0027_credit-check-facts';

const ctx = useContextBeforeUpgrade(UPGRADE);
let agent: TAgent;

describe('upgrade: credit checks record their facts', () => {
  it('serves an application credit-checked before the upgrade on the facts it was underwritten on', async () => {
    const columns = () =>
      ctx.database.db.execute<{ column_name: string }>(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'credit_checks'`,
      );
    expect((await columns()).rows.map((row) => row.column_name)).not.toContain('ssn_blind_index');

    // Before the upgrade, as the previous release stores them: a borrower whose details were
    // frozen onto the application, and the application's credit check without facts. (Written
    // directly: this release's own sign-in and flow need tables the old schema lacks.)
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const identityUuid = randomUUID();
    const appUuid = randomUUID();
    const email = `upgrade-${Date.now()}@example.com`;
    const details = {
      name: { firstName: 'Ada', lastName: 'Lovelace', suffix: null },
      dob: '1990-05-17',
      addresses: [OHIO_HOME],
      phoneNumbers: [{ number: '+16145550100' }],
      email,
      countryOfDomicile: 'US',
    };
    const ssn = sealSsn(cipher, identityUuid, '123456789');
    const frozen = sealCreditFacts(cipher, appUuid, creditFactsOf(details, '123456789'));
    await ctx.database.db.execute(sql`
      INSERT INTO identities (uuid, email, organization_code)
        VALUES (${identityUuid}, ${email}, 'default');
      `);
    await ctx.database.db.execute(sql`
      INSERT INTO profiles (identity_uuid, details_sealed, ssn_sealed, ssn_blind_index)
        VALUES (${identityUuid}, ${sealDetails(cipher, identityUuid, details)},
                ${ssn.ssnSealed}, ${ssn.ssnBlindIndex})`);
    await ctx.database.db.execute(sql`
      INSERT INTO applications (uuid, identity_uuid, organization, flow, state, stage, state_code,
                                details_submitted_at, credit_facts_sealed)
        VALUES (${appUuid}, ${identityUuid}, 'default', 'WEB', 'SIGN_DOCS', 'PROCESSING', 'OH',
                now(), ${frozen})`);
    await ctx.database.db.execute(sql`
      INSERT INTO credit_checks (application_uuid, outcome, bureau, bureau_reference)
        VALUES (${appUuid}, 'APPROVED', 'sandbox', 'previous-release-pull')`);

    await runMigrations(ctx.database.pool);
    expect((await columns()).rows.map((row) => row.column_name)).toContain('ssn_blind_index');

    // The check now carries the application's frozen facts and the SSN's index.
    const [check] = await ctx.database.db
      .select()
      .from(creditChecks)
      .where(eq(creditChecks.applicationUuid, appUuid));
    expect(check?.bureauReference).toBe('previous-release-pull');
    expect(check?.creditFactsSealed).toBe(frozen);
    expect(check?.ssnBlindIndex).toBe(ssn.ssnBlindIndex);
    expect(await frozenSsnBlindIndexOf(ctx.database.db, appUuid)).toBe(ssn.ssnBlindIndex);

    // After the upgrade the borrower signs in, and a second application rewrites the profile with
    // another name and SSN.
    const token = await signIn(ctx.app, email);
    const second = await acceptedApplication(ctx.app, token);
    const rewritten = await submitDetails(ctx.app, token, second.appUuid, {
      ...usDetails('223-45-4320'),
      firstName: 'Eve',
      lastName: 'Mallory',
    });
    expect(rewritten.statusCode, rewritten.body).toBe(202);
    await ctx.runJobs();
    const [profileNow] = await ctx.database.db
      .select({ ssnBlindIndex: profiles.ssnBlindIndex })
      .from(profiles)
      .where(eq(profiles.identityUuid, identityUuid));
    expect(profileNow?.ssnBlindIndex).not.toBe(ssn.ssnBlindIndex);

    // The first application is still judged and shown on what it was underwritten on.
    agent = await signInAgent(ctx);
    const consoleView = () => opsApplicationOf(ctx.app, agent, appUuid);
    expect((await consoleView()).borrower).toMatchObject({
      name: 'Ada Lovelace',
      ssnMask: '***-**-6789',
      dob: '1990-05-17',
      profileDiffers: true,
    });
    expect(await frozenSsnBlindIndexOf(ctx.database.db, appUuid)).toBe(ssn.ssnBlindIndex);
    await advance(ctx, appUuid, ['ALL_DOCUMENTS_SIGNED']);
    const eveAccount = await saveManualBank(ctx.app, token, appUuid, {
      ...HOLDER_ADA,
      firstName: 'Eve',
      lastName: 'Mallory',
    });
    expect(eveAccount.statusCode, eveAccount.body).toBe(200);
    expect((await consoleView()).holderNameReview).toMatchObject({
      status: 'PENDING',
      borrowerName: 'Ada Lovelace',
    });
    expect(await applicationStateOf(ctx.database.db, appUuid)).toBe('WAITING_FOR_COLLATERAL');
  });
});
