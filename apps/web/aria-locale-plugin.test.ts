import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARIA_DEFAULT_LOCALE_MODULE,
  ARIA_DEFAULT_LOCALE_SOURCE,
  ariaUsEnglish,
} from './aria-locale-plugin.js';

type TLoad = (id: string) => string | null;

const load = ariaUsEnglish().load as unknown as TLoad;
/** The file in node_modules (react-aria's exports map offers no path to it). */
const installed = join(
  dirname(dirname(createRequire(import.meta.url).resolve('react-aria/package.json'))),
  ARIA_DEFAULT_LOCALE_MODULE,
);

/** The names a module's source exports, from its `export { a as b }` and `export function b`. */
function exportedNames(source: string): string[] {
  const listed = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1) ?? '',
    ),
  );
  const declared = [...source.matchAll(/export function (\w+)/g)].map((match) => match[1] ?? '');
  return [...listed, ...declared].filter((name) => name !== '').sort();
}

describe('react-aria speaking US English in the builds', () => {
  it('replaces the module react-aria installs, with the same exports', () => {
    // A react-aria that moves or renames the module fails here, not silently in the build.
    const published = readFileSync(installed, 'utf8');
    expect(published).toContain('supportedLocalesOf');
    expect(exportedNames(ARIA_DEFAULT_LOCALE_SOURCE)).toEqual(exportedNames(published));
    expect(load(installed)).toBe(ARIA_DEFAULT_LOCALE_SOURCE);
    expect(load(`${installed}?v=1`)).toBe(ARIA_DEFAULT_LOCALE_SOURCE);
  });

  it('leaves every other module as it is', () => {
    expect(load(installed.replace('useDefaultLocale.mjs', 'utils.mjs'))).toBeNull();
    expect(load('/app/src/i18n/useDefaultLocale.mjs')).toBeNull();
  });

  it('answers US English, left to right, without asking the browser', async () => {
    const module = (await import(
      `data:text/javascript,${encodeURIComponent(ARIA_DEFAULT_LOCALE_SOURCE)}`
    )) as { getDefaultLocale: () => unknown; useDefaultLocale: () => unknown };
    expect(module.getDefaultLocale()).toEqual({ locale: 'en-US', direction: 'ltr' });
    expect(module.useDefaultLocale()).toBe(module.getDefaultLocale());
    expect(ARIA_DEFAULT_LOCALE_SOURCE).not.toContain('Intl');
  });
});
