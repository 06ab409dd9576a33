import {
  postTelemetryEvent,
  postTelemetrySession,
  type TPostTelemetryEventBody,
  type TSessionKey,
  type TTelemetrySession,
} from '@pledge/contract';
import {
  SESSION_MAX_ATTEMPTS,
  TELEMETRY_KEY_MAX_LENGTH,
  TELEMETRY_PROPERTIES_MAX_COUNT,
  TELEMETRY_VALUE_MAX_LENGTH,
} from '@pledge/domain';
import { apiRequest, isApiError } from '../api/client.js';
import {
  APP_CONTEXT,
  APP_VERSION,
  TELEMETRY_LIBRARY_VERSION,
  TELEMETRY_PRODUCT_TYPE,
} from './app-context.js';
import { logTelemetryFailure, toTelemetryError } from './telemetry-error.js';
import { sessionStore } from '../api/web-storage.js';

/** Document 2 §8: no tracking session after SESSION_MAX_ATTEMPTS tries. */
export const SESSION_RETRIES_FAILED_MESSAGE =
  'An error occurred while establishing a session, retries failed.';

/** Where the tab keeps its session key, so that a reload continues the same session. */
export const SESSION_KEY_STORAGE_KEY = 'pledge.telemetry.session';
/** Where the tab remembers which deduplicated events it already sent in its session. */
export const SENT_EVENTS_STORAGE_KEY = 'pledge.telemetry.sent';

// Enough for every distinct milestone of a visit; the oldest are forgotten first.
const MAX_REMEMBERED_EVENTS = 500;
const MAX_REFERRER_LENGTH = 2048;
// Query parameters that bind a sign-in; they have no place in reports.
const PRIVATE_QUERY_PARAMS = new Set(['nonce']);

export type TEventPropertyValue = string | number | boolean | null;

export interface TTrackEventInput {
  /** The event's name (`PAGE_VIEW`, `COLLATERAL_RECEIVED`). */
  event: string;
  /** Its kind in reports; the name when left out. */
  eventType?: string;
  eventProperties?: Record<string, TEventPropertyValue>;
  applicationUuid?: string | null;
  /** Send every occurrence (page views), instead of once per session. */
  dontDedupe?: boolean;
  /** The property whose value makes two events the same; the page path when null or absent. */
  dedupeProperty?: string | null;
  /** The page the event happened on; the browser's current one when left out. */
  pagePath?: string;
  /** Its query string; the browser's current one when left out. */
  search?: string;
}

export interface TTelemetryClient {
  /** The tab's tracking session, created on first need (up to SESSION_MAX_ATTEMPTS attempts). */
  getSession: () => Promise<TSessionKey>;
  /** Sends one event; never rejects (failures are logged for developers only). */
  trackEvent: (input: TTrackEventInput) => Promise<void>;
  /** The signed-in person events are attributed to, or null. */
  setIdentity: (identityUuid: string | null) => void;
}

function readJson(key: string): unknown {
  const text = sessionStore()?.getItem(key);
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    sessionStore()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only costs the continuation of the session.
  }
}

function isSessionKey(value: unknown): value is TSessionKey {
  if (typeof value !== 'object' || value === null) return false;
  const { uuid, epoch, trackerUuid } = value as Record<string, unknown>;
  return typeof uuid === 'string' && typeof epoch === 'number' && typeof trackerUuid === 'string';
}

function sessionPayload(held: TSessionKey | null): TTelemetrySession {
  return {
    platform: 'WEB',
    libraryVersion: TELEMETRY_LIBRARY_VERSION,
    referrer: document.referrer.slice(0, MAX_REFERRER_LENGTH),
    screenSize: { width: Math.round(screen.width), height: Math.round(screen.height) },
    windowSize: { width: Math.round(window.innerWidth), height: Math.round(window.innerHeight) },
    ...(held === null ? {} : { sessionKey: held }),
    appVersion: APP_VERSION,
  };
}

function queryParamsOf(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (PRIVATE_QUERY_PARAMS.has(name)) continue;
    if (name.length > TELEMETRY_KEY_MAX_LENGTH || value.length > TELEMETRY_VALUE_MAX_LENGTH)
      continue;
    // The server takes a bounded number of them: the first ones are kept.
    if (Object.keys(params).length >= TELEMETRY_PROPERTIES_MAX_COUNT) break;
    params[name] = value;
  }
  return params;
}

/**
 * What makes two events the same one (document 2 §3 dedupeProperty): the event's name with the
 * value of its dedupe property, or with its page when the event does not carry that property.
 * Null for an event sent every time.
 */
export function dedupeKeyOf(
  event: Pick<
    TPostTelemetryEventBody,
    'event' | 'pagePath' | 'eventProperties' | 'dontDedupe' | 'dedupeProperty'
  >,
): string | null {
  if (event.dontDedupe) return null;
  const property = event.dedupeProperty;
  if (property !== null && Object.hasOwn(event.eventProperties, property)) {
    return `${event.event}\u0000property\u0000${property}\u0000${JSON.stringify(event.eventProperties[property])}`;
  }
  return `${event.event}\u0000page\u0000${event.pagePath}`;
}

interface TSentEvents {
  sessionUuid: string;
  keys: string[];
}

function readSentEvents(sessionUuid: string): string[] {
  const stored = readJson(SENT_EVENTS_STORAGE_KEY) as Partial<TSentEvents> | null;
  return stored?.sessionUuid === sessionUuid && Array.isArray(stored.keys) ? stored.keys : [];
}

/** A tracking client; the app uses the one of telemetry-client.ts, tests make their own. */
export function createTelemetryClient(): TTelemetryClient {
  let pendingSession: Promise<TSessionKey> | null = null;
  let identityId: string | null = null;

  async function establishSession(): Promise<TSessionKey> {
    const stored = readJson(SESSION_KEY_STORAGE_KEY);
    const held = isSessionKey(stored) ? stored : null;
    let lastError: unknown;
    for (let attempt = 1; attempt <= SESSION_MAX_ATTEMPTS; attempt += 1) {
      try {
        const { sessionKey } = await apiRequest(postTelemetrySession, {
          params: { context: APP_CONTEXT },
          body: sessionPayload(held),
        });
        writeJson(SESSION_KEY_STORAGE_KEY, sessionKey);
        return sessionKey;
      } catch (error) {
        lastError = toTelemetryError(error);
      }
    }
    throw new Error(SESSION_RETRIES_FAILED_MESSAGE, { cause: lastError });
  }

  function getSession(): Promise<TSessionKey> {
    // One session per page load, shared by every caller; after a failure the next need tries again.
    pendingSession ??= establishSession().catch((error: unknown) => {
      pendingSession = null;
      throw error;
    });
    return pendingSession;
  }

  async function trackEvent(input: TTrackEventInput): Promise<void> {
    try {
      const sessionKey = await getSession();
      const body: TPostTelemetryEventBody = {
        domain: window.location.hostname || 'localhost',
        queryParams: queryParamsOf(input.search ?? window.location.search),
        pagePath: input.pagePath ?? window.location.pathname,
        event: input.event,
        sessionKey,
        identityId,
        applicationUuid: input.applicationUuid ?? null,
        eventType: input.eventType ?? input.event,
        productType: TELEMETRY_PRODUCT_TYPE,
        eventProperties: input.eventProperties ?? {},
        dontDedupe: input.dontDedupe ?? false,
        dedupeProperty: input.dedupeProperty ?? null,
      };
      const dedupeKey = dedupeKeyOf(body);
      const sent = readSentEvents(sessionKey.uuid);
      if (dedupeKey !== null && sent.includes(dedupeKey)) return;
      await apiRequest(postTelemetryEvent, { params: { context: APP_CONTEXT }, body });
      if (dedupeKey !== null) {
        writeJson(SENT_EVENTS_STORAGE_KEY, {
          sessionUuid: sessionKey.uuid,
          keys: [...sent, dedupeKey].slice(-MAX_REMEMBERED_EVENTS),
        } satisfies TSentEvents);
      }
    } catch (error) {
      logTelemetryFailure(isApiError(error) ? toTelemetryError(error) : error);
    }
  }

  return {
    getSession,
    trackEvent,
    setIdentity: (identityUuid) => {
      identityId = identityUuid;
    },
  };
}
