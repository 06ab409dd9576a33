import { z } from 'zod/mini';
import { ZIsoDateTime } from '../wire.js';

/** Document (both documents §3): a disclosure or agreement the borrower reads and signs. */
export const ZDocument = z.object({
  uuid: z.uuid(),
  /** Machine name of the document kind (for example `LOAN_AGREEMENT`). */
  type: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  signed: z.boolean(),
  signedAt: z.nullable(ZIsoDateTime),
});
export type TDocument = z.infer<typeof ZDocument>;
