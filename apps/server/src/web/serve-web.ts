/**
 * Serves the built web app on the same origin as the API: hashed assets with a one-year immutable
 * cache, and index.html for every page route with the brand injected as a JSON data block.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { TApiError, TBrand } from '@pledge/contract';
import { BASE_PATH } from '@pledge/domain';
import { resolveBrand } from '../brands/brands.js';
import { buildManifestSource, preloadLinks, routePreloads } from './route-preloads.js';

export const BRAND_MARKER = '<!--brand-config-->';
const ONE_YEAR_S = 31_536_000;
const LOGO_MAX_AGE_S = 3_600;

/** Page routes answered with index.html (the single-page app routes below them itself). */
export const HTML_ROUTES = [
  '/',
  BASE_PATH,
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
export function injectBrand(html: string, brand: TBrand): string {
  const block = brandBlock(brand);
  if (html.includes(BRAND_MARKER)) return html.replace(BRAND_MARKER, () => block);
  return html.replace('</head>', () => `${block}</head>`);
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
  options: { webDist: string; publicDir: string; sandbox: boolean },
): Promise<void> {
  const readIndex = indexHtmlSource(options.webDist);
  const readManifest = buildManifestSource(options.webDist);
  if (!existsSync(path.join(options.webDist, 'index.html'))) {
    app.log.warn(
      `The web app is not built (no index.html in ${options.webDist}); pages answer 503 until it is.`,
    );
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const html = await readIndex();
    if (html === null) return reply.code(503).type('application/json').send(NOT_BUILT);
    const query = request.query as Record<string, unknown>;
    const brand = resolveBrand({
      host: request.host,
      orgParam: firstString(query.org),
      sandbox: options.sandbox,
    });
    const manifest = await readManifest();
    const preloads =
      manifest === null
        ? ''
        : preloadLinks(routePreloads(manifest, request.url.split('?')[0] ?? ''));
    const page = injectBrand(html, brand);
    return reply
      .type('text/html; charset=utf-8')
      .send(preloads === '' ? page : page.replace('</head>', () => `${preloads}</head>`));
  };
  for (const url of HTML_ROUTES) {
    app.get(url, { schema: { hide: true } }, servePage);
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
