import type { TBrand } from '@pledge/contract';

/**
 * Points the page's icon at the brand's favicon (uploaded in the brand console), when it has one;
 * otherwise the page keeps the icon of index.html.
 */
export function applyBrandFavicon(brand: TBrand, doc: Document = document): void {
  if (brand.faviconUrl === undefined) return;
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  link.href = brand.faviconUrl;
}
