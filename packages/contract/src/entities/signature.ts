import { z } from 'zod/mini';
import { APPLICATION_STATES, STAGES } from '@pledge/domain';
import { ZDocument } from './document.js';

/** The answer to signing one document: the signed record and what is left to sign. */
export const ZSignDocumentResult = z.object({
  document: ZDocument,
  unsignedRemaining: z.number().check(z.int(), z.nonnegative()),
  /** The application after the signature; the last one moves it on. */
  state: z.enum(APPLICATION_STATES),
  stage: z.enum(STAGES),
});
export type TSignDocumentResult = z.infer<typeof ZSignDocumentResult>;
