import { describe, expect, it, vi } from 'vitest';
import { brandFor } from '../brands/brands.js';
import { pageEncodingFor } from './page-encoding.js';
import { cachedRender, RENDERED_PAGE_TTL_MS, RENDERED_PAGES_KEPT } from './page-renderer.js';
import { withStyleSource } from './page-styles.js';

describe('pageEncodingFor', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['identity', null],
    ['', null],
    [undefined, null],
  ] as const)('%o → %o', (header, encoding) => {
    expect(pageEncodingFor(header)).toBe(encoding);
  });
});

describe('withStyleSource', () => {
  it('adds the source to style-src only', () => {
    expect(
      withStyleSource("default-src 'self';style-src 'self';img-src 'self'", "'sha256-abc='"),
    ).toBe("default-src 'self';style-src 'self' 'sha256-abc=';img-src 'self'");
  });

  it('leaves a policy without style-src as it was', () => {
    expect(withStyleSource("default-src 'self'", "'sha256-abc='")).toBe("default-src 'self'");
  });
});

describe('cachedRender', () => {
  const brand = brandFor('default', true);

  it('renders a page once and answers again from what it kept', async () => {
    const render = vi.fn(async (url: string) => `<p>${url}</p>`);
    const renderPage = cachedRender(render, () => 0);
    expect(await renderPage('/a', brand)).toBe('<p>/a</p>');
    expect(await renderPage('/a', brand)).toBe('<p>/a</p>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps pages apart by brand and address, and keeps a null answer too', async () => {
    const render = vi.fn(async (url: string, { orgCode }: { orgCode: string }) =>
      url === '/none' ? null : `${orgCode}${url}`,
    );
    const renderPage = cachedRender(render, () => 0);
    expect(await renderPage('/a', brandFor('partner', true))).toBe('partner/a');
    expect(await renderPage('/a', brand)).toBe('default/a');
    expect(await renderPage('/none', brand)).toBeNull();
    expect(await renderPage('/none', brand)).toBeNull();
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('renders again once a kept page is older than its time to live', async () => {
    let now = 0;
    const render = vi.fn(async () => `<p>${now}</p>`);
    const renderPage = cachedRender(render, () => now);
    await renderPage('/a', brand);
    now = RENDERED_PAGE_TTL_MS - 1;
    expect(await renderPage('/a', brand)).toBe('<p>0</p>');
    now = RENDERED_PAGE_TTL_MS;
    expect(await renderPage('/a', brand)).toBe(`<p>${RENDERED_PAGE_TTL_MS}</p>`);
  });

  it('drops the least recently used page beyond its limit', async () => {
    const render = vi.fn(async (url: string) => url);
    const renderPage = cachedRender(render, () => 0);
    for (let index = 0; index < RENDERED_PAGES_KEPT; index += 1) {
      await renderPage(`/${index}`, brand);
    }
    await renderPage('/0', brand); // used again: now the most recent
    await renderPage('/new', brand); // drops /1
    render.mockClear();
    await renderPage('/0', brand);
    expect(render).not.toHaveBeenCalled();
    await renderPage('/1', brand);
    expect(render).toHaveBeenCalledWith('/1', brand);
  });
});
