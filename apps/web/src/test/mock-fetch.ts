import { vi } from 'vitest';

export type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch with answers per "METHOD /path" (query ignored); any other call answers a 404
 * that names it.
 */
export function mockFetch(handlers: Record<string, THandler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (handler === undefined)
      return jsonResponse({ code: 'NOT_FOUND', message: `No mock for ${key}` }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The calls a mocked fetch received for "METHOD /path" (query ignored), keyed as its handlers are. */
export function callsTo(fetch: ReturnType<typeof mockFetch>, key: string) {
  return fetch.mock.calls.filter(
    ([input, init]) =>
      `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
  );
}

/** The JSON body a mocked call was sent with. */
export function sentBody<T = unknown>(init: RequestInit): T {
  return JSON.parse(String(init.body)) as T;
}

/** The JSON body of the first call a mocked fetch received for "METHOD /path"; undefined when none. */
export function bodySentTo(fetch: ReturnType<typeof mockFetch>, key: string): unknown {
  const init = callsTo(fetch, key)[0]?.[1];
  return init === undefined ? undefined : sentBody(init);
}
