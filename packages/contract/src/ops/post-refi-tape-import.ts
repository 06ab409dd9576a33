import { z } from 'zod/mini';
import { REFI_TAPE_MAX_BYTES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { OPS } from './ops-base.js';
import { ZRefiTapeSummary } from './refi-tape-csv.js';

export const ZPostRefiTapeImportResponse = z.object({
  summary: ZRefiTapeSummary,
  /** True when this exact file was imported before: nothing changed. */
  alreadyImported: z.boolean(),
});
export type TPostRefiTapeImportResponse = z.infer<typeof ZPostRefiTapeImportResponse>;

/**
 * Proposes applying a tape, all or nothing: any bad row answers 400 (code REFI_TAPE_INVALID,
 * fieldErrors keyed `line.<n>`) and nothing is proposed. A different agent approves; the tape is
 * checked again then and applied in that transaction. The same file again, or a row identical to
 * the stored one, changes nothing. Audited.
 */
export const postRefiTapeImport = defineEndpoint({
  method: 'POST',
  path: `${OPS}/refi/tape/import`,
  auth: 'agent',
  summary: 'Propose importing a legacy loan tape (text/csv body), all or nothing',
  maxBodyBytes: REFI_TAPE_MAX_BYTES,
  response: ZControlledAction,
  status: 202,
  control: 'TAPE_IMPORT',
});
