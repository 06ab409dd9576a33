/**
 * A console test's agent: signed in before each test, and the fetch mock answering the broker's
 * figureinfo for them beside the page's own endpoints.
 */
import { beforeEach } from 'vitest';
import { mockFetch, type THandler } from '../../test/mock-fetch.js';
import {
  figureInfoHandlers,
  storeTestSession,
  TEST_IDENTITY,
} from '../session/session-test-utils.js';

/** Stores an agent's session before each test of the file. */
export function signInAgentBeforeEach(): void {
  beforeEach(() => {
    storeTestSession('agent');
  });
}

/** Replaces fetch as mockFetch does, with the signed-in agent's figureinfo answered as well. */
export function mockAgentFetch(handlers: Record<string, THandler>) {
  return mockFetch({ ...figureInfoHandlers(TEST_IDENTITY, 'agent'), ...handlers });
}
