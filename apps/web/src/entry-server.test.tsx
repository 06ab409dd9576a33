// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FALLBACK_BRAND } from './brand/fallback-brand.js';
import { isServerRenderedPage, renderPage, renderSignInCheck } from './entry-server.js';
import { BEFORE_APP_ATTRIBUTE } from './features/session/components/session-gate-status.js';

const BASE = '/account/crypto-backed-loan';

describe('isServerRenderedPage', () => {
  it.each([
    [`${BASE}/start`, '?state=OH', true],
    [`${BASE}/start/`, '?countryCode=DE', true],
    [`${BASE}/start`, '', false],
    [`${BASE}/residency`, '', true],
    [`${BASE}/faq`, '', true],
    ['/privacy', '', true],
    ['/dashboard', '', false],
    [`${BASE}/3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b/details`, '', false],
    ['/auth/login', '', false],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(isServerRenderedPage(pathname, search)).toBe(expected);
  });
});

describe('renderPage', () => {
  const brand = { ...FALLBACK_BRAND, companyName: 'Harbor & Sons Credit' };

  it('renders the offer page for the residence in the address, with the brand', async () => {
    const html = await renderPage(`${BASE}/start?state=OH`, brand);
    expect(html).toContain('Borrow funds against your crypto assets');
    expect(html).toContain('Ohio');
    expect(html).toContain('Harbor &amp; Sons Credit');
    expect(html).not.toContain('<script');
  });

  it('renders the residency page and the FAQ in full', async () => {
    expect(await renderPage(`${BASE}/residency`, brand)).toContain('<h1');
    const faq = await renderPage(`${BASE}/faq`, brand);
    expect(faq).toContain('<h1');
    expect(faq).not.toContain('Loading…');
  });

  it('leaves pages that redirect or need a session to the browser', async () => {
    expect(await renderPage(`${BASE}/start`, brand)).toBeNull();
    expect(await renderPage('/dashboard', brand)).toBeNull();
  });
});

describe('renderSignInCheck', () => {
  const brand = { ...FALLBACK_BRAND, companyName: 'Harbor & Sons Credit' };

  it.each(['/dashboard', `${BASE}/3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b/details`, '/ops/loans'])(
    'renders the layout of %s with the session check, marked as sent before the app',
    async (path) => {
      const html = await renderSignInCheck(path, brand);
      expect(html).toContain('Checking your sign-in…');
      expect(html).toContain(BEFORE_APP_ATTRIBUTE);
      expect(html).toContain('<main');
      // The header keeps the room of a signed-in visitor's nav, as the browser first shows it.
      expect(html).toContain('site-nav--pending');
      expect(html).not.toContain('Login');
      expect(html).not.toContain('<script');
    },
  );

  it.each([`${BASE}/start?state=OH`, `${BASE}/faq`, '/privacy'])(
    'renders nothing for the public page %s',
    async (path) => {
      expect(await renderSignInCheck(path, brand)).toBeNull();
    },
  );
});
