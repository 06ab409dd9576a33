import { z } from 'zod';

export const ZOpsBannerParams = z.object({ bannerUuid: z.uuid() });
