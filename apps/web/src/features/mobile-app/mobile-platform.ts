/** The phone platform a page is viewed on, or null on a desktop (or a platform without an app). */
export type TMobilePlatform = 'ios' | 'android';

export function mobilePlatform(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints,
): TMobilePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac; only the touch screen tells it apart.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}
