import {
  dayInWords,
  formatPct,
  formatUsd,
  RATE_DISPLAY_DECIMALS,
  usdToCents,
} from '@pledge/domain';

/** A wire amount of dollars for display ("$20,000.00"). */
export function displayUsd(usd: number): string {
  return formatUsd(usdToCents(usd));
}

export function displayRate(pct: number): string {
  return formatPct(pct, RATE_DISPLAY_DECIMALS);
}

/** A date or date-time of the wire as a calendar date ("Mar 4, 2025"). */
export function displayDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dayInWords(new Date(time));
}
