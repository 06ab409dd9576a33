import type { TBrandColorSet } from '../brand-rules.js';

/** The demo brand's colours: every text pair passes the contrast rule. */
export const DEMO_BRAND_COLORS: TBrandColorSet = {
  primary: '#1d4ed8',
  primaryContrast: '#ffffff',
  accent: '#0f766e',
  background: '#f6f7fb',
  surface: '#ffffff',
  text: '#111827',
  muted: '#4b5563',
};
