/**
 * Personal data never reaches a log line: not from a request that fails with a 500 (bodies are
 * logged as field names only, a failed query without its parameters), not from a logged URL, and
 * every field of the contract's requests is either redacted or known not to be personal.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints, type TPutProfileBody } from '@pledge/contract';
import { REDACTED_FIELDS, REDACTION_CENSOR, scrubUrl } from '../../src/logger.js';
import { CURRENT_CONSENT_VERSIONS } from '../../src/services/profile/consent-versions.js';
import { captureLogger } from '../helpers/app.js';
import { withTestApp } from '../helpers/test-app.js';
import { expectNoSecretInLog } from '../helpers/log-secrets.js';
import { borrowerHeaders, createPlatformTestApp, newIdentity } from './helpers.js';
import { PROFILE_URL } from '../ops/helpers.js';

/** Values distinctive enough that finding one in the log can only mean it leaked. */
const PERSON = {
  firstName: 'Augustina',
  lastName: 'Quillfeather',
  dob: '1979-03-14',
  street1: '7731 Wintergreen Terrace',
  street2: 'Unit 19B',
  city: 'Pocatello',
  zip: '83201',
  phone: '+12085550147',
  email: 'augustina.quillfeather@example.com',
  ssn: '528-41-9063',
};
const PERSON_VALUES = [...Object.values(PERSON), '528419063', '9063'];

function fullProfile(): TPutProfileBody & { ssn: string } {
  return {
    name: { firstName: PERSON.firstName, lastName: PERSON.lastName, suffix: 'Jr' },
    dob: PERSON.dob,
    addresses: [
      {
        type: 'HOME',
        street1: PERSON.street1,
        street2: PERSON.street2,
        city: PERSON.city,
        state: 'id',
        zip: PERSON.zip,
        country: 'US',
      },
    ],
    phoneNumbers: [{ number: PERSON.phone }],
    email: PERSON.email,
    countryOfDomicile: 'US',
    consents: [{ type: 'TERMS', version: CURRENT_CONSENT_VERSIONS.TERMS, optInOut: 'OPT_IN' }],
    ssn: PERSON.ssn,
  };
}

function expectNoPersonalValue(output: string) {
  expectNoSecretInLog(output, PERSON_VALUES);
}

describe('error logs', () => {
  it('keep a failed profile save to its field names, without a value', async () => {
    const { logger, lines } = captureLogger();
    const t = await createPlatformTestApp({ logger });
    try {
      // A database failure: the query that fails carries every value of the profile.
      await t.database.db.execute(sql`DROP TABLE profiles CASCADE`);
      const failed = await t.app.inject({
        method: 'PUT',
        url: PROFILE_URL,
        payload: fullProfile(),
        headers: borrowerHeaders(newIdentity()),
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'INTERNAL_ERROR' });

      const output = lines.join('');
      // The failure is there to diagnose ...
      expect(output).toContain('request failed');
      expect(output).toContain('profiles');
      const logged = lines.map((line) => JSON.parse(line) as { bodyFields?: string[] });
      expect(logged.find((line) => line.bodyFields !== undefined)?.bodyFields).toEqual(
        expect.arrayContaining([
          'name.firstName',
          'name.lastName',
          'dob',
          'addresses[].street1',
          'addresses[].zip',
          'phoneNumbers[].number',
          'email',
          'ssn',
        ]),
      );
      // ... and none of the person is.
      expectNoPersonalValue(output);
    } finally {
      await t.close();
    }
  });

  it('keep any failing body to its field names, however nested', async () => {
    const { logger, lines } = captureLogger();
    await withTestApp(
      async ({ app }) => {
        app.post('/failing-details', async () => {
          throw new Error('boom');
        });
        const failed = await app.inject({
          method: 'POST',
          url: '/failing-details',
          payload: {
            firstName: PERSON.firstName,
            lastName: PERSON.lastName,
            dob: PERSON.dob,
            email: PERSON.email,
            phone: PERSON.phone,
            ssn: PERSON.ssn,
            address: { street1: PERSON.street1, street2: PERSON.street2, city: PERSON.city },
            borrower: { contact: { home: { zip: PERSON.zip } } },
            [PERSON.email]: 'a record keyed by an e-mail address',
          },
        });
        expect(failed.statusCode).toBe(500);
        const output = lines.join('');
        expect(output).toContain('address.street1');
        expect(output).toContain('borrower.contact.home.zip');
        expectNoPersonalValue(output);
      },
      { logger },
    );
  });
});

describe('logged URLs', () => {
  it.each([
    ['/sandbox/mailbox?to=ada%40example.com', '/sandbox/mailbox?to=[redacted]'],
    [
      '/ops/api/v1/applications?search=Lovelace&limit=20',
      '/ops/api/v1/applications?search=[redacted]&limit=20',
    ],
    ['/lookup?partialAddress=350+Fifth&x', '/lookup?partialAddress=[redacted]&x'],
    ['/rates?state=OH&orgCode=default', '/rates?state=OH&orgCode=default'],
    ['/healthz', '/healthz'],
    // Any value not on the list of harmless ones is censored, whatever its name.
    ['/docs/json?access_token=eyJhbGciOi.x.y', '/docs/json?access_token=[redacted]'],
    ['/a?token=abc&next=%2Fhome&limit=5', '/a?token=[redacted]&next=[redacted]&limit=5'],
    [
      '/a?access_token[]=one&access_token[]=two',
      '/a?access_token[]=[redacted]&access_token[]=[redacted]',
    ],
    ['/a?ada%40example.com=1&limit', '/a?*=[redacted]&limit'],
    ['/a?%E0%A4%A=secret', '/a?*=[redacted]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(scrubUrl(url)).toBe(logged);
  });

  it('censor personal query values in the request log', async () => {
    const { logger, lines } = captureLogger();
    await withTestApp(
      async ({ app }) => {
        await app.inject({
          method: 'GET',
          url: `/sandbox/mailbox?to=${encodeURIComponent(PERSON.email)}`,
        });
        const output = lines.join('');
        expect(output).toContain(`to=${REDACTION_CENSOR}`);
        expectNoPersonalValue(output);
      },
      { logger },
    );
  });

  it('censor an access token, and any value of an unforeseen parameter, in the request log', async () => {
    const { logger, lines } = captureLogger();
    await withTestApp(
      async ({ app }) => {
        const token = 'eyJhbGciOiJFUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJlLXZhbHVl';
        await app.inject({
          method: 'GET',
          url: `/docs/json?access_token=${token}&whoever=${encodeURIComponent(PERSON.email)}`,
          headers: { referer: `https://example.com/page?access_token=${token}` },
        });
        const output = lines.join('');
        expect(output).toContain(`access_token=${REDACTION_CENSOR}`);
        expect(output).toContain(`whoever=${REDACTION_CENSOR}`);
        expectNoSecretInLog(output, [token, 'c2VjcmV0LXBheWxvYWQ']);
        expectNoPersonalValue(output);
      },
      { logger },
    );
  });
});

/** Walks a contract schema (zod/mini) and collects every object key it declares. */
function fieldNames(schema: unknown, names = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (def === undefined || depth > 12) return names;
  const walk = (inner: unknown) => fieldNames(inner, names, depth + 1);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        walk(value);
      }
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'array':
      walk(def.element);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
  }
  return names;
}

/**
 * Request fields of the contract that are not personal (amounts, ids, choices, flags). A new field
 * belongs either here or in the logger's PERSONAL_FIELDS / SECRET_FIELDS.
 */
const NOT_PERSONAL = new Set([
  'BTC',
  'ETH',
  // A brand as the console edits it: the lender's public names, contacts, links, colours and flags.
  'companyName',
  'legalName',
  'supportEmail',
  'supportPhone',
  'termsUrl',
  'privacyUrl',
  'licensesUrl',
  'nmlsNumber',
  'logoUrl',
  'faviconUrl',
  'colors',
  'primary',
  'primaryContrast',
  'accent',
  'background',
  'surface',
  'text',
  'muted',
  'flags',
  'wholesale',
  'marketsCredit',
  'general',
  'codeSignInFirst',
  'footerTexts',
  'hosts',
  'housingLogo',
  'internationalEnabled',
  'mobileApp',
  'androidUrl',
  'iosUrl',
  'servedStates',
  'stateLicences',
  // Partner endpoints and keys: the brand, the endpoint's URL (deliveries are signed, so it needs
  // no secret of its own; request logs censor every query value anyway), a key's label and scopes,
  // the key it rotates, and a replay's event or time range.
  'url',
  'brand',
  'label',
  'scopes',
  'rotatesKeyId',
  'eventId',
  'from',
  'count',
  // A desk fill of a liquidation: what was sold, at what price, where and when.
  'coinQuantitySold',
  'priceCents',
  'venue',
  'executedAt',
  // A surplus paid back after a liquidation: the day the wire was sent.
  'sentOn',
  // A legacy loan's reassignment to an address other than the tape's.
  'overrideTapeEmail',
  'PRIVACY',
  'SOFT_CREDIT',
  'TERMS',
  'accountType',
  'achAccountId',
  'active',
  'advanceHours',
  'amount',
  'amountCents',
  'appUuid',
  'appVersion',
  'applicationUuid',
  'apps',
  'celsiusLoanId',
  'chain',
  'coinQuantity',
  'collateralType',
  'confirmations',
  'confirmed',
  'consents',
  'country',
  'countryCode',
  'countryOfDomicile',
  'cursor',
  'dedupeProperty',
  'description',
  'dismissable',
  'displayMessage',
  'domain',
  'dontDedupe',
  'drawAmount',
  'eSign',
  'enabled',
  'epoch',
  'errorCode',
  'errorMessage',
  'errorType',
  'event',
  'eventType',
  'experimentKey',
  'hasSentCollateral',
  'height',
  'id',
  'identityId',
  'ignoreIdentify',
  'institution',
  'institutionId',
  'isCitizenOrPermanentResident',
  'kind',
  'libraryVersion',
  'limit',
  'linkError',
  'linkErrorMetadata',
  'linkSessionId',
  'loanOriginatorUuid',
  'message',
  'metadata',
  'method',
  'nonce',
  'offerUuid',
  'optIn',
  'optInOut',
  'orgCode',
  'organization',
  'organizationOverrides',
  'pagePath',
  'paidOn',
  'platform',
  'productType',
  'quoteUuid',
  'receivedOn',
  'redirectUrl',
  'reference',
  'referralUuid',
  'referrer',
  'requestId',
  'requestedAmount',
  'residency',
  'rolloutPct',
  'screenSize',
  'sessionKey',
  'state',
  'status',
  'subtype',
  'telemetryTrackingId',
  'topUpQuantity',
  'trackerId',
  'trackerUuid',
  'type',
  'uuid',
  'variant',
  'version',
  'width',
  'windowSize',
]);

describe('the redaction list', () => {
  it('classifies every field of the contract requests', () => {
    const redacted = new Set(REDACTED_FIELDS);
    const unclassified: string[] = [];
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const parts = endpoint as { body?: unknown; query?: unknown };
      const fields = fieldNames(parts.query, fieldNames(parts.body));
      for (const field of fields) {
        if (!redacted.has(field) && !NOT_PERSONAL.has(field)) unclassified.push(`${name}.${field}`);
      }
    }
    expect(unclassified, 'add each to PERSONAL_FIELDS (logger.ts) or NOT_PERSONAL').toEqual([]);
  });

  it('covers the personal fields of a profile, loan details and bank details', () => {
    for (const field of ['firstName', 'lastName', 'dob', 'street1', 'zip', 'phoneNumbers']) {
      expect(REDACTED_FIELDS).toContain(field);
    }
    for (const field of ['email', 'ssn', 'accountNumber', 'routingNumber', 'address']) {
      expect(REDACTED_FIELDS).toContain(field);
    }
  });
});
