import type { TSignInAudience } from '@pledge/domain';
import type { TEmailMessage } from '../../adapters/email/port.js';
import { OTP_CODE_TTL_MS } from '../identity/sign-in-limits.js';
import { oneTimeCodeMessage, type TCodeMessageInput } from './brand-message.js';

/** The e-mail carrying a sign-in code, in the brand's name. The code stays out of the subject. */
export function signInCodeMessage(
  input: TCodeMessageInput & { audience: TSignInAudience },
): TEmailMessage {
  const { companyName } = input.brand;
  const what = input.audience === 'agent' ? `${companyName} agent console` : companyName;
  return oneTimeCodeMessage(input, {
    ttlMs: OTP_CODE_TTL_MS,
    subject: `Your ${companyName} sign-in code`,
    purpose: `Your ${what} sign-in code is ${input.code}.`,
    ifNotAsked:
      'If you did not try to sign in, you can ignore this e-mail; nobody can sign in without the code.',
  });
}
