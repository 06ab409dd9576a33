import { formatUsd, usdToCents } from '../money.js';

/**
 * A loan limit as the offer form's messages and hints show it: whole dollars without cents
 * ("$5,001"), otherwise with them. Apart from the form's schema, for the offer page's first render.
 */
export function formatLoanLimit(usd: number): string {
  const cents = usdToCents(usd);
  return formatUsd(cents, { decimals: cents % 100 === 0 ? 0 : 2 });
}
