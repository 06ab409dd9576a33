/**
 * Refinancing forms (document 2 §5 and §8): choosing a loan and a rate, the stabilization opt-in,
 * and the legacy loan-ID lookup.
 */
import { z } from 'zod/mini';
import { CELSIUS_LOAN_ID_MAX_LENGTH } from '../constants/limits.js';

export const REFI_FORM_MESSAGES = {
  loanRequired: 'Please select a loan',
  rateRequired: 'Please select a rate',
  loanIdRequired: 'Please enter a Celsius Loan ID',
} as const;

export const NO_ELIGIBLE_LOANS_MESSAGE = 'You have no eligible loans';

export const ZRefiOfferForm = z.object({
  applicationUuid: z
    .string({ error: REFI_FORM_MESSAGES.loanRequired })
    .check(z.trim(), z.minLength(1, { error: REFI_FORM_MESSAGES.loanRequired })),
  offerUuid: z
    .string({ error: REFI_FORM_MESSAGES.rateRequired })
    .check(z.trim(), z.minLength(1, { error: REFI_FORM_MESSAGES.rateRequired })),
  stabilization: z._default(z.boolean(), false),
});
export type TRefiOfferForm = z.infer<typeof ZRefiOfferForm>;

export const ZCelsiusLoanIdForm = z.object({
  celsiusLoanId: z
    .string({ error: REFI_FORM_MESSAGES.loanIdRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: REFI_FORM_MESSAGES.loanIdRequired }),
      z.maxLength(
        CELSIUS_LOAN_ID_MAX_LENGTH,
        `Use ${CELSIUS_LOAN_ID_MAX_LENGTH} characters or fewer`,
      ),
    ),
});
export type TCelsiusLoanIdForm = z.infer<typeof ZCelsiusLoanIdForm>;

/**
 * The lookup's error alert (document 2 §8): the unique messages, in order, joined by commas and
 * ending with a period.
 */
export function formatLoanLookupErrors(messages: readonly string[]): string {
  const unique = [...new Set(messages.map((message) => message.trim().replace(/\.+$/, '')))].filter(
    (message) => message !== '',
  );
  return unique.length === 0 ? '' : `${unique.join(', ')}.`;
}
