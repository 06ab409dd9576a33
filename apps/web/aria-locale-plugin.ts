import type { Plugin } from 'vite';

/** react-aria's module that finds the locale its components speak when no provider names one. */
export const ARIA_DEFAULT_LOCALE_MODULE = 'react-aria/dist/private/i18n/useDefaultLocale.mjs';

/**
 * What the app's build puts in place of that module: US English, left to right, always. The app
 * speaks US English only (its react-aria strings are US English only, optimizeLocales below), yet
 * react-aria otherwise took the browser's language as its locale, and checked it with
 * `Intl.DateTimeFormat.supportedLocalesOf` when its module loaded: that first `Intl` call loads the
 * browser's locale data, 50–80 ms of main thread on every page whose code includes react-aria (the
 * layout's toasts), before the page's first render, on pages that format nothing at all.
 */
export const ARIA_DEFAULT_LOCALE_SOURCE = `const DEFAULT_LOCALE = Object.freeze({ locale: 'en-US', direction: 'ltr' });
export function getDefaultLocale() {
  return DEFAULT_LOCALE;
}
export function useDefaultLocale() {
  return DEFAULT_LOCALE;
}
`;

/**
 * Serves {@link ARIA_DEFAULT_LOCALE_SOURCE} for react-aria's default-locale module in the builds
 * (the browser's and the server-rendering one). The dev server and the tests load react-aria as
 * published, where the browser's (or jsdom's) language is US English.
 */
export function ariaUsEnglish(): Plugin {
  return {
    name: 'pledge:aria-us-english',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0]?.replaceAll('\\', '/') ?? '';
      return path.endsWith(`/node_modules/${ARIA_DEFAULT_LOCALE_MODULE}`)
        ? ARIA_DEFAULT_LOCALE_SOURCE
        : null;
    },
  };
}
