import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rateLimitKey, registerSecurity } from './security.js';

async function cspWith(allowPlaidLink: boolean | undefined): Promise<string> {
  const app = Fastify();
  await registerSecurity(app, {
    publicOrigin: undefined,
    ...(allowPlaidLink === undefined ? {} : { allowPlaidLink }),
  });
  app.get('/', () => ({ ok: true }));
  const { headers } = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return String(headers['content-security-policy']);
}

describe('the content security policy', () => {
  it.each([undefined, false])(
    'allows no third-party script, connection or frame by default, frames of its own pages only (allowPlaidLink: %s)',
    async (allowPlaidLink) => {
      const csp = await cspWith(allowPlaidLink);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("frame-src 'self';");
      expect(csp).not.toContain('plaid');
    },
  );

  it('lets the Plaid Link widget load, frame and call Plaid when the real bank link is on', async () => {
    const csp = await cspWith(true);
    expect(csp).toContain("script-src 'self' https://cdn.plaid.com;");
    expect(csp).toContain("frame-src 'self' https://cdn.plaid.com");
    expect(csp).toContain("connect-src 'self' https://*.plaid.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('the security headers', () => {
  it('are on every answer: a route, a 404 and an error', async () => {
    const app = Fastify();
    await registerSecurity(app, { publicOrigin: 'https://loans.example' });
    app.get('/', () => ({ ok: true }));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    try {
      for (const url of ['/', '/missing', '/boom']) {
        const { headers } = await app.inject({ method: 'GET', url });
        expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(headers['x-frame-options']).toBe('DENY');
        expect(headers['referrer-policy']).toBe('no-referrer');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(headers['cross-origin-embedder-policy']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});

describe('the rate limit key', () => {
  it('is the client address, and one shared key when the socket has closed', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: undefined })).toBe('closed-connection');
  });
});
