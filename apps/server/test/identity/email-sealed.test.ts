/**
 * Identities' addresses sealed at rest (expand phase): what this release writes is sealed and
 * digested; a row the previous release wrote (address in clear only) is served by sign-in and the
 * console before and after the boot step seals it; the boot step is idempotent and logs no address.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TGetIdentityResponse,
  TGetOpsApplicationsResponse,
  TPostLegacyLoginResponse,
} from '@pledge/contract';
import { runBootStep } from '../helpers/boot-step.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { hashPassword } from '../../src/security/password.js';
import { digestEmail } from '../../src/services/identity/email-address.js';
import { identityEmailContext } from '../../src/services/identity/identity-email.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { OPS, signInAgent, type TAgent } from '../ops/helpers.js';
import { bearer, IDENTITY, LOGIN, signIn } from './sign-in.js';

const ctx = useApplicationsTestContext();
let agent: TAgent;
const filesDir = useTempDir('pledge-email-sealed');
const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

beforeAll(async () => {
  agent = await signInAgent(ctx);
});

type TStoredIdentity = {
  uuid: string;
  email: string;
  email_sealed: string | null;
  email_digest: string | null;
};

async function storedIdentity(uuid: string): Promise<TStoredIdentity | undefined> {
  const result = await ctx.database.db.execute<TStoredIdentity>(
    sql`SELECT uuid, email, email_sealed, email_digest FROM identities WHERE uuid = ${uuid}`,
  );
  return result.rows[0];
}

function expectSealed(row: TStoredIdentity | undefined, email: string): void {
  expect(row?.email_sealed).toBeTruthy();
  expect(cipher.decryptText(row?.email_sealed ?? '', identityEmailContext(row?.uuid ?? ''))).toBe(
    email,
  );
  expect(row?.email_digest).toBe(digestEmail(cipher, email));
}

/** The row as the previous release writes it: the address in clear only. */
async function insertAsPreviousRelease(email: string): Promise<string> {
  const uuid = randomUUID();
  await ctx.database.db.execute(sql`
    INSERT INTO identities (uuid, email, organization_code, password_hash)
      VALUES (${uuid}, ${email}, 'default', ${await hashPassword('pass_good')})`);
  await ctx.database.db.execute(sql`
    INSERT INTO applications (uuid, identity_uuid, organization, flow, state, stage, state_code)
      VALUES (${randomUUID()}, ${uuid}, 'default', 'WEB', 'MANUAL_FUNDING_RELEASE',
              'ORIGINATING', 'OH')`);
  return uuid;
}

async function logIn(email: string): Promise<{ status: number; aliases?: string[] }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { email, password: 'pass_good' },
  });
  if (response.statusCode !== 200) return { status: response.statusCode };
  const { jwt } = response.json() as TPostLegacyLoginResponse;
  const identity = await ctx.app.inject({ method: 'GET', url: IDENTITY, headers: bearer(jwt) });
  expect(identity.statusCode).toBe(200);
  const body = identity.json() as TGetIdentityResponse;
  return { status: 200, aliases: body.aliases.map((alias) => alias.value) };
}

async function consoleSearch(search: string): Promise<string[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${OPS}/applications?search=${encodeURIComponent(search)}`,
    headers: bearer(agent.token),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as TGetOpsApplicationsResponse).items.map((item) => item.borrowerEmail);
}

async function bootStep(): Promise<string[]> {
  return runBootStep({ db: ctx.database.db, storage: ctx.adapters.storage, filesDir: filesDir() });
}

describe('identities addresses sealed at rest', () => {
  it('seals and digests the address of an identity created by sign-in, found in any case', async () => {
    const email = `sealed-${randomUUID().slice(0, 8)}@example.com`;
    await signIn(ctx.app, email.toUpperCase());
    const found = await ctx.database.db.execute<{ uuid: string }>(
      sql`SELECT uuid FROM identities WHERE email_digest = ${digestEmail(cipher, email)}`,
    );
    expect(found.rows).toHaveLength(1);
    expectSealed(await storedIdentity(found.rows[0]?.uuid ?? ''), email);
    // A second sign-in in another case is the same identity.
    await signIn(ctx.app, email);
    const again = await ctx.database.db.execute(
      sql`SELECT uuid FROM identities WHERE email_digest = ${digestEmail(cipher, email)}`,
    );
    expect(again.rows).toEqual(found.rows);
  });

  it('serves a row the previous release wrote before and after the boot step seals it, once', async () => {
    const email = `previous-${randomUUID().slice(0, 8)}@example.com`;
    const uuid = await insertAsPreviousRelease(email);

    expect(await logIn(email.toUpperCase())).toEqual({ status: 200, aliases: [email] });
    expect(await consoleSearch(email.toUpperCase())).toEqual([email]);
    // The search is by the whole address now, not its start.
    expect(await consoleSearch(email.slice(0, 12))).toEqual([]);
    expect((await storedIdentity(uuid))?.email_sealed).toBeNull();

    const lines = await bootStep();
    expectSealed(await storedIdentity(uuid), email);
    expect(lines.join('\n')).toContain('"sealedEmails"');
    expect(lines.join('\n')).not.toContain('@example.com');

    expect(await logIn(email)).toEqual({ status: 200, aliases: [email] });
    expect(await consoleSearch(email)).toEqual([email]);

    // Idempotent: nothing left to seal, nothing logged, the sealed value kept.
    const sealedBefore = (await storedIdentity(uuid))?.email_sealed;
    expect(await bootStep()).toEqual([]);
    expect((await storedIdentity(uuid))?.email_sealed).toBe(sealedBefore);
  });

  it('forgets the sealed copy when the previous release changes the address in clear', async () => {
    const email = `moving-${randomUUID().slice(0, 8)}@example.com`;
    const moved = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const uuid = await insertAsPreviousRelease(email);
    await bootStep();
    expectSealed(await storedIdentity(uuid), email);

    await ctx.database.db.execute(sql`UPDATE identities SET email = ${moved} WHERE uuid = ${uuid}`);
    const row = await storedIdentity(uuid);
    expect(row?.email_sealed).toBeNull();
    expect(row?.email_digest).toBeNull();
    expect(await logIn(moved)).toEqual({ status: 200, aliases: [moved] });
    expect((await logIn(email)).status).toBe(401);

    await bootStep();
    expectSealed(await storedIdentity(uuid), moved);
  });
});
