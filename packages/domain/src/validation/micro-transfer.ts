/**
 * The USDC micro-transfer confirmation (document 1 §5): the borrower ticks that the test transfer
 * arrived before confirming it.
 */
import { z } from 'zod/mini';

export const MICRO_TRANSFER_MESSAGES = { required: 'Required' } as const;

export const ZMicroTransferConfirmation = z.object({
  confirmed: z.literal(true, { error: MICRO_TRANSFER_MESSAGES.required }),
});
export type TMicroTransferConfirmation = z.infer<typeof ZMicroTransferConfirmation>;
