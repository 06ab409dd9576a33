import type { TBannerDismissals } from './banner-rules.js';
import { localStore } from '../../api/web-storage.js';

export const BANNER_DISMISSALS_STORAGE_KEY = 'pledge.banners.dismissed';

/** The dismissals remembered in this browser; anything unreadable counts as none. */
export function readBannerDismissals(): TBannerDismissals {
  const text = localStore()?.getItem(BANNER_DISMISSALS_STORAGE_KEY);
  if (text == null) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' && Number.isFinite(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Remembers a dismissal with its time. Dismissals of banners no longer published are dropped, so
 * the record stays as small as the list of banners.
 */
export function rememberBannerDismissal(
  uuid: string,
  publishedUuids: readonly string[],
  at: number = Date.now(),
): TBannerDismissals {
  const kept = Object.entries(readBannerDismissals()).filter(([known]) =>
    publishedUuids.includes(known),
  );
  const next = { ...Object.fromEntries(kept), [uuid]: at };
  try {
    localStore()?.setItem(BANNER_DISMISSALS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not remembered: the banner returns on the next page load.
  }
  return next;
}
