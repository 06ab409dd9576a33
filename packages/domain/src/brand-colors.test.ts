import { describe, expect, it } from 'vitest';
import { BRAND_COLOR_PROPERTIES, brandColorsCss } from './brand-colors.js';
import { DEFAULT_BRAND_COLORS } from './brand-rules.js';

describe('brandColorsCss', () => {
  it('sets every brand colour property on :root', () => {
    expect(brandColorsCss(DEFAULT_BRAND_COLORS)).toBe(
      ':root{--color-primary:#1d4ed8;--color-primary-contrast:#ffffff;--color-accent:#0f766e;' +
        '--color-background:#f6f7fb;--color-surface:#ffffff;--color-text:#111827;' +
        '--color-muted:#4b5563;}\n',
    );
  });

  it('names one custom property per colour', () => {
    expect(Object.keys(BRAND_COLOR_PROPERTIES).sort()).toEqual(
      Object.keys(DEFAULT_BRAND_COLORS).sort(),
    );
    expect(new Set(Object.values(BRAND_COLOR_PROPERTIES)).size).toBe(7);
  });
});
