import { describe, expect, it } from 'vitest';
import {
  CreditBureauRequestError,
  CreditBureauUnavailableError,
  type TSoftPullRequest,
} from './port.js';
import { createRealCreditBureau, type TCreditBureauFetch } from './real.js';
import { recordedAnswer } from '../../../test/helpers/recorded.js';

/** Recorded provider answers (test/fixtures/credit-bureau), as the provider sends them. */
const recorded = (name: string) => recordedAnswer(`credit-bureau/${name}`);

const REQUEST: TSoftPullRequest = {
  referenceId: '7b0d3c1e-8a4f-4f7e-9a51-0f2c1d3e4b5a',
  ssn: '123456789',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: '1990-05-17',
  address: { street1: '1 Main St', street2: null, city: 'Columbus', state: 'OH', zip: '43215' },
};

type TCall = Parameters<TCreditBureauFetch>;

/** A fetch answering a JSON body (200), a prepared Response, an HTTP status, or a network error. */
function answering(answer: unknown) {
  const calls: TCall[] = [];
  const fetch: TCreditBureauFetch = async (...call) => {
    calls.push(call);
    if (answer instanceof Error) throw answer;
    if (answer instanceof Response) return answer;
    if (typeof answer === 'number') return new Response('unavailable', { status: answer });
    return Response.json(answer);
  };
  return { fetch, calls };
}

const bureau = (fetch: TCreditBureauFetch) =>
  createRealCreditBureau({ baseUrl: 'https://bureau.example.com/api/', apiKey: 'k-123', fetch });

describe('real credit bureau adapter', () => {
  it.each([
    ['match-approve', 'APPROVED', 'inq_01JH3ZK8Q4W7M2N5P6R9S0T1V2'],
    ['match-decline', 'DECLINED', 'inq_01JH3ZM1A2B3C4D5E6F7G8H9J0'],
    ['no-match', 'NO_MATCH', 'inq_01JH3ZN4K5L6M7N8P9Q0R1S2T3'],
    ['file-locked', 'LOCKED', 'inq_01JH3ZP7U8V9W0X1Y2Z3A4B5C6'],
    ['file-frozen', 'FROZEN', 'inq_01JH3ZQ9D0E1F2G3H4J5K6L7M8'],
  ])('reads the recorded %s answer as %s', async (fixture, outcome, reference) => {
    const { fetch } = answering(recorded(fixture));
    await expect(bureau(fetch).softPull(REQUEST)).resolves.toEqual({ outcome, reference });
  });

  it('sends the inquiry as the provider expects it, keyed by our reference', async () => {
    const { fetch, calls } = answering(recorded('match-approve'));
    const port = bureau(fetch);
    await port.softPull(REQUEST);
    expect(port.name).toBe('bureau.example.com');
    const [url, init] = calls[0] ?? [];
    expect(url).toBe('https://bureau.example.com/api/v1/soft-inquiries');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer k-123',
      'content-type': 'application/json',
      'idempotency-key': REQUEST.referenceId,
    });
    expect(JSON.parse(init?.body ?? '')).toEqual({
      referenceId: REQUEST.referenceId,
      purpose: 'CREDIT_APPLICATION',
      consumer: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-05-17',
        ssn: '123456789',
        address: {
          line1: '1 Main St',
          line2: null,
          city: 'Columbus',
          state: 'OH',
          postalCode: '43215',
        },
      },
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('treats a refused request as final and anything else as worth retrying', async () => {
    const refused = answering(Response.json(recorded('refused-422'), { status: 422 }));
    await expect(bureau(refused.fetch).softPull(REQUEST)).rejects.toBeInstanceOf(
      CreditBureauRequestError,
    );
    for (const answer of [503, 401, 429, new TypeError('fetch failed'), { fileStatus: 'HIT' }]) {
      const { fetch } = answering(answer);
      await expect(bureau(fetch).softPull(REQUEST)).rejects.toBeInstanceOf(
        CreditBureauUnavailableError,
      );
    }
  });

  it('refuses a match without a decision, and never puts the SSN in an error', async () => {
    const { fetch } = answering({ inquiryId: 'inq_1', fileStatus: 'MATCH', decision: null });
    const error: unknown = await bureau(fetch)
      .softPull(REQUEST)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CreditBureauUnavailableError);
    expect(String(error)).not.toContain(REQUEST.ssn);
  });
});
