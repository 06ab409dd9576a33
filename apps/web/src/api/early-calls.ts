/**
 * A signed-in page's first calls, started by /early-calls.js (apps/web/public) as soon as the
 * page's HTML is parsed: the server names them in the script's data attributes (the session check
 * and what the route's screen fetches first, app/early-calls.ts), so they travel beside the app's
 * code instead of after it has run. A call of the app that is the same request (URL, token, cache
 * mode and headers) takes the answer of the one started early instead of asking again; each is
 * taken once, and only while fresh. Anything else is asked as usual.
 */

/** Where /early-calls.js leaves the calls it started (a property of `window`). */
export const EARLY_CALLS_GLOBAL = '__pledgeEarlyCalls';

/** How long a call started early stays worth taking: the page's own first calls come well within. */
export const EARLY_CALL_FRESH_MS = 10_000;

/** A call the server names for a page: a GET of a same-origin path, with the app's extra headers. */
export interface TEarlyCall {
  url: string;
  /** Headers the app sends with it besides Accept and Authorization (lower-case names). */
  headers?: Record<string, string>;
  /** The app's cache mode for it, when not the default. */
  cache?: RequestCache;
}

/** A call /early-calls.js started. */
export interface TStartedEarlyCall extends TEarlyCall {
  token: string;
  /** Date.now() when it was sent. */
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    [EARLY_CALLS_GLOBAL]?: TStartedEarlyCall[];
  }
}

/** The request a call of the app is about to send. */
export interface TCallToSend {
  url: string;
  token: string;
  headers: Headers;
  cache?: RequestCache;
}

/** What the early script sends with every call besides the call's own headers. */
const SENT_BY_EVERY_CALL = new Set(['accept', 'authorization']);

function sameHeaders(sent: Record<string, string> = {}, wanted: Headers): boolean {
  if (wanted.get('accept') !== 'application/json') return false;
  const extra = [...wanted.entries()].filter(([name]) => !SENT_BY_EVERY_CALL.has(name));
  return (
    extra.length === Object.keys(sent).length &&
    extra.every(([name, value]) => sent[name] === value)
  );
}

function isSameRequest(started: TStartedEarlyCall, call: TCallToSend): boolean {
  return (
    started.url === call.url &&
    started.token === call.token &&
    (started.cache ?? 'default') === (call.cache ?? 'default') &&
    sameHeaders(started.headers, call.headers)
  );
}

/**
 * Called as the app starts: an early script that has not run by then starts nothing (the app asks
 * for itself, and an answer sent after its own could be taken by a later call as if it were new).
 */
export function closeEarlyCalls(): void {
  if (typeof window !== 'undefined') window[EARLY_CALLS_GLOBAL] ??= [];
}

/**
 * Forgets the calls started early for `url`, or all of them: the app has asked for it itself, or
 * changed something, since they were sent, so their answers may be older than what it knows.
 */
export function forgetEarlyCalls(url?: string): void {
  const started = typeof window === 'undefined' ? undefined : window[EARLY_CALLS_GLOBAL];
  if (!Array.isArray(started)) return;
  const kept = url === undefined ? [] : started.filter((call) => call.url !== url);
  started.splice(0, started.length, ...kept);
}

/**
 * The answer of the call started early that is this request, taken (no other call gets it); none
 * when there is no such call or it is older than EARLY_CALL_FRESH_MS.
 */
export function takeEarlyCall(call: TCallToSend, now = Date.now()): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window[EARLY_CALLS_GLOBAL];
  if (!Array.isArray(started)) return undefined;
  const index = started.findIndex(
    (candidate) =>
      now - candidate.startedAt <= EARLY_CALL_FRESH_MS && isSameRequest(candidate, call),
  );
  if (index < 0) return undefined;
  const [taken] = started.splice(index, 1);
  return taken?.response;
}
