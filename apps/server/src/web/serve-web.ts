/**
 * Serves the built web app on the same origin as the API: hashed assets with a one-year immutable
 * cache, and index.html for every page route with the brand injected as a JSON data block, the
 * styles inline with the brand's colours (page-styles.ts), and, for the public pages the web app
 * renders on the server, the page's HTML inside #root.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { TApiError, TBrand } from '@pledge/contract';
import { BASE_PATH, siteEntryRedirect } from '@pledge/domain';
import { resolveBrand } from '../brands/brands.js';
import { encodePage, pageEncodingFor } from './page-encoding.js';
import { pageRendererSource, type TEarlyCallsPlan } from './page-renderer.js';
import { pageStylesInliner, withStyleSource } from './page-styles.js';
import {
  buildManifestSource,
  preloadLinks,
  routePreloads,
  screenForPath,
} from './route-preloads.js';

export const BRAND_MARKER = '<!--brand-config-->';
export const PREVIEW_EXPIRED = 'This preview has expired: open it again from the brand console.';
const ONE_YEAR_S = 31_536_000;
const LOGO_MAX_AGE_S = 3_600;

/**
 * Addresses that only lead elsewhere (the site's root, the bare base path): answered by a redirect
 * to the page itself, which arrives rendered, instead of an empty page whose app then navigated
 * twice (to the offer page, then to residency).
 */
const ENTRY_ROUTES = ['/', BASE_PATH] as const;

/** Page routes answered with index.html (the single-page app routes below them itself). */
export const HTML_ROUTES = [
  `${BASE_PATH}/*`,
  '/auth/login',
  '/dashboard',
  '/ops',
  '/ops/*',
  '/privacy',
] as const;

const NOT_BUILT: TApiError = {
  code: 'WEB_APP_NOT_BUILT',
  message:
    'The web app is not built. Run "npm run build" at the repository root (or start the server with "npm start", which builds it), then reload.',
};

/**
 * JSON that is safe inside an HTML <script> element: no `</script>`, no comment or CDATA openers
 * and no line separators that older parsers treat as newlines.
 */
export function serializeForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function brandBlock(brand: TBrand): string {
  return `<script type="application/json" id="brand-config">${serializeForHtml(brand)}</script>`;
}

/** index.html with the brand block in place of the marker (or at the end of <head>). */
export function injectBrand(html: string, brand: TBrand, styleNonce?: string): string {
  const block =
    styleNonce === undefined
      ? brandBlock(brand)
      : `${styleNonceMeta(styleNonce)}${brandBlock(brand)}`;
  if (html.includes(BRAND_MARKER)) return html.replace(BRAND_MARKER, () => block);
  return html.replace('</head>', () => `${block}</head>`);
}

/**
 * The page's style nonce where react-aria looks for it (`meta[property="csp-nonce"]`, its `nonce`
 * property): the small <style> elements it adds at run time (touch-action of pressable elements,
 * overscroll of an open overlay) carry it, and the policy admits them by it. The browser hides a
 * nonce attribute from the page's styles and scripts once parsed, so it cannot be read off the DOM.
 */
export function styleNonceMeta(nonce: string): string {
  return `<meta property="csp-nonce" nonce="${nonce}">`;
}

/** A fresh nonce per page (128 bits, base64): a policy source 'nonce-…' admits only that page's. */
export function newStyleNonce(): string {
  return randomBytes(16).toString('base64');
}

export const ROOT_ELEMENT = '<div id="root"></div>';

/** The app's entry script and the module preloads, as Vite writes them into index.html. */
const ENTRY_SCRIPT =
  /<script type="module"(?: crossorigin)? src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[^"]+\.js)">/g;

/**
 * index.html with server-rendered HTML inside #root. Its scripts then wait for the page to be
 * painted: /paint-first.js preloads the modules named in its data attributes (the entry's and the
 * screen's, `extraPreloads`) and starts the app once the first frame is on screen, so the page
 * shows from its HTML without the app's code competing with it (hydration follows).
 */
export function injectRootHtml(
  html: string,
  rootHtml: string,
  extraPreloads: readonly string[] = [],
): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (entry === undefined) {
    return html.replace(ROOT_ELEMENT, () => `<div id="root">${rootHtml}</div>`);
  }
  const preloads = [
    ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''),
    ...extraPreloads.map((file) => `/${encodeURI(file)}`),
  ];
  const boot =
    `<script type="module" src="/paint-first.js" data-app-entry="${entry}"` +
    ` data-app-preloads="${preloads.join(' ')}"></script>`;
  return html
    .replace(ROOT_ELEMENT, () => `<div id="root">${rootHtml}</div>`)
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => boot);
}

/** The script that starts a signed-in page's first calls with its HTML (web/public). */
export const EARLY_CALLS_SCRIPT = '/early-calls.js';

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The <script> that starts a page's first calls (`plan`, from the web app's renderer) as soon as
 * the HTML is parsed, beside the app's code; empty when the plan names none. Only this site's own
 * paths are named: the calls carry the visitor's token.
 */
export function earlyCallsScript(plan: TEarlyCallsPlan | null): string {
  if (plan === null || (plan.audience !== 'customer' && plan.audience !== 'agent')) return '';
  const calls = plan.calls.filter(
    (call) =>
      typeof call.url === 'string' && call.url.startsWith('/') && !call.url.startsWith('//'),
  );
  if (calls.length === 0) return '';
  return (
    `<script async fetchpriority="high" src="${EARLY_CALLS_SCRIPT}"` +
    ` data-audience="${plan.audience}" data-calls="${escapeAttribute(JSON.stringify(calls))}"></script>`
  );
}

/** index.html with `script` before the app's entry (at the end of <head> without one). */
function beforeEntry(html: string, script: string): string {
  if (script === '') return html;
  return ENTRY_SCRIPT.test(html)
    ? html.replace(ENTRY_SCRIPT, (entry) => `${script}${entry}`)
    : html.replace('</head>', () => `${script}</head>`);
}

/** Reads index.html, re-reading it only when it changed on disk (a rebuild while running). */
function indexHtmlSource(webDist: string): () => Promise<string | null> {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
      return cached.html;
    } catch {
      cached = undefined;
      return null;
    }
  };
}

function firstString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export async function registerWeb(
  app: FastifyInstance,
  options: {
    webDist: string;
    publicDir: string;
    sandbox: boolean;
    /** The web app's server-rendering module (default: dist-ssr/entry-server.js beside webDist). */
    ssrEntry?: string;
    /**
     * The brand a `?brandPreview=` token shows (a draft, brand console), null when the token is
     * expired or not one of ours.
     */
    previewBrand?: (token: string) => Promise<TBrand | null>;
  },
): Promise<void> {
  const readIndex = indexHtmlSource(options.webDist);
  const readManifest = buildManifestSource(options.webDist);
  const inlineStyles = pageStylesInliner(options.webDist);
  const readRenderer = pageRendererSource(
    options.ssrEntry ?? path.join(options.webDist, '..', 'dist-ssr', 'entry-server.js'),
  );
  /** `render`: a public page's whole HTML; `renderSignInCheck`: a signed-in page's frame. */
  const renderRoot = async (
    url: string,
    brand: TBrand,
    how: 'render' | 'renderSignInCheck' = 'render',
  ): Promise<string | null> => {
    try {
      const renderer = await readRenderer();
      return renderer === null ? null : await renderer[how](url, brand);
    } catch (error) {
      // The page still works without it: the browser renders it, as it does every other page.
      app.log.warn({ err: error, url: url.split('?')[0] }, 'server rendering of a page failed');
      return null;
    }
  };
  const earlyCallsOf = async (pathname: string): Promise<TEarlyCallsPlan | null> => {
    try {
      return (await readRenderer())?.earlyCallsAt(pathname) ?? null;
    } catch (error) {
      // The page still works without them: the app makes its calls when it has started.
      app.log.warn({ err: error, url: pathname }, "naming a page's first calls failed");
      return null;
    }
  };
  if (!existsSync(path.join(options.webDist, 'index.html'))) {
    app.log.warn(
      `The web app is not built (no index.html in ${options.webDist}); pages answer 503 until it is.`,
    );
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    // A public collateral proof is for those its link was given to: never indexed or followed.
    if (screenForPath(request.url.split('?')[0] ?? '') === 'collateral-proof') {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    }
    const html = await readIndex();
    if (html === null) return reply.code(503).type('application/json').send(NOT_BUILT);
    const query = request.query as Record<string, unknown>;
    const previewToken = firstString(query.brandPreview);
    let brand: TBrand;
    if (previewToken !== undefined && options.previewBrand !== undefined) {
      const preview = await options.previewBrand(previewToken);
      if (preview === null) {
        return reply.code(410).type('text/plain; charset=utf-8').send(PREVIEW_EXPIRED);
      }
      brand = preview;
      // A draft is shown in the console's frames only, and never indexed.
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header(
          'content-security-policy',
          policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      }
    } else {
      brand = resolveBrand({
        host: request.host,
        orgParam: firstString(query.org),
        sandbox: options.sandbox,
      });
    }
    const manifest = await readManifest();
    const screenFiles =
      manifest === null ? [] : routePreloads(manifest, request.url.split('?')[0] ?? '');
    const rootHtml = await renderRoot(request.url, brand);
    // A page the browser renders (one that needs a signed-in visitor) shows its frame meanwhile.
    const frameHtml =
      rootHtml === null && screenFiles.length > 0
        ? await renderRoot(request.url, brand, 'renderSignInCheck')
        : null;
    // A signed-in page's session check and first data start with its HTML.
    const early =
      frameHtml === null
        ? ''
        : earlyCallsScript(await earlyCallsOf(request.url.split('?')[0] ?? ''));
    const styleNonce = newStyleNonce();
    const branded = beforeEntry(injectBrand(html, brand, styleNonce), early);
    const rendered =
      rootHtml === null
        ? branded
            .replace('</head>', () => `${preloadLinks(screenFiles)}</head>`)
            .replace(ROOT_ELEMENT, () => `<div id="root">${frameHtml ?? ''}</div>`)
        : injectRootHtml(branded, rootHtml, screenFiles);
    const styled = await inlineStyles(rendered, brand);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      const sources = [`'nonce-${styleNonce}'`, ...(styled === null ? [] : [styled.cspSource])];
      reply.header('content-security-policy', withStyleSource(policy, sources.join(' ')));
    }
    const page = styled?.html ?? rendered;
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    const body = await encodePage(page, encoding);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding !== null) reply.header('Content-Encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
  for (const url of HTML_ROUTES) {
    app.get(url, { schema: { hide: true } }, servePage);
  }
  for (const url of ENTRY_ROUTES) {
    app.get(url, { schema: { hide: true } }, (request, reply) => {
      const at = request.url.indexOf('?');
      const search = at === -1 ? '' : request.url.slice(at);
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(`${BASE_PATH}${siteEntryRedirect(search)}`, 302);
    });
  }

  // Built files other than index.html; hashed assets never change, the rest revalidates.
  await app.register(fastifyStatic, {
    root: options.webDist,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies of its text assets; each browser gets the one it accepts.
    preCompressed: true,
    // API paths (`/service-…`) are never files: an unknown one is a 404 without touching the disk.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/service-'),
    setHeaders: (reply, filePath) => {
      // The answer depends on Accept-Encoding (a .br, .gz or plain copy): caches must know.
      reply.header('Vary', 'Accept-Encoding');
      const relative = path.relative(options.webDist, filePath);
      reply.header(
        'Cache-Control',
        relative.startsWith(`assets${path.sep}`)
          ? `public, max-age=${ONE_YEAR_S}, immutable`
          : 'no-cache',
      );
    },
  });

  await app.register(fastifyStatic, {
    root: path.join(options.publicDir, 'brands'),
    prefix: '/brands/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('Cache-Control', `public, max-age=${LOGO_MAX_AGE_S}`);
    },
  });
}
