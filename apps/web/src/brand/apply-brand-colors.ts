import type { TBrand } from '@pledge/contract';
import { BRAND_COLOR_PROPERTIES, type TBrandColorName } from '@pledge/domain';

export { BRAND_COLOR_PROPERTIES };

/**
 * Sets the brand colours on the root element through the CSSOM, which the content security policy
 * allows (unlike inline style attributes in the HTML). Pages the server sends already have them from
 * the brand's stylesheet; this covers the app wherever it runs without that stylesheet.
 */
export function applyBrandColors(
  brand: TBrand,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, property] of Object.entries(BRAND_COLOR_PROPERTIES)) {
    root.style.setProperty(property, brand.colors[name as TBrandColorName]);
  }
}
