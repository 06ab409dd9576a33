import { screen } from '@testing-library/react';

/**
 * How long a test waits for a screen to appear. A passing test never waits this long; on a busy
 * machine (the web suite runs beside the server's on two cores) the first lazily loaded screen of
 * a file is compiled on first import and can take seconds.
 */
export const LOADED = { timeout: 15_000 };

/** How long a test that renders the whole app may take on a busy machine: the first loads every module. */
export const SLOW = { timeout: 60_000 };

/** The page's title, its level-1 heading, once the screen has appeared. */
export function findPageHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, LOADED);
}
