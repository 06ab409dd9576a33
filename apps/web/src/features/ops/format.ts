import type { TCoinAmount } from '@pledge/contract';
import { momentInWords } from '@pledge/domain';

/** Characters of an application id the console shows; the whole id is in the link's title. */
export const SHORT_ID_LENGTH = 8;

/** "5f0c2b9e" of "5f0c2b9e-3d4a-…". */
export function shortId(uuid: string): string {
  return uuid.slice(0, SHORT_ID_LENGTH);
}

/** Agents in different places read one clock: "Jan 2, 2025, 03:04 UTC". */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : momentInWords(new Date(time));
}

/** "0.4 BTC" */
export function formatCoin(amount: TCoinAmount): string {
  return `${amount.coinQuantity} ${amount.type}`;
}

/** "1.2 MB", "830 KB", "512 B" */
export function formatBytes(size: number): string {
  if (size >= 1_000_000) return `${(size / 1_000_000).toFixed(1)} MB`;
  if (size >= 1_000) return `${Math.round(size / 1_000)} KB`;
  return `${size} B`;
}
