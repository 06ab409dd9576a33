/**
 * Manual bank details for the ACH disbursement (document 1 §5 and §8).
 */
import { z } from 'zod/mini';
import {
  ACCOUNT_NUMBER_MAX_DIGITS,
  ACCOUNT_NUMBER_MIN_DIGITS,
  NAME_MAX_LENGTH,
  ROUTING_NUMBER_DIGITS,
} from '../constants/limits.js';

export const MANUAL_BANK_MESSAGES = {
  routingRequired: 'Please enter a routing number',
  routingInvalid: 'Invalid routing number',
  accountRequired: 'Please enter an account number',
  accountTooShort: `At least ${ACCOUNT_NUMBER_MIN_DIGITS} digits`,
  accountTooLong: `Up to ${ACCOUNT_NUMBER_MAX_DIGITS} digits`,
  accountInvalid: 'Invalid',
  firstNameRequired: 'Please enter the first name.',
  lastNameRequired: 'Please enter the last name.',
  nameTooLong: `Use ${NAME_MAX_LENGTH} characters or fewer`,
} as const;

export const CONFIRM_MODAL_TITLE = 'Please confirm info';
export const MANUAL_BANK_SAVE_FAILED = 'Failed to upload manual bank information.';

/** ABA checksum weights, repeated over the nine digits. */
const ROUTING_WEIGHTS = [3, 7, 1];

/** Nine digits whose 3-7-1 weighted sum is a multiple of 10 (the ABA routing checksum). */
export function isValidRoutingNumber(value: string): boolean {
  if (value.length !== ROUTING_NUMBER_DIGITS || !/^\d+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i += 1) {
    sum += Number(value.charAt(i)) * (ROUTING_WEIGHTS[i % ROUTING_WEIGHTS.length] ?? 0);
  }
  return sum % 10 === 0;
}

const requiredText = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message, abort: true }));

export const ZRoutingNumber = requiredText(MANUAL_BANK_MESSAGES.routingRequired).check(
  z.maxLength(ROUTING_NUMBER_DIGITS, { error: MANUAL_BANK_MESSAGES.routingInvalid, abort: true }),
  z.refine(isValidRoutingNumber, { error: MANUAL_BANK_MESSAGES.routingInvalid }),
);

/** Digits only; the length messages apply to digit strings, anything else is 'Invalid'. */
export const ZAccountNumber = requiredText(MANUAL_BANK_MESSAGES.accountRequired).check(
  z.refine((value) => /^\d+$/.test(value), {
    error: MANUAL_BANK_MESSAGES.accountInvalid,
    abort: true,
  }),
  z.minLength(ACCOUNT_NUMBER_MIN_DIGITS, { error: MANUAL_BANK_MESSAGES.accountTooShort }),
  z.maxLength(ACCOUNT_NUMBER_MAX_DIGITS, { error: MANUAL_BANK_MESSAGES.accountTooLong }),
);

export const ZManualBankForm = z.object({
  routingNumber: ZRoutingNumber,
  accountNumber: ZAccountNumber,
  firstName: requiredText(MANUAL_BANK_MESSAGES.firstNameRequired).check(
    z.maxLength(NAME_MAX_LENGTH, { error: MANUAL_BANK_MESSAGES.nameTooLong }),
  ),
  lastName: requiredText(MANUAL_BANK_MESSAGES.lastNameRequired).check(
    z.maxLength(NAME_MAX_LENGTH, { error: MANUAL_BANK_MESSAGES.nameTooLong }),
  ),
});
export type TManualBankForm = z.infer<typeof ZManualBankForm>;
