import type { TBrand } from '@pledge/contract';

type TColorName = keyof TBrand['colors'];

/** The CSS custom property each brand colour sets; src/styles reads only these. */
export const BRAND_COLOR_PROPERTIES: Record<TColorName, string> = {
  primary: '--color-primary',
  primaryContrast: '--color-primary-contrast',
  accent: '--color-accent',
  background: '--color-background',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
};

/**
 * Sets the brand colours on the root element through the CSSOM, which the content security policy
 * allows (unlike inline style attributes in the HTML).
 */
export function applyBrandColors(
  brand: TBrand,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, property] of Object.entries(BRAND_COLOR_PROPERTIES)) {
    root.style.setProperty(property, brand.colors[name as TColorName]);
  }
}
