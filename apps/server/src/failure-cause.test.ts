import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  describeFailure,
  failureCause,
  FAILURE_MESSAGE_MAX_CHARS,
  scrubFailureText,
} from './failure-cause.js';
import { loggerOptions } from './logger.js';

describe('scrubFailureText', () => {
  it.each([
    [
      'an e-mail address',
      '550 5.1.1 <ada.lovelace@example.com>: Recipient address rejected',
      '550 5.1.1 <[email]>: Recipient address rejected',
      'ada.lovelace',
    ],
    [
      'a name given as a field',
      'holder mismatch: firstName=Ada lastName="Lovelace" on the account',
      'holder mismatch: firstName=[redacted] lastName=[redacted] on the account',
      'Lovelace',
    ],
    [
      'a name in a JSON body',
      'bureau answered 422 {"name":"Ada Lovelace","ssn":"123-45-6789"}',
      'bureau answered 422 {"name":[redacted],"ssn":[redacted]}',
      'Ada',
    ],
    [
      'a social security number in text',
      'no file found for 123-45-6789',
      'no file found for [number]',
      '6789',
    ],
    [
      'an account number',
      'Plaid: account 000123456789 is closed',
      'Plaid: account [number] is closed',
      '123456789',
    ],
    [
      'a bech32 wallet address',
      'Esplora 400 for bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'Esplora 400 for [address]',
      'bc1q',
    ],
    [
      'a legacy wallet address',
      'unknown address 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      'unknown address [address]',
      'BvBMSEY',
    ],
    [
      'an Ethereum address',
      'transfer to 0x52908400098527886E0F7030069857D2E4169EE7 reverted',
      'transfer to [address] reverted',
      '52908400',
    ],
    [
      'a transaction hash',
      'tx 4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b not found',
      'tx [hash] not found',
      '4a5e1e4b',
    ],
    [
      'a bearer token',
      'Authorization: Bearer sk_live_abcdef0123456789 refused',
      'Authorization: [redacted] [redacted] refused',
      'sk_live',
    ],
    [
      'a JSON web token',
      'rejected eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijk as expired',
      'rejected [token] as expired',
      'eyJ',
    ],
    [
      'a URL with credentials and a query string',
      'GET https://user:s3cret@api.kraken.com/0/public/Ticker?pair=XBTUSD&api_key=k1 failed: 503',
      'GET https://api.kraken.com/0/public/Ticker failed: 503',
      's3cret',
    ],
    [
      'a secret field',
      'SMTP auth failed for password=hunter2, client_secret: abc',
      'SMTP auth failed for password=[redacted], client_secret: [redacted]',
      'hunter2',
    ],
    [
      'a one-time code',
      'message with code=493021 not accepted',
      'message with code=[redacted] not accepted',
      '493021',
    ],
    [
      'a long opaque key',
      'key AKIA0123456789ABCDEFGHIJ0123456789XYZ rejected by the bucket',
      'key [secret] rejected by the bucket',
      'AKIA',
    ],
    [
      'a value PostgreSQL quotes from a row',
      'duplicate key value violates unique constraint "outbox_pkey" Key (to_address)=(ada@example.com)',
      'duplicate key value violates unique constraint "outbox_pkey" Key (to_address)=([redacted])',
      'ada@',
    ],
  ])('removes %s and keeps the rest', (_kind, text, expected, removed) => {
    const scrubbed = scrubFailureText(text);
    expect(scrubbed).toBe(expected);
    expect(scrubbed).not.toContain(removed);
  });

  it.each([
    'connect ECONNREFUSED 10.0.0.5:587',
    'Request failed with status 503: Service Unavailable',
    'relation "loans" does not exist',
    'timeout after 30000 ms on api.coinbase.com',
    'application 3f2b9c1e-8a4d-4c7e-9b1a-2d3e4f5a6b7c has no offer',
  ])('keeps a message with nothing personal as it is: %s', (text) => {
    expect(scrubFailureText(text)).toBe(text);
  });
});

describe('failureCause', () => {
  it('gives the class, the system code of the cause and the scrubbed message', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:443'), {
      code: 'ECONNREFUSED',
    });
    const error = new TypeError('fetch failed', { cause: refused });
    expect(failureCause(error)).toEqual({
      class: 'TypeError',
      code: 'ECONNREFUSED',
      message: 'fetch failed (cause: Error ECONNREFUSED: connect ECONNREFUSED 10.0.0.5:443)',
    });
  });

  it('gives an HTTP status as the code', () => {
    class BureauError extends Error {
      constructor(readonly status: number) {
        super(`credit bureau answered ${status} for ada@example.com`);
      }
    }
    expect(failureCause(new BureauError(502))).toEqual({
      class: 'BureauError',
      code: '502',
      message: 'credit bureau answered 502 for [email]',
    });
  });

  it("gives a PostgreSQL SQLSTATE and leaves out drizzle's parameters", () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      name: 'DatabaseError',
      code: '23505',
    });
    const error = new Error('Failed query: insert into "outbox"\nparams: ada@example.com,Ada', {
      cause: pgError,
    });
    const cause = failureCause(error);
    expect(cause.code).toBe('23505');
    expect(cause.message).toBe(
      'Failed query: insert into "outbox" (cause: DatabaseError 23505: duplicate key value violates unique constraint)',
    );
    expect(describeFailure(cause)).toBe(`Error [23505]: ${cause.message}`);
  });

  it('describes a thrown value that is not an error, and bounds the message', () => {
    expect(failureCause('down for 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual({
      class: 'NonError',
      message: 'down for [address]',
    });
    const long = failureCause(new Error('x '.repeat(FAILURE_MESSAGE_MAX_CHARS)));
    expect(long.message.length).toBe(FAILURE_MESSAGE_MAX_CHARS);
  });

  it('reaches the log whole: redaction leaves a failure field alone', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino(loggerOptions('info'), destination);
    const failure = failureCause(
      Object.assign(new Error('connect ECONNREFUSED smtp.example.net:587'), {
        code: 'ECONNREFUSED',
      }),
    );
    log.warn({ kind: 'email.deliver', failure }, 'job will retry');
    const logged = JSON.parse(lines[0] ?? '{}') as { failure: unknown };
    expect(logged.failure).toEqual({
      class: 'Error',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED smtp.example.net:587',
    });
  });
});
