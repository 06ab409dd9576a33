import type { TEmailMessage } from '../../adapters/email/port.js';
import { oneTimeCodeMessage, type TCodeMessageInput } from '../email/brand-message.js';
import { STEP_UP_CODE_TTL_MS } from './sign-in-limits.js';

/**
 * To the CURRENT sign-in address: the code that proves it is the person asking to change the
 * address. It also warns the owner when someone else holds their session. Code not in the subject.
 */
export function stepUpCodeMessage(input: TCodeMessageInput): TEmailMessage {
  const { companyName } = input.brand;
  return oneTimeCodeMessage(input, {
    ttlMs: STEP_UP_CODE_TTL_MS,
    subject: `Confirm it is you changing your ${companyName} sign-in address`,
    purpose: `Your code to confirm it is you, before your ${companyName} sign-in address changes, is ${input.code}.`,
    ifNotAsked:
      'If you did not ask for this, someone may be signed in as you: sign out everywhere from your account page and contact us.',
  });
}
