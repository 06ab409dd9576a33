import { describe, expect, it } from 'vitest';
import { AddressLookupUnavailableError } from './port.js';
import { createRealAddresses, type TFetch } from './real.js';
import { recordedAnswer } from '../../../test/helpers/recorded.js';

/** An autocomplete answer as the provider sends it (test/fixtures/address). */
const RECORDED = recordedAnswer('address/autocomplete-pro-350-fifth');

const config = {
  url: 'https://us-autocomplete-pro.api.smarty.com/lookup',
  authId: 'auth-id-1',
  authToken: 'token/with+chars',
};

function fakeFetch(answer: unknown | number | Error) {
  const calls: { url: URL; signal: AbortSignal }[] = [];
  const fetch: TFetch = async (url, init) => {
    calls.push({ url: new URL(url), signal: init.signal });
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number') return new Response('unavailable', { status: answer });
    return Response.json(answer);
  };
  return { fetch, calls };
}

describe('real address adapter', () => {
  it('asks the provider with the typed text, the limit and the key pair', async () => {
    const { fetch, calls } = fakeFetch(RECORDED);
    await createRealAddresses({ config, fetch }).suggest('350 5th av', 10);
    const [call] = calls;
    expect(call?.url.origin + call!.url.pathname).toBe(config.url);
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      search: '350 5th av',
      max_results: '10',
      'auth-id': 'auth-id-1',
      'auth-token': 'token/with+chars',
    });
    expect(call?.signal).toBeInstanceOf(AbortSignal);
  });

  it('maps the suggestions, leaving out unusable ones and unit lists', async () => {
    const { fetch } = fakeFetch(RECORDED);
    const found = await createRealAddresses({ config, fetch }).suggest('350 5th', 10);
    expect(found).toEqual([
      { street1: '350 5th Ave', street2: null, city: 'New York', state: 'NY', zip: '10118' },
      // 24 units behind one line: the borrower types their own.
      { street1: '350 5th Ave', street2: null, city: 'Brooklyn', state: 'NY', zip: '11215' },
      { street1: '350 5th Ave', street2: 'Ste 2', city: 'Pittsburgh', state: 'PA', zip: '15222' },
      { street1: '350 Fifth Ave S', street2: null, city: 'Naples', state: 'FL', zip: '34102' },
    ]);
  });

  it('keeps to the limit even when the provider sends more', async () => {
    const { fetch } = fakeFetch(RECORDED);
    expect(await createRealAddresses({ config, fetch }).suggest('350 5th', 2)).toHaveLength(2);
  });

  it('answers nothing for an answer without suggestions', async () => {
    const { fetch } = fakeFetch({ suggestions: null });
    expect(await createRealAddresses({ config, fetch }).suggest('zzz', 10)).toEqual([]);
  });

  it.each([
    ['an error status', 401],
    ['a network error', new Error('ECONNRESET')],
    ['a timeout', new DOMException('The operation was aborted', 'TimeoutError')],
    ['an unknown shape', { results: [], suggestions: 'none' }],
  ])('reports the provider unavailable on %s', async (_name, answer) => {
    const { fetch } = fakeFetch(answer);
    await expect(
      createRealAddresses({ config, fetch }).suggest('350 5th', 10),
    ).rejects.toBeInstanceOf(AddressLookupUnavailableError);
  });

  it('never puts the key pair in its error messages', async () => {
    const { fetch } = fakeFetch(
      new Error(`fetch failed for ${config.url}?auth-token=${config.authToken}`),
    );
    const error = await createRealAddresses({ config, fetch })
      .suggest('350 5th', 10)
      .catch((caught: unknown) => caught);
    expect(String(error)).not.toContain(config.authToken);
  });
});
