import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, ZBinary } from '@pledge/contract';
import { apiRequest, ApiError } from './client.js';
import {
  NETWORK_ERROR_MESSAGE,
  NOT_JSON_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from './api-error.js';
import { getToken, setToken, TOKEN_STORAGE_KEY } from './token.js';
import {
  getAgentThing,
  getPublicThing,
  postSecureThing,
  THING,
  ZThing,
} from '../test/thing-endpoints.js';

const getDocument = defineEndpoint({
  method: 'GET',
  path: '/service/secure/documents/:docUuid',
  auth: 'bearer',
  summary: 'pdf bytes',
  params: z.object({ docUuid: z.string() }),
  response: ZBinary,
});

const getText = defineEndpoint({
  method: 'GET',
  path: '/service/text',
  auth: 'none',
  summary: 'plain text',
  response: z.string(),
});

const postNothing = defineEndpoint({
  method: 'POST',
  path: '/service/secure/confirm',
  auth: 'bearer',
  summary: 'no content',
  response: z.void(),
  status: 204,
});

const postUpload = defineEndpoint({
  method: 'POST',
  path: '/service/secure/things/:thingId/upload',
  auth: 'bearer',
  summary: 'a multipart upload',
  params: z.object({ thingId: z.string() }),
  response: ZThing,
});

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  window.localStorage.clear();
});

describe('apiRequest: the request', () => {
  it('fills path params, encodes them, and adds only the query values given', async () => {
    fetchMock.mockResolvedValue(json(THING));
    await apiRequest(getPublicThing, {
      params: { thingId: 'a b/c' },
      query: { state: 'OH', page: undefined },
    });
    const { url, init } = lastCall();
    expect(url).toBe('/service/insecure/things/a%20b%2Fc?state=OH');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('sends no Authorization header on a public endpoint, even with a stored token', async () => {
    setToken('jwt-123');
    fetchMock.mockResolvedValue(json(THING));
    await apiRequest(getPublicThing, { params: { thingId: '1' } });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('sends the stored jwt as a Bearer token on bearer endpoints', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-123');
    fetchMock.mockResolvedValue(json(THING));
    await apiRequest(postSecureThing, { body: { amount: 3 } });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('sends the stored jwt as a Bearer token on agent endpoints', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'agent-jwt');
    fetchMock.mockResolvedValue(json(THING));
    await apiRequest(getAgentThing);
    expect(lastCall().headers.get('Authorization')).toBe('Bearer agent-jwt');
  });

  it('sends a secure call without Authorization when no one is signed in', async () => {
    fetchMock.mockResolvedValue(json(THING));
    await apiRequest(getAgentThing);
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('sends the body as JSON', async () => {
    fetchMock.mockResolvedValue(json(THING));
    await apiRequest(postSecureThing, { body: { amount: 3 } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"amount":3}');
  });

  it('sends a multipart body as it is, leaving its Content-Type to the browser', async () => {
    fetchMock.mockResolvedValue(json(THING));
    setToken('jwt-1');
    const formData = new FormData();
    formData.append('document', new File(['%PDF-'], 'id.pdf', { type: 'application/pdf' }));
    formData.append('documentType', 'PASSPORT_FRONT');
    await apiRequest(postUpload, {
      params: { thingId: '7' },
      formData,
      headers: { 'Content-Type': 'application/json' },
    });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/service/secure/things/7/upload');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(formData);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Authorization')).toBe('Bearer jwt-1');
  });
});

describe('apiRequest: the answer', () => {
  it('returns the JSON answer validated by the response schema', async () => {
    fetchMock.mockResolvedValue(json(THING));
    await expect(apiRequest(getPublicThing, { params: { thingId: '1' } })).resolves.toEqual(THING);
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(json({ id: 'not-a-uuid', amount: '12' }));
    const error = await apiRequest(getPublicThing, { params: { thingId: '1' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      message: UNEXPECTED_RESPONSE_MESSAGE,
      body: { id: 'not-a-uuid', amount: '12' },
    });
    expect((error as ApiError).cause).toBeInstanceOf(z.ZodError);
  });

  it('says so when a 2xx answer is not JSON where JSON is expected', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>maintenance</html>', {
        status: 200,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    await expect(apiRequest(getPublicThing, { params: { thingId: '1' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      message: NOT_JSON_MESSAGE,
      body: '<html>maintenance</html>',
    });
  });

  it('returns PDF bytes for a binary endpoint', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    fetchMock.mockResolvedValue(
      new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const answer = await apiRequest(getDocument, { params: { docUuid: 'd1' } });
    expect(answer).toBeInstanceOf(Uint8Array);
    expect(Array.from(answer)).toEqual([0x25, 0x50, 0x44, 0x46]);
  });

  it('returns text for a text endpoint', async () => {
    fetchMock.mockResolvedValue(new Response('plain words', { status: 200 }));
    await expect(apiRequest(getText)).resolves.toBe('plain words');
  });

  it('accepts an empty 204 answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest(postNothing)).resolves.toBeUndefined();
  });
});

describe('apiRequest: failures', () => {
  it('throws ApiError with the server error body and its message', async () => {
    const body = {
      code: 'VALIDATION_ERROR',
      message: 'Invalid request',
      fieldErrors: { state: ['This state is currently not being serviced'] },
    };
    fetchMock.mockResolvedValue(json(body, { status: 400, statusText: 'Bad Request' }));
    const error = (await apiRequest(postSecureThing, { body: { amount: 1 } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.statusText).toBe('Bad Request');
    expect(error.message).toBe('Invalid request');
    expect(error.body).toEqual(body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors('state')).toEqual(['This state is currently not being serviced']);
    expect(error.fieldErrors('countryCode')).toEqual([]);
  });

  it('keeps a non-JSON error body as text and uses the status text as the message', async () => {
    fetchMock.mockResolvedValue(
      new Response('upstream timed out', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest(getAgentThing)).rejects.toMatchObject({
      status: 502,
      statusText: 'Bad Gateway',
      message: 'Bad Gateway',
      body: 'upstream timed out',
      apiError: null,
    });
  });

  it('keeps JSON that is not an API error as the body', async () => {
    fetchMock.mockResolvedValue(json({ error: 'odd' }, { status: 500, statusText: '' }));
    await expect(apiRequest(getAgentThing)).rejects.toMatchObject({
      status: 500,
      message: 'Request failed with status 500',
      body: { error: 'odd' },
      apiError: null,
    });
  });

  it.each([
    [401, 'Unauthenticated', true],
    [403, 'Unauthenticated', true],
    [403, 'Forbidden', false],
    [404, 'Not found', false],
  ])('on %i "%s" clears the stored token: %s', async (status, message, cleared) => {
    setToken('jwt-123');
    fetchMock.mockResolvedValue(json({ code: 'X', message }, { status }));
    await expect(apiRequest(getAgentThing)).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe(cleared ? null : 'jwt-123');
  });

  it.each([
    [403, { message: 'Unauthenticated' }, true],
    [403, { message: 'Forbidden' }, false],
    [403, 'Unauthenticated', false],
  ])('on %i %j without a code clears the stored token: %s', async (status, body, cleared) => {
    setToken('jwt-123');
    fetchMock.mockResolvedValue(json(body, { status }));
    await expect(apiRequest(getAgentThing)).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe(cleared ? null : 'jwt-123');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest(getAgentThing)).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const error = await apiRequest(getAgentThing, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBe(controller.signal.reason);
  });
});

describe('apiRequest: an endpoint given by a loader', () => {
  it('loads the endpoint with the call and calls it as if it had been given', async () => {
    fetchMock.mockResolvedValue(json(THING));
    const load = vi.fn(() => Promise.resolve(postSecureThing));
    setToken('jwt-123');
    await expect(apiRequest(load, { body: { amount: 3 } })).resolves.toEqual(THING);
    expect(load).toHaveBeenCalledOnce();
    const { url, init, headers } = lastCall();
    expect(url).toBe('/service/secure/things');
    expect(init.body).toBe('{"amount":3}');
    expect(headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('checks the answer against the loaded endpoint', async () => {
    fetchMock.mockResolvedValue(json({ id: 'not-a-uuid', amount: 1 }));
    await expect(apiRequest(() => Promise.resolve(getAgentThing))).rejects.toMatchObject({
      name: 'ApiError',
      message: UNEXPECTED_RESPONSE_MESSAGE,
    });
  });

  it('turns an endpoint that could not be loaded into an ApiError with status 0', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const error = await apiRequest(() => Promise.reject<typeof getAgentThing>(failure)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, cause: failure });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects with the abort reason when the caller aborted while the endpoint loaded', async () => {
    const controller = new AbortController();
    const error = await apiRequest(
      () => {
        controller.abort();
        return Promise.reject<typeof getAgentThing>(new TypeError('Failed to fetch'));
      },
      { signal: controller.signal },
    ).catch((e: unknown) => e);
    expect(error).toBe(controller.signal.reason);
  });
});
