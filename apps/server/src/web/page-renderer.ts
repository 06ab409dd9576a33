/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built into dist-ssr): HTML for the
 * public pages a visitor lands on, so they show before the app's script has run.
 *
 * A rendered page depends only on the brand and the address (no session, no data), so the last
 * pages rendered are kept for a few minutes: a page costs a render once, not on every visit.
 */
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { TBrand } from '@pledge/contract';
import { createExpiringCache } from '../services/expiring-cache.js';

type TRenderPage = (url: string, brand: TBrand) => Promise<string | null>;

/**
 * The calls a signed-in page makes first (the web app's app/early-calls.ts): /early-calls.js
 * starts them with the page's HTML, with a token of `audience` only.
 */
export interface TEarlyCallsPlan {
  audience: 'customer' | 'agent';
  calls: { url: string; headers?: Record<string, string>; cache?: string }[];
}

type TEarlyCallsAt = (pathname: string) => TEarlyCallsPlan | null;

export interface TPageRenderer {
  /** The HTML inside #root for a page address (path and query); null for pages left to the browser. */
  render: TRenderPage;
  /**
   * For a page that needs a signed-in visitor: its layout with the session check, which the
   * browser replaces with the page (not hydrated); null for any other page.
   */
  renderSignInCheck: TRenderPage;
  /** The calls a signed-in page at this path makes first; null for any other page. */
  earlyCallsAt: TEarlyCallsAt;
}

export const RENDERED_PAGES_KEPT = 256;
export const RENDERED_PAGE_TTL_MS = 5 * 60_000;

/** A render that keeps its last RENDERED_PAGES_KEPT answers for RENDERED_PAGE_TTL_MS. */
export function cachedRender(render: TRenderPage, now: () => number = Date.now): TRenderPage {
  const pages = createExpiringCache<{ html: string | null }>(RENDERED_PAGES_KEPT, now);
  return async (url, brand) => {
    const key = `${brand.orgCode}|${brand.sandbox}|${url}`;
    const kept = pages.get(key);
    if (kept !== undefined) return kept.html;
    const html = await render(url, brand);
    pages.set(key, { html }, now() + RENDERED_PAGE_TTL_MS);
    return html;
  };
}

function isRenderModule(
  value: unknown,
): value is { renderPage: TRenderPage; renderSignInCheck?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'renderPage' in value &&
    typeof value.renderPage === 'function'
  );
}

/** A build of the web app from before the sign-in check was sent in the HTML renders none. */
const noSignInCheck: TRenderPage = () => Promise.resolve(null);

/** A build from before the first calls were started with the HTML names none. */
const noEarlyCalls: TEarlyCallsAt = () => null;

/**
 * Loads the renderer module, again when a rebuild changed it; null when the web app was built
 * without it (pages are then rendered in the browser only).
 */
export function pageRendererSource(entryFile: string): () => Promise<TPageRenderer | null> {
  let loaded: { mtimeMs: number; renderer: TPageRenderer } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(entryFile));
    } catch {
      loaded = undefined;
      return null;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const module: unknown = await import(`${pathToFileURL(entryFile).href}?v=${mtimeMs}`);
      if (!isRenderModule(module)) {
        throw new Error(`${entryFile} does not export renderPage(url, brand)`);
      }
      const renderSignInCheck =
        typeof module.renderSignInCheck === 'function'
          ? (module.renderSignInCheck as TRenderPage)
          : noSignInCheck;
      const earlyCallsAt =
        'earlyCallsAt' in module && typeof module.earlyCallsAt === 'function'
          ? (module.earlyCallsAt as TEarlyCallsAt)
          : noEarlyCalls;
      loaded = {
        mtimeMs,
        renderer: {
          render: cachedRender(module.renderPage),
          renderSignInCheck: cachedRender(renderSignInCheck),
          earlyCallsAt,
        },
      };
    }
    return loaded.renderer;
  };
}
