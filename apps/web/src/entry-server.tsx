/**
 * Server rendering of the public pages a visitor lands on (the offer page, residency, FAQ,
 * privacy): the server sends them as HTML, so they show before any script has run, and the browser
 * hydrates them (see main.tsx). Built by `vite build --ssr` into dist-ssr; the server imports it.
 *
 * A server-rendered page depends only on the brand and the address: nobody is signed in on the
 * server and no data is fetched there (queries start in the browser, as on any other page).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { TBrand } from '@pledge/contract';
import { isPublicPath, startNeedsResidency } from '@pledge/domain';
import { AppProvider } from './app/provider.js';
import { AppRoutes, preloadScreenAt } from './app/router.js';
import { paths } from './config/paths.js';
import {
  BEFORE_APP_ATTRIBUTE,
  SignInCheckFrame,
} from './features/session/components/session-gate-status.js';

/** The calls a signed-in page makes first, which the server starts with its HTML. */
export { earlyCallsAt } from './app/early-calls.js';

const SERVER_RENDERED_PATHS = new Set([
  paths.start.path,
  paths.residency.path,
  paths.faq.path,
  paths.privacy.path,
]);

/** Whether the page at this address is rendered on the server (never one that redirects). */
export function isServerRenderedPage(pathname: string, search: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!SERVER_RENDERED_PATHS.has(clean)) return false;
  return clean !== paths.start.path || !startNeedsResidency({ search, isRenewal: false });
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Rendered as one piece: without a chunk size limit, React writes every Suspense boundary's content
 * in place instead of outlining large ones to be revealed by inline scripts, which the content
 * security policy does not allow.
 */
const WHOLE_PAGE = { progressiveChunkSize: Number.MAX_SAFE_INTEGER };

/** `isSignInCheck`: a signed-in page's frame (see renderSignInCheck). */
async function renderHtml(url: string, brand: TBrand, isSignInCheck = false): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider brand={brand}>
        <SignInCheckFrame value={isSignInCheck}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </SignInCheckFrame>
      </AppProvider>
    </StrictMode>,
    WHOLE_PAGE,
  );
  return streamToString(prelude);
}

/**
 * The HTML that goes inside #root for a page address (path and query), or null when the page is
 * left to the browser. Waits for every lazily loaded part, so the HTML is complete and has no
 * script in it.
 */
export async function renderPage(url: string, brand: TBrand): Promise<string | null> {
  const { pathname, search } = new URL(url, 'http://localhost');
  if (!isServerRenderedPage(pathname, search)) return null;
  await preloadScreenAt(pathname);
  const html = await renderHtml(url, brand);
  // Should React ever need a script to finish the page, the browser renders it instead.
  return html.includes('<script') ? null : html;
}

/**
 * The HTML inside #root for a page that needs a signed-in visitor (null for any other): the page
 * as it first shows in the browser of a visitor holding a sign-in, the layout with "Checking your
 * sign-in…". Nobody is signed in on the server, so the browser renders the page afresh over it
 * (main.tsx) rather than hydrating it; until then the visitor sees the page's frame, not a blank.
 */
export async function renderSignInCheck(url: string, brand: TBrand): Promise<string | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (isPublicPath(pathname)) return null;
  const html = await renderHtml(url, brand, true);
  return html.includes(BEFORE_APP_ATTRIBUTE) && !html.includes('<script') ? html : null;
}
