import { describe, expect, it } from 'vitest';
import { applyBrandColors, BRAND_COLOR_PROPERTIES } from './apply-brand-colors.js';
import { makeBrand } from '../test/fixtures.js';

describe('applyBrandColors', () => {
  it('sets every brand colour as a CSS variable on the root element', () => {
    const root = document.createElement('html');
    const brand = makeBrand({
      colors: {
        primary: '#0a3d62',
        primaryContrast: '#ffffff',
        accent: '#e58e26',
        background: '#f5f6fa',
        surface: '#ffffff',
        text: '#1e272e',
        muted: '#57606f',
      },
    });
    applyBrandColors(brand, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#0a3d62');
    expect(root.style.getPropertyValue('--color-primary-contrast')).toBe('#ffffff');
    expect(root.style.getPropertyValue('--color-accent')).toBe('#e58e26');
    expect(root.style.getPropertyValue('--color-muted')).toBe('#57606f');
    for (const property of Object.values(BRAND_COLOR_PROPERTIES)) {
      expect(root.style.getPropertyValue(property)).not.toBe('');
    }
  });
});
