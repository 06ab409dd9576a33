import { z } from 'zod/mini';
import { REFI_TAPE_COLUMNS } from '@pledge/domain';

/**
 * The tape travels as the request body itself, `Content-Type: text/csv` (UTF-8), at most
 * REFI_TAPE_MAX_BYTES: header `loan_id,borrower_email,collateral_type,collateral_quantity,
 * principal_outstanding_usd,jurisdiction,passport_on_file,custody_arrangement` (REFI_TAPE_COLUMNS),
 * then at most REFI_TAPE_MAX_ROWS loans. Any other content type answers 415.
 */
export const REFI_TAPE_CONTENT_TYPE = 'text/csv';

export const ZRefiTapeRowError = z.object({
  line: z.number().check(z.int(), z.positive()),
  column: z.nullable(z.enum(REFI_TAPE_COLUMNS)),
  message: z.string(),
});
export type TRefiTapeRowError = z.infer<typeof ZRefiTapeRowError>;

/** What applying the file would do (preview) or did (import), loan by loan. */
export const ZRefiTapeSummary = z.object({
  /** SHA-256 of the CSV text, hex. */
  fileSha256: z.string(),
  rowCount: z.number().check(z.int(), z.nonnegative()),
  inserted: z.number().check(z.int(), z.nonnegative()),
  updated: z.number().check(z.int(), z.nonnegative()),
  unchanged: z.number().check(z.int(), z.nonnegative()),
  /** Rows naming a loan already refinanced or under refinancing, which a tape may not change. */
  locked: z.number().check(z.int(), z.nonnegative()),
});
export type TRefiTapeSummary = z.infer<typeof ZRefiTapeSummary>;
