import { formatPct, formatRatePct } from '@pledge/domain';

export { formatDollars, formatQuoteTime } from './format-amounts.js';

/** LTVs show 1 or 2 decimals (document 2 §9): two, less a trailing zero ("33.33%", "50.5%"). */
export const LTV_DISPLAY_MAX_DECIMALS = 2;

/** "8.910%" */
export function formatRate(pct: number | string): string {
  return formatRatePct(pct);
}

/** "33.33%", "50.5%", "75.0%" */
export function formatLtv(pct: number | string): string {
  const text = formatPct(pct, LTV_DISPLAY_MAX_DECIMALS);
  return text.replace(/(\.\d)0%$/, '$1%');
}
