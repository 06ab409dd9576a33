/**
 * A brand's colours reach the page as CSS custom properties; the stylesheets read only these. The
 * server sends them as a small stylesheet with every page (so server-rendered HTML is in the
 * brand's colours before any script runs) and the web app sets the same properties at start.
 */
export const BRAND_COLOR_PROPERTIES = {
  primary: '--color-primary',
  primaryContrast: '--color-primary-contrast',
  accent: '--color-accent',
  background: '--color-background',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
} as const;

export type TBrandColorName = keyof typeof BRAND_COLOR_PROPERTIES;

/** `:root{--color-primary:#1d4ed8;…}` for colours the brand schema has already checked. */
export function brandColorsCss(colors: Readonly<Record<TBrandColorName, string>>): string {
  const declarations = Object.entries(BRAND_COLOR_PROPERTIES)
    .map(([name, property]) => `${property}:${colors[name as TBrandColorName]};`)
    .join('');
  return `:root{${declarations}}\n`;
}
