import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TProfile, TPutProfileBody } from '@pledge/contract';
import { CONSENT_TYPES, LOAN_DETAILS_MESSAGES } from '@pledge/domain';
import { profileConsents, profiles } from '../../src/db/schema/index.js';
import { REDACTION_CENSOR } from '../../src/logger.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { CURRENT_CONSENT_VERSIONS } from '../../src/services/profile/consent-versions.js';
import { PROFILE_MESSAGES } from '../../src/services/profile/validate-profile.js';
import { captureLogger, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { digitsOnTheirOwn, expectNoSecretInLog } from '../helpers/log-secrets.js';
import {
  borrowerHeaders,
  createPlatformTestApp,
  newIdentity,
  usePlatformTestApp,
} from './helpers.js';
import { PROFILE_URL } from '../ops/helpers.js';

const CONSENT_TYPES_URL = '/service-profile/api/v1/profile/consent-types';
const SSN = '123-45-6789';
const SSN_DIGITS = '123456789';

/** Ada's home address as the form sends it (the state in lower case). */
const ADA_HOME = {
  type: 'HOME',
  street1: '350 Fifth Ave',
  street2: 'Apt 4',
  city: 'New York',
  state: 'ny',
  zip: '10118',
  country: 'US',
} as const;

function profileBody(overrides: Partial<TPutProfileBody> = {}): TPutProfileBody {
  return {
    name: { firstName: 'Ada', lastName: 'Lovelace', suffix: null },
    dob: '1985-12-10',
    addresses: [ADA_HOME],
    phoneNumbers: [{ number: '+12125550123' }],
    email: 'ada@example.com',
    countryOfDomicile: 'US',
    consents: [
      { type: 'TERMS', version: CURRENT_CONSENT_VERSIONS.TERMS, optInOut: 'OPT_IN' },
      { type: 'MARKETING', version: CURRENT_CONSENT_VERSIONS.MARKETING, optInOut: 'OPT_OUT' },
    ],
    ...overrides,
  };
}

/** A consent the borrower gave to an older text of the privacy notice. */
const OLDER_PRIVACY = { type: 'PRIVACY', version: '2024-06-01', optInOut: 'OPT_IN' } as const;

describe('profile', () => {
  const t = usePlatformTestApp();

  const get = (identity: string, url = PROFILE_URL) =>
    t.app.inject({ method: 'GET', url, headers: borrowerHeaders(identity) });
  const put = (identity: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: PROFILE_URL,
      payload: body,
      headers: borrowerHeaders(identity),
    });
  const givenOlderPrivacy = (identity: string) =>
    t.database.db.insert(profileConsents).values({
      identityUuid: identity,
      consentType: OLDER_PRIVACY.type,
      version: OLDER_PRIVACY.version,
      optInOut: OLDER_PRIVACY.optInOut,
    });

  it('answers an empty shell before the first save', async () => {
    const identity = newIdentity();
    const response = await get(identity);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uuid: identity,
      name: null,
      dob: null,
      hasSsn: false,
      addresses: [],
      phoneNumbers: [],
      email: null,
      countryOfDomicile: null,
      consents: [],
    });
  });

  it('saves a profile, normalised, and answers that an SSN is on file without showing it', async () => {
    const identity = newIdentity();
    const response = await put(identity, { ...profileBody(), ssn: SSN });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(SSN_DIGITS);
    // The last four on their own (a uuid or a time may hold the same digits inside it by chance).
    expect(response.body).not.toMatch(digitsOnTheirOwn('6789'));
    // What was sent, with the state in capitals.
    const expected: TProfile = {
      ...profileBody(),
      uuid: identity,
      hasSsn: true,
      addresses: [{ ...ADA_HOME, state: 'NY' }],
    };
    expect(response.json()).toEqual(expected);

    const read = await get(identity);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(expected);
    expect(read.body).not.toContain(SSN_DIGITS);
  });

  it('keeps the SSN encrypted with a blind index, and the details unreadable at rest', async () => {
    const identity = newIdentity();
    expect((await put(identity, { ...profileBody(), ssn: SSN })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.identityUuid, identity));
    const stored = JSON.stringify(row);
    for (const plain of [
      SSN,
      SSN_DIGITS,
      'Lovelace',
      '350 Fifth Ave',
      '2125550123',
      '1985-12-10',
    ]) {
      expect(stored).not.toContain(plain);
    }
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    expect(cipher.decryptText(row?.ssnSealed ?? '', `profile.ssn:${identity}`)).toBe(SSN_DIGITS);
    expect(row?.ssnBlindIndex).toBe(cipher.blindIndex(SSN_DIGITS, 'ssn'));
    // Bound to its owner: the same ciphertext does not open as someone else's.
    expect(() =>
      cipher.decryptText(row?.ssnSealed ?? '', `profile.ssn:${newIdentity()}`),
    ).toThrow();
  });

  it('keeps the SSN on file when a save leaves it out', async () => {
    const identity = newIdentity();
    await put(identity, { ...profileBody(), ssn: SSN });
    const response = await put(identity, profileBody({ dob: '1985-12-11' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ hasSsn: true, dob: '1985-12-11' });
  });

  it('never shows one borrower’s profile to another', async () => {
    const ada = newIdentity();
    const grace = newIdentity();
    await put(ada, { ...profileBody(), ssn: SSN });
    const graces = await get(grace);
    expect(graces.statusCode).toBe(200);
    expect(graces.json()).toMatchObject({ uuid: grace, name: null, hasSsn: false, consents: [] });
    expect(graces.body).not.toContain('Lovelace');

    const saved = await put(
      grace,
      profileBody({ name: { firstName: 'Grace', lastName: 'Hopper', suffix: null } }),
    );
    expect(saved.json()).toMatchObject({ uuid: grace, hasSsn: false });
    expect((await get(ada)).json()).toMatchObject({
      uuid: ada,
      name: { firstName: 'Ada', lastName: 'Lovelace' },
      hasSsn: true,
    });
  });

  it('takes an address and phone number abroad', async () => {
    const response = await put(
      newIdentity(),
      profileBody({
        addresses: [
          {
            type: 'HOME',
            street1: '10 Downing St',
            street2: null,
            city: 'London',
            state: 'Greater London',
            zip: 'SW1A 2AA',
            country: 'GB',
          },
        ],
        phoneNumbers: [{ number: '+442079460958' }],
        countryOfDomicile: 'GB',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      addresses: [{ city: 'London', country: 'GB', zip: 'SW1A 2AA' }],
      phoneNumbers: [{ number: '+442079460958' }],
      countryOfDomicile: 'GB',
    });
  });

  const underage = `${new Date().getUTCFullYear() - 17}-01-01`;
  it.each([
    [
      'an underage date of birth',
      profileBody({ dob: underage }),
      'dob',
      LOAN_DETAILS_MESSAGES.underage,
    ],
    [
      'an impossible date of birth',
      profileBody({ dob: '1899-02-01' }),
      'dob',
      LOAN_DETAILS_MESSAGES.dobInvalid,
    ],
    [
      'digits in a name',
      profileBody({ name: { firstName: 'Ada1', lastName: 'Lovelace', suffix: null } }),
      'name.firstName',
      LOAN_DETAILS_MESSAGES.nameCharacters,
    ],
    [
      'an SSN never issued',
      { ...profileBody(), ssn: '000-12-3456' },
      'ssn',
      LOAN_DETAILS_MESSAGES.ssnInvalid,
    ],
    ['an empty SSN', { ...profileBody(), ssn: ' ' }, 'ssn', LOAN_DETAILS_MESSAGES.ssnRequired],
    [
      'a bad ZIP code',
      profileBody({ addresses: [{ ...profileBody().addresses[0]!, zip: '1011' }] }),
      'addresses.0.zip',
      LOAN_DETAILS_MESSAGES.zipInvalid,
    ],
    [
      'an unknown state',
      profileBody({ addresses: [{ ...profileBody().addresses[0]!, state: 'ZZ' }] }),
      'addresses.0.state',
      LOAN_DETAILS_MESSAGES.stateRequired,
    ],
    [
      'a US number with an impossible area code',
      profileBody({ phoneNumbers: [{ number: '+11125550123' }] }),
      'phoneNumbers.0.number',
      LOAN_DETAILS_MESSAGES.phoneInvalid,
    ],
    [
      'an outdated consent text',
      profileBody({ consents: [{ type: 'TERMS', version: '2019-01-01', optInOut: 'OPT_IN' }] }),
      'consents.0.version',
      PROFILE_MESSAGES.consentVersion,
    ],
    [
      'the same consent twice',
      profileBody({
        consents: [
          { type: 'TERMS', version: CURRENT_CONSENT_VERSIONS.TERMS, optInOut: 'OPT_IN' },
          { type: 'TERMS', version: CURRENT_CONSENT_VERSIONS.TERMS, optInOut: 'OPT_OUT' },
        ],
      }),
      'consents.1.type',
      PROFILE_MESSAGES.consentTwice,
    ],
  ])('refuses %s with the form’s message', async (_name, body, field, message) => {
    const identity = newIdentity();
    const response = await put(identity, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
    expect(response.body).not.toContain(SSN_DIGITS);
    expect((await get(identity)).json()).toMatchObject({ name: null, hasSsn: false });
  });

  it.each([
    ['no email', { ...profileBody(), email: undefined }, 'email'],
    [
      'a phone number not in international form',
      profileBody({ phoneNumbers: [{ number: '212-555-0123' }] }),
      'phoneNumbers.0.number',
    ],
    [
      'an unknown suffix',
      profileBody({ name: { firstName: 'Ada', lastName: 'L', suffix: 'Esq' as never } }),
      'name.suffix',
    ],
    [
      'an unknown consent',
      profileBody({ consents: [{ type: 'COOKIES' as never, version: '1', optInOut: 'OPT_IN' }] }),
      'consents.0.type',
    ],
  ])('refuses %s with field messages', async (_name, body, field) => {
    const response = await put(newIdentity(), body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it('records a consent when the choice changes, not on every save', async () => {
    const identity = newIdentity();
    await put(identity, profileBody());
    await put(identity, profileBody());
    await put(
      identity,
      profileBody({
        consents: [
          { type: 'TERMS', version: CURRENT_CONSENT_VERSIONS.TERMS, optInOut: 'OPT_IN' },
          { type: 'MARKETING', version: CURRENT_CONSENT_VERSIONS.MARKETING, optInOut: 'OPT_IN' },
        ],
      }),
    );
    const rows = await t.database.db
      .select()
      .from(profileConsents)
      .where(eq(profileConsents.identityUuid, identity))
      .orderBy(profileConsents.at);
    expect(rows.map((row) => `${row.consentType}:${row.optInOut}`)).toEqual([
      expect.stringMatching(/^(TERMS:OPT_IN|MARKETING:OPT_OUT)$/),
      expect.stringMatching(/^(TERMS:OPT_IN|MARKETING:OPT_OUT)$/),
      'MARKETING:OPT_IN',
    ]);
    expect((await get(identity)).json().consents).toContainEqual({
      type: 'MARKETING',
      version: CURRENT_CONSENT_VERSIONS.MARKETING,
      optInOut: 'OPT_IN',
    });
  });

  it('accepts back an older consent version the borrower gave, unchanged', async () => {
    const identity = newIdentity();
    await givenOlderPrivacy(identity);
    expect((await put(identity, profileBody({ consents: [OLDER_PRIVACY] }))).statusCode).toBe(200);
    const switched = await put(
      identity,
      profileBody({ consents: [{ ...OLDER_PRIVACY, optInOut: 'OPT_OUT' }] }),
    );
    expect(switched.statusCode).toBe(200);
    const notGiven = await put(
      identity,
      profileBody({ consents: [{ ...OLDER_PRIVACY, type: 'TERMS' }] }),
    );
    expect(notGiven.statusCode).toBe(400);
  });

  describe('GET /service-profile/api/v1/profile/consent-types', () => {
    it('answers every consent at its current version, OPT_OUT until given', async () => {
      const identity = newIdentity();
      const before = await get(identity, CONSENT_TYPES_URL);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual(
        CONSENT_TYPES.map((type) => ({
          type,
          version: CURRENT_CONSENT_VERSIONS[type],
          optInOut: 'OPT_OUT',
        })),
      );

      await put(identity, profileBody());
      const after = (await get(identity, CONSENT_TYPES_URL)).json() as {
        type: string;
        optInOut: string;
      }[];
      expect(after.find((consent) => consent.type === 'TERMS')?.optInOut).toBe('OPT_IN');
      expect(after.find((consent) => consent.type === 'PRIVACY')?.optInOut).toBe('OPT_OUT');
    });

    it('answers OPT_OUT for a consent given to an older text', async () => {
      const identity = newIdentity();
      await givenOlderPrivacy(identity);
      const consents = (await get(identity, CONSENT_TYPES_URL)).json() as {
        type: string;
        optInOut: string;
      }[];
      expect(consents.find((consent) => consent.type === 'PRIVACY')?.optInOut).toBe('OPT_OUT');
    });
  });

  it.each([
    ['GET', PROFILE_URL],
    ['PUT', PROFILE_URL],
    ['GET', CONSENT_TYPES_URL],
  ])('answers 401 to %s %s without a borrower token', async (method, url) => {
    for (const headers of [{}, { authorization: `Bearer test.agent.${newIdentity()}` }]) {
      const response = await t.app.inject({
        method: method as 'GET' | 'PUT',
        url,
        headers,
        ...(method === 'PUT' ? { payload: profileBody() } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
    }
  });
});

describe('profile logging', () => {
  it('never writes the SSN to the logs, even when a save fails unexpectedly', async () => {
    const { logger, lines } = captureLogger();
    const t = await createPlatformTestApp({ logger });
    const identity = newIdentity();
    try {
      const headers = borrowerHeaders(identity);
      const body = { ...profileBody(), ssn: SSN };
      const put = () => t.app.inject({ method: 'PUT', url: PROFILE_URL, payload: body, headers });
      expect((await put()).statusCode).toBe(200);
      await t.app.inject({ method: 'GET', url: PROFILE_URL, headers });
      await t.app.inject({
        method: 'PUT',
        url: PROFILE_URL,
        payload: { ...body, dob: '2020-01-01' },
        headers,
      });
      // A database failure makes the error path log the request body.
      await t.database.db.execute(sql`DROP TABLE profiles`);
      const failed = await put();
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(SSN_DIGITS);

      const output = lines.join('');
      expect(output).toContain('request failed');
      expect(output).toContain('name.lastName');
      expect(output).toContain(REDACTION_CENSOR);
      expectNoSecretInLog(output, [SSN, SSN_DIGITS, '6789', 'Lovelace']);
    } finally {
      await t.close();
    }
  });
});
