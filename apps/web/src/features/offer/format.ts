import { formatPct, formatRatePct, formatUsd, usdToCents } from '@pledge/domain';

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

/** Wire dollars as shown: always 2 decimals (document 2 §9), "$20,000.00". */
export function formatDollars(usd: number): string {
  return formatUsd(usdToCents(usd));
}

// Made on first use, not when the module loads: the first `Intl` object a page creates loads the
// browser's locale data, and the offer page shows no time until the first price has arrived.
let timeFormat: Intl.DateTimeFormat | undefined;

/** The time of a price quote ("3:04 PM EDT"); the date is left out, quotes are minutes old. */
export function formatQuoteTime(isoDateTime: string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return timeFormat.format(new Date(isoDateTime));
}
