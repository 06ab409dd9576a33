import type { TBanner } from '@pledge/contract';
import { BANNER_VARIANTS, type TBannerVariant } from '@pledge/domain';
import type { banners } from '../../db/schema/index.js';

type TBannerRow = typeof banners.$inferSelect;

export const BANNER_AUDIT_ENTITY = 'banner';

function isBannerVariant(value: string): value is TBannerVariant {
  return (BANNER_VARIANTS as readonly string[]).includes(value);
}

/** A stored banner in the shape of document 2 §3. */
export function toBanner(row: TBannerRow): TBanner {
  // The table's CHECK constraint keeps the variant to the known ones.
  if (!isBannerVariant(row.variant))
    throw new Error(`Banner ${row.uuid} has variant ${row.variant}`);
  return {
    uuid: row.uuid,
    message: row.message,
    apps: row.apps,
    variant: row.variant,
    active: row.active,
    dismissable: row.dismissable,
    metadata: { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() },
  };
}

/** The audit trail's state of a banner. */
export const bannerState = (row: Pick<TBannerRow, 'active'>) =>
  row.active ? 'ACTIVE' : 'INACTIVE';
