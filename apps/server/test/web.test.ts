import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBrand, type TBrand } from '@pledge/contract';
import { buildTestApp } from './helpers/app.js';
import { createTestDatabase, type TTestDatabase } from './helpers/db.js';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

const APP_CSS = ':root{--color-primary:#000}body{margin:0}';

// Stands in for the web app's server renderer (apps/web/src/entry-server.tsx): it renders the
// offer page, leaves the rest to the browser, and fails on the FAQ; it gives a signed-in page
// its frame.
const ENTRY_SERVER = `export async function renderPage(url, brand) {
  if (url.includes('/faq')) throw new Error('render failed');
  if (!url.includes('/start')) return null;
  return '<h1>Offer for ' + brand.companyName + ' at ' + url.replace(/[<>]/g, '') + '</h1>';
}
export async function renderSignInCheck(url, brand) {
  if (url.includes('/start') || url.includes('/residency')) return null;
  return '<main data-before-app>Checking your sign-in at ' + brand.companyName + '</main>';
}
export function earlyCallsAt(pathname) {
  if (pathname.startsWith('/ops')) return { audience: 'agent', calls: [{ url: '/broker/agent/self' }] };
  return {
    audience: 'customer',
    calls: [
      { url: '/broker/customer/self', headers: { 'application-name': 'a "b" <c> & d' } },
      { url: '/loans/1', cache: 'no-store' },
      { url: 'https://elsewhere.example/x' },
    ],
  };
}
`;

/** The one inline <style> of a page, and whether the page's CSP admits it by hash. */
function inlineStyleOf(response: { body: string; headers: Record<string, unknown> }): string {
  const styles = [...response.body.matchAll(/<style>(.*?)<\/style>/gs)].map((m) => m[1] ?? '');
  expect(styles).toHaveLength(1);
  const text = styles[0] ?? '';
  const hash = createHash('sha256').update(text, 'utf8').digest('base64');
  const policy = String(response.headers['content-security-policy']);
  expect(policy).toMatch(
    new RegExp(`style-src 'self' 'nonce-[^']+' 'sha256-${hash.replace(/[+/=]/g, '\\$&')}'`),
  );
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  return text;
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <!--brand-config-->
    <script type="module" src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

function brandOf(html: string): TBrand {
  const match = /<script type="application\/json" id="brand-config">(.*?)<\/script>/s.exec(html);
  expect(match, 'brand block').not.toBeNull();
  return ZBrand.parse(JSON.parse(match?.[1] ?? 'null'));
}

describe('web app serving', () => {
  let database: TTestDatabase;
  let webRoot: string;
  let webDist: string;
  let app: FastifyInstance;
  let productionApp: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'pledge-web-'));
    webDist = path.join(webRoot, 'dist');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'assets', 'index-abc123.css'), APP_CSS);
    await mkdir(path.join(webRoot, 'dist-ssr'));
    await writeFile(path.join(webRoot, 'dist-ssr', 'entry-server.js'), ENTRY_SERVER);
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
    await writeFile(
      path.join(webDist, 'assets', 'index-abc123.js.br'),
      brotliCompressSync('console.log("app");\n'),
    );
    await writeFile(
      path.join(webDist, 'assets', 'index-abc123.js.gz'),
      gzipSync('console.log("app");\n'),
    );
    await mkdir(path.join(webDist, '.vite'));
    await writeFile(
      path.join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'src/routes/start/start-page.tsx': { file: 'assets/start-page-def456.js' },
        'src/routes/residency/residency-page.tsx': { file: 'assets/residency-page-ghi789.js' },
        'src/routes/dashboard/dashboard-page.tsx': { file: 'assets/dashboard-page-jkl012.js' },
      }),
    );
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildTestApp({ database, webDist, sandbox: true });
    productionApp = await buildTestApp({ database, webDist, sandbox: false });
  });
  afterAll(async () => {
    await app.close();
    await productionApp.close();
    await database.drop();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each([
    '/account/crypto-backed-loan/residency',
    '/account/crypto-backed-loan/start?state=OH',
    '/account/crypto-backed-loan/0b6a4f0e-4f55-4c43-9a3c-2b1f5f3c9a10/next-steps',
    '/auth/login?redirectUrl=/account/crypto-backed-loan',
    '/dashboard',
    '/ops',
    '/ops/applications/123',
    '/privacy',
  ])('answers %s with index.html, the brand injected and no caching', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('<!--brand-config-->');
    expect(brandOf(response.body).orgCode).toBe('default');
  });

  it("gives each page its own style nonce, in the CSP and where react-aria reads it, and never 'unsafe-inline'", async () => {
    const nonces = [];
    for (const url of ['/account/crypto-backed-loan/start?state=OH', '/ops', '/ops']) {
      const response = await app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      const nonce = /<meta property="csp-nonce" nonce="([A-Za-z0-9+/=]{24})">/.exec(
        response.body,
      )?.[1];
      expect(nonce).toBeDefined();
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}' 'sha256-`);
      expect(policy).not.toContain('unsafe-inline');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('sends a signed-in page with its frame in #root, its screen preloaded and the app started as usual', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<div id="root"><main data-before-app>Checking your sign-in at ${brandOf(response.body).companyName}</main></div>`,
    );
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-jkl012.js">',
    );
    expect(response.body).toContain(
      '<script type="module" src="/assets/index-abc123.js"></script>',
    );
    expect(response.body).not.toContain('paint-first');
  });

  it("starts a signed-in page's first calls with its HTML, before the app's entry, this site's only", async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard?x=1' });
    const match =
      /<script async fetchpriority="high" src="\/early-calls\.js" data-audience="customer" data-calls="([^"]*)"><\/script><script type="module" src="\/assets\/index-abc123\.js">/.exec(
        response.body,
      );
    expect(match, 'the early calls script').not.toBeNull();
    const attribute = (match?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(attribute)).toEqual([
      { url: '/broker/customer/self', headers: { 'application-name': 'a "b" <c> & d' } },
      { url: '/loans/1', cache: 'no-store' },
    ]);
  });

  it.each([
    ['/', '/account/crypto-backed-loan/residency'],
    ['/account/crypto-backed-loan', '/account/crypto-backed-loan/residency'],
    ['/account/crypto-backed-loan/', '/account/crypto-backed-loan/residency'],
    ['/?org=markets&loanAmount=5000', '/account/crypto-backed-loan/residency?org=markets'],
    [
      '/account/crypto-backed-loan?state=OH&loanAmount=5000',
      '/account/crypto-backed-loan/start?state=OH&loanAmount=5000',
    ],
  ])('redirects %s, which only leads elsewhere, to the page itself: %s', async (url, location) => {
    for (const server of [app, productionApp]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('starts no early call on a page anyone may see, server-rendered or not', async () => {
    for (const url of [
      '/account/crypto-backed-loan/start?state=OH',
      '/account/crypto-backed-loan/nowhere',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('early-calls');
    }
  });

  it('sends an empty #root for a page without a screen of its own (an unknown path)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/nowhere',
    });
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('keeps a public collateral proof page out of search engines, and no other page', async () => {
    const proof = await app.inject({
      method: 'GET',
      url: `/account/crypto-backed-loan/collateral-proof/${'A'.repeat(43)}`,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(proof.headers['referrer-policy']).toBe('no-referrer');
    const start = await app.inject({ method: 'GET', url: '/account/crypto-backed-loan/start' });
    expect(start.headers['x-robots-tag']).toBeUndefined();
  });

  it('injects a complete brand for the default org', async () => {
    const brand = brandOf((await app.inject({ method: 'GET', url: '/privacy' })).body);
    expect(brand).toMatchObject({
      orgCode: 'default',
      companyName: 'Pledge Lending',
      internationalEnabled: true,
      sandbox: true,
      logoUrl: '/brands/default/logo.svg',
    });
  });

  it.each([
    ['partner', 'Harbor Credit Partners', { wholesale: true, marketsCredit: false }],
    ['markets', 'Summit Markets Credit', { wholesale: false, marketsCredit: true }],
  ])('chooses the %s brand with ?org= in sandbox mode', async (org, companyName, flags) => {
    const response = await app.inject({
      method: 'GET',
      url: `/account/crypto-backed-loan/start?org=${org}`,
    });
    const brand = brandOf(response.body);
    expect(brand.orgCode).toBe(org);
    expect(brand.companyName).toBe(companyName);
    expect(brand.flags).toMatchObject(flags);
  });

  it('gives the markets brand its mobile-app links', async () => {
    const brand = brandOf((await app.inject({ method: 'GET', url: '/privacy?org=markets' })).body);
    expect(brand.mobileApp).not.toBeNull();
  });

  it('falls back to the default brand for an unknown org', async () => {
    const brand = brandOf(
      (await app.inject({ method: 'GET', url: '/privacy?org=unknown-org' })).body,
    );
    expect(brand.orgCode).toBe('default');
  });

  it('chooses the brand by host name', async () => {
    const response = await productionApp.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/residency',
      headers: { host: 'markets.localhost:3000' },
    });
    const brand = brandOf(response.body);
    expect(brand.orgCode).toBe('markets');
    expect(brand.sandbox).toBe(false);
  });

  it('ignores ?org= outside sandbox mode', async () => {
    const brand = brandOf(
      (await productionApp.inject({ method: 'GET', url: '/privacy?org=partner' })).body,
    );
    expect(brand.orgCode).toBe('default');
  });

  it('names the page’s own screen chunk for preloading, and nothing on a page without one', async () => {
    const residency = await app.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/residency',
    });
    expect(residency.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/residency-page-ghi789.js"></head>',
    );
    const faq = await app.inject({ method: 'GET', url: '/account/crypto-backed-loan/faq' });
    expect(faq.statusCode).toBe(200);
    expect(faq.body).not.toContain('modulepreload');
  });

  it('starts the app on a server-rendered page once it is painted, with its modules named', async () => {
    const start = await app.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/start?state=OH',
    });
    expect(start.body).toContain(
      '<script type="module" src="/paint-first.js" data-app-entry="/assets/index-abc123.js"' +
        ' data-app-preloads="/assets/start-page-def456.js"></script>',
    );
    expect(start.body).not.toContain('src="/assets/index-abc123.js"');
    expect(start.body).not.toContain('rel="modulepreload"');
  });

  it('puts the server-rendered page inside #root', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/start?state=OH&org=partner',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div id="root"><h1>Offer for Harbor Credit Partners at ' +
        '/account/crypto-backed-loan/start?state=OH&org=partner</h1></div>',
    );
  });

  it.each(['/ops', '/account/crypto-backed-loan/faq'])(
    'leaves #root empty where the renderer renders nothing or fails (%s)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(brandOf(response.body).orgCode).toBe('default');
    },
  );

  it.each([
    ['default', '#1d4ed8'],
    ['partner', '#0b5563'],
  ])('inlines the stylesheet with the %s brand colours, admitted by hash', async (org, primary) => {
    const response = await app.inject({ method: 'GET', url: `/privacy?org=${org}` });
    // The stylesheet stays named only by a disabled link: never fetched, never applied, and
    // seen by the app's module loader as already in the page.
    expect(response.body.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/index-abc123.css" disabled>',
    ]);
    const style = inlineStyleOf(response);
    // The app's defaults first, the brand's colours after them (they win).
    expect(style.startsWith(APP_CSS)).toBe(true);
    expect(style).toContain(`:root{--color-primary:${primary};`);
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('compresses pages (%s)', async (acceptEncoding, encoding, decompress) => {
    const response = await app.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/start?state=OH',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = decompress(response.rawPayload).toString('utf8');
    expect(html).toContain('<h1>Offer for Pledge Lending');
    expect(brandOf(html).orgCode).toBe('default');
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('console.log');
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'sends the precompressed copy the browser accepts (%s)',
    async (acceptEncoding, encoding, decompress) => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decompress(response.rawPayload).toString()).toBe('console.log("app");\n');
    },
  );

  it('sends the plain file to a browser that accepts no compression', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("app");\n');
  });

  it('serves other built files with revalidation and never the raw index.html', async () => {
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    const raw = await app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.statusCode).toBe(404);
  });

  it('answers a missing asset with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it.each(['default', 'partner', 'markets'])('serves the %s logo', async (org) => {
    const response = await app.inject({ method: 'GET', url: `/brands/${org}/logo.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<svg');
  });

  it('answers 503 with a build instruction when the web app is not built', async () => {
    const unbuilt = await buildTestApp({ database, webDist: path.join(webDist, 'missing') });
    try {
      const response = await unbuilt.inject({
        method: 'GET',
        url: '/account/crypto-backed-loan/start',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'WEB_APP_NOT_BUILT' });
      expect(response.json<{ message: string }>().message).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
