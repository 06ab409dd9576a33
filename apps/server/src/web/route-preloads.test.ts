import { describe, expect, it } from 'vitest';
import {
  preloadLinks,
  routePreloads,
  screenForPath,
  type TBuildManifest,
} from './route-preloads.js';

const APP = '/account/crypto-backed-loan';
const UUID = '0af5e93e-f1a3-423a-bea5-4e17d0f7377a';

describe('screenForPath', () => {
  it.each([
    [`${APP}/start`, 'start'],
    [`${APP}/start/`, 'start'],
    [`${APP}/residency`, 'residency'],
    [`${APP}/faq`, 'faq'],
    [`${APP}/${UUID}`, 'application-entry'],
    [`${APP}/${UUID}/next-steps`, 'next-steps'],
    [`${APP}/${UUID}/disbursement/link-account`, 'disbursement-link-account'],
    [`${APP}/celsius-refi`, 'celsius-refi'],
    [`${APP}/celsius-refi/complete`, 'celsius-refi-complete'],
    [`${APP}/celsius-refi/${UUID}/${UUID}/disclosures`, 'celsius-refi-disclosures'],
    [`${APP}/collateral-proof/${'A'.repeat(43)}`, 'collateral-proof'],
    [`${APP}/collateral-proof`, null],
    ['/dashboard', 'dashboard'],
    ['/auth/login', 'auth-login'],
    ['/ops', 'ops'],
    [`/ops/applications/${UUID}`, 'ops-application'],
    [`/ops/loans/${UUID}`, 'ops-loan'],
    ['/ops/brands/default', 'ops-brand'],
    ['/ops/loans', 'ops-loans'],
    ['/ops/ui-kit', 'ops-ui-kit'],
    ['/ops/nowhere/at/all', null],
    [`${APP}/loans/${UUID}`, 'loan'],
    [`${APP}/loans`, null],
    [`${APP}/${UUID}/credit-frozen`, 'credit-outcome'],
    [`${APP}/${UUID}/decline`, 'credit-outcome'],
    [APP, null],
    [`${APP}/nowhere/at/all`, null],
    ['/', null],
  ])('%s → %s', (pathname, screen) => {
    expect(screenForPath(pathname)).toBe(screen);
  });
});

describe('routePreloads', () => {
  const manifest: TBuildManifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared'] },
    _shared: { file: 'assets/shared-b.js' },
    _slider: { file: 'assets/slider-c.js', imports: ['_shared'] },
    'src/routes/start/start-page.tsx': {
      file: 'assets/start-page-d.js',
      imports: ['_slider', '_shared'],
      dynamicImports: ['_later'],
    },
    _later: { file: 'assets/later-e.js' },
  };

  it('names the screen chunk and its static imports, not what the entry loads or loads later', () => {
    expect(routePreloads(manifest, `${APP}/start`)).toEqual([
      'assets/start-page-d.js',
      'assets/slider-c.js',
    ]);
  });

  it('names the chunk of what the shell loads as it starts after the screen, with its static imports', () => {
    const withStartup: TBuildManifest = {
      ...manifest,
      '_startup-f.js': {
        file: 'assets/startup-f.js',
        name: 'startup',
        imports: ['_wire', '_shared'],
      },
      _wire: { file: 'assets/wire-g.js' },
    };
    expect(routePreloads(withStartup, `${APP}/start`)).toEqual([
      'assets/start-page-d.js',
      'assets/slider-c.js',
      'assets/startup-f.js',
      'assets/wire-g.js',
    ]);
  });

  it('names the layout around an application’s pages with each of them, and with no other page', () => {
    const withApplication: TBuildManifest = {
      ...manifest,
      'src/routes/details/details-page.tsx': { file: 'assets/details-page-h.js' },
      'src/features/application/components/application-access.tsx': {
        file: 'assets/application-access-i.js',
        imports: ['_application', '_shared'],
      },
      _application: { file: 'assets/application-j.js' },
    };
    const appUuid = '3ddce3ed-01f0-45d1-a9a7-0d99f0c971d0';
    expect(routePreloads(withApplication, `${APP}/${appUuid}/details`)).toEqual([
      'assets/details-page-h.js',
      'assets/application-access-i.js',
      'assets/application-j.js',
    ]);
    expect(routePreloads(withApplication, `${APP}/start`)).toEqual([
      'assets/start-page-d.js',
      'assets/slider-c.js',
    ]);
  });

  it('names nothing for a path without a screen or a screen the build lacks', () => {
    expect(routePreloads(manifest, `${APP}/residency`)).toEqual([]);
    expect(routePreloads(manifest, '/healthz')).toEqual([]);
  });

  it('writes module preload links', () => {
    expect(preloadLinks(['assets/start-page-d.js'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/start-page-d.js">',
    );
  });
});
