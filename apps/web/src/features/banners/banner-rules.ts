import type { TBanner } from '@pledge/contract';

/** When each banner was dismissed in this browser: banner uuid → milliseconds since 1970. */
export type TBannerDismissals = Readonly<Record<string, number>>;

/**
 * Whether the visitor dismissed this banner since it last changed: a banner edited after its
 * dismissal is news again. Only a dismissable banner can be dismissed.
 */
export function isBannerDismissed(banner: TBanner, dismissals: TBannerDismissals): boolean {
  const dismissedAt = dismissals[banner.uuid];
  return (
    banner.dismissable &&
    dismissedAt !== undefined &&
    dismissedAt >= Date.parse(banner.metadata.updatedAt)
  );
}

/**
 * The banners to show in one place (document 2 §4, §9): active ones meant for this app and not
 * dismissed, newest first, at most `max`.
 */
export function bannersToShow(
  banners: readonly TBanner[],
  options: { app: string; dismissals: TBannerDismissals; max: number },
): TBanner[] {
  return banners
    .filter((banner) => banner.active && banner.apps.includes(options.app))
    .filter((banner) => !isBannerDismissed(banner, options.dismissals))
    .sort(
      (a, b) =>
        Date.parse(b.metadata.createdAt) - Date.parse(a.metadata.createdAt) ||
        a.uuid.localeCompare(b.uuid),
    )
    .slice(0, options.max);
}
