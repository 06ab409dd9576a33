/**
 * Every page carries its styles inline: the app's stylesheet followed by the brand's colours. A
 * page then paints as soon as its HTML arrives (server-rendered pages have their content in it),
 * without waiting on a stylesheet request, and in the brand's colours from the first frame. The
 * content security policy admits exactly this <style> by its SHA-256 hash; no other inline style
 * and no inline script is allowed.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TBrand } from '@pledge/contract';
import { brandColorsCss } from '@pledge/domain';

/** The stylesheet links Vite writes into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"?#]+\.css)">/g;

export interface TInlineStyles {
  /** index.html with the stylesheet links replaced by one <style> element. */
  html: string;
  /** The CSP source that admits that element: 'sha256-…'. */
  cspSource: string;
}

/** 'style-src' of a policy with one more source; the policy as it was when it has no such directive. */
export function withStyleSource(policy: string, source: string): string {
  return policy.replace(
    /(^|;)\s*style-src ([^;]*)/,
    (_match, start: string, sources: string) => `${start}style-src ${sources} ${source}`,
  );
}

/**
 * Inlines the stylesheets of index.html for a brand. Asset files have hashed names and never
 * change, so each is read once; the result is kept per brand and set of stylesheets. Null when
 * there is nothing to inline or a stylesheet could not be inlined safely (the links then stay).
 */
export function pageStylesInliner(
  webDist: string,
): (html: string, brand: TBrand) => Promise<TInlineStyles | null> {
  const assets = new Map<string, string>();
  const styles = new Map<string, { text: string; cspSource: string }>();

  const readAsset = async (file: string): Promise<string> => {
    let text = assets.get(file);
    if (text === undefined) {
      text = await readFile(path.join(webDist, file), 'utf8');
      assets.set(file, text);
    }
    return text;
  };

  return async (html, brand) => {
    const files = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
    if (files.length === 0 || files.some((file) => file.includes('..'))) return null;
    const key = `${brand.orgCode}|${files.join('|')}`;
    let style = styles.get(key);
    if (style === undefined) {
      let sheets: string[];
      try {
        sheets = await Promise.all(files.map(readAsset));
      } catch {
        return null;
      }
      const text = `${sheets.join('\n')}\n${brandColorsCss(brand.colors)}`;
      // The text must not be able to close its own element.
      if (/<\/style/i.test(text)) return null;
      const hash = createHash('sha256').update(text, 'utf8').digest('base64');
      style = { text, cspSource: `'sha256-${hash}'` };
      styles.set(key, style);
    }
    let isFirst = true;
    const inlined = html.replace(STYLESHEET_LINK, (_link, file: string) => {
      // Each inlined stylesheet is still named by a disabled link, which the browser neither
      // fetches nor applies: the app's module loader sees the stylesheet is already in the page
      // when a lazy screen lists it among its dependencies, instead of loading it again and
      // restyling the whole page.
      const marker = `<link rel="stylesheet" href="/${file}" disabled>`;
      if (!isFirst) return marker;
      isFirst = false;
      return `<style>${style.text}</style>${marker}`;
    });
    return { html: inlined, cspSource: style.cspSource };
  };
}
