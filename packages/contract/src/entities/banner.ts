import { z } from 'zod/mini';
import { BANNER_APPS_MAX_COUNT, BANNER_VARIANTS } from '@pledge/domain';
import { ZIsoDateTime } from '../wire.js';

/** Banner (document 2 §3). */
export const ZBanner = z.object({
  uuid: z.uuid(),
  message: z.string().check(z.minLength(1), z.maxLength(500)),
  /** The apps the banner shows in (for example `crypto-backed-loan`). */
  apps: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.maxLength(BANNER_APPS_MAX_COUNT, `Give at most ${BANNER_APPS_MAX_COUNT} apps`)),
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
export const ZBannerInput = z.pick(ZBanner, {
  message: true,
  apps: true,
  variant: true,
  active: true,
  dismissable: true,
});
export type TBannerInput = z.infer<typeof ZBannerInput>;
