import { z } from 'zod/mini';

export const ZOpsBannerParams = z.object({ bannerUuid: z.uuid() });
