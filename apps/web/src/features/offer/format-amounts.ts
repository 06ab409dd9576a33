/**
 * Amounts and quote times as the offer page shows them, in whole-number arithmetic only: the page's
 * first code does not load the exact-decimal arithmetic that rates and LTVs are shown with
 * (format.ts).
 */
import { formatUsd, usdToCents } from '@pledge/domain';
import { dateTimeFormatOnFirstUse } from '../../ui/date-time-format.js';

/** Wire dollars as shown: always 2 decimals (document 2 §9), "$20,000.00". */
export function formatDollars(usd: number): string {
  return formatUsd(usdToCents(usd));
}

// The offer page shows no time until the first price has arrived.
const quoteTimeText = dateTimeFormatOnFirstUse({
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** The time of a price quote ("3:04 PM EDT"); the date is left out, quotes are minutes old. */
export function formatQuoteTime(isoDateTime: string): string {
  return quoteTimeText(new Date(isoDateTime));
}
