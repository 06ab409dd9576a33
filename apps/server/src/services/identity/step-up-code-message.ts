import type { TEmailMessage } from '../../adapters/email/port.js';
import { oneTimeCodeMessage, type TMessageBrand } from '../email/brand-message.js';
import { STEP_UP_CODE_TTL_MS } from './sign-in-limits.js';

/**
 * To the CURRENT sign-in address: the code that proves it is the person asking to change the
 * address. It also warns the owner when someone else holds their session. Code not in the subject.
 */
export function stepUpCodeMessage(input: {
  to: string;
  code: string;
  brand: TMessageBrand;
}): TEmailMessage {
  const { brand, code } = input;
  return oneTimeCodeMessage({
    to: input.to,
    code,
    brand,
    ttlMs: STEP_UP_CODE_TTL_MS,
    subject: `Confirm it is you changing your ${brand.companyName} sign-in address`,
    purpose: `Your code to confirm it is you, before your ${brand.companyName} sign-in address changes, is ${code}.`,
    ifNotAsked:
      'If you did not ask for this, someone may be signed in as you: sign out everywhere from your account page and contact us.',
  });
}
