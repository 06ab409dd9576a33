import { z } from 'zod/mini';
import { REFI_TAPE_MAX_BYTES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { OPS } from './ops-base.js';
import { ZRefiTapeRowError, ZRefiTapeSummary } from './refi-tape-csv.js';

export const ZPostRefiTapePreviewResponse = z.object({
  /** Every bad row, by line number; nothing is applied while there is one. */
  errors: z.array(ZRefiTapeRowError),
  summary: ZRefiTapeSummary,
});
export type TPostRefiTapePreviewResponse = z.infer<typeof ZPostRefiTapePreviewResponse>;

/** Reads and checks a tape row by row and says what applying it would change; changes nothing. */
export const postRefiTapePreview = defineEndpoint({
  method: 'POST',
  path: `${OPS}/refi/tape/preview`,
  auth: 'agent',
  summary: 'Check a legacy loan tape (text/csv body) and preview its changes; nothing is applied',
  maxBodyBytes: REFI_TAPE_MAX_BYTES,
  response: ZPostRefiTapePreviewResponse,
});
