import { describe, expect, it } from 'vitest';
import { makeBrand } from '../test/fixtures.js';
import { applyBrandFavicon } from './apply-brand-favicon.js';

function documentWithIcon(): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const link = doc.createElement('link');
  link.rel = 'icon';
  link.href = 'data:,';
  doc.head.append(link);
  return doc;
}

describe('applyBrandFavicon', () => {
  it('points the page icon at the brand’s favicon', () => {
    const doc = documentWithIcon();
    applyBrandFavicon(
      makeBrand({ faviconUrl: '/brand-assets/0b6a4f0e-4f55-4c43-9a3c-2b1f5f3c9a10' }),
      doc,
    );
    const icons = doc.head.querySelectorAll('link[rel="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]?.getAttribute('href')).toBe(
      '/brand-assets/0b6a4f0e-4f55-4c43-9a3c-2b1f5f3c9a10',
    );
  });

  it('leaves the page icon alone for a brand without one', () => {
    const doc = documentWithIcon();
    applyBrandFavicon(makeBrand(), doc);
    expect(doc.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('data:,');
  });
});
