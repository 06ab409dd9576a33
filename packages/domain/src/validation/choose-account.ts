/**
 * Choosing a linked bank account for the disbursement (document 1 §5).
 */
import { z } from 'zod/mini';

export const CHOOSE_ACCOUNT_MESSAGES = {
  required: 'Please select an account.',
  /** The page states that Continue authorises the payout to the chosen account. */
  authorization:
    'By pressing Continue, you authorize the disbursement of your loan funds to the selected account.',
} as const;

export const ZChooseAccountForm = z.object({
  plaidAccountId: z
    .string({ error: CHOOSE_ACCOUNT_MESSAGES.required })
    .check(z.trim(), z.minLength(1, { error: CHOOSE_ACCOUNT_MESSAGES.required })),
});
export type TChooseAccountForm = z.infer<typeof ZChooseAccountForm>;
