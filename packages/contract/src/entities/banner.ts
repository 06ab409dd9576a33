import { z } from 'zod';
import { BANNER_VARIANTS } from '@pledge/domain';
import { ZIsoDateTime } from '../wire.js';

/** Banner (document 2 §3). */
export const ZBanner = z.object({
  uuid: z.uuid(),
  message: z.string().min(1).max(500),
  /** The apps the banner shows in (for example `crypto-backed-loan`). */
  apps: z.array(z.string().min(1).max(64)),
  variant: z.enum(BANNER_VARIANTS),
  active: z.boolean(),
  dismissable: z.boolean(),
  metadata: z.object({
    createdAt: ZIsoDateTime,
    updatedAt: ZIsoDateTime,
  }),
});
export type TBanner = z.infer<typeof ZBanner>;

/** What an agent writes when creating or replacing a banner. */
export const ZBannerInput = ZBanner.pick({
  message: true,
  apps: true,
  variant: true,
  active: true,
  dismissable: true,
});
export type TBannerInput = z.infer<typeof ZBannerInput>;
