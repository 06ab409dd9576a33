import type { TSignInAudience } from '@pledge/domain';
import type { TEmailMessage } from '../../adapters/email/port.js';
import { OTP_CODE_TTL_MS } from '../identity/sign-in-limits.js';
import { oneTimeCodeMessage, type TMessageBrand } from './brand-message.js';

/** The e-mail carrying a sign-in code, in the brand's name. The code stays out of the subject. */
export function signInCodeMessage(input: {
  to: string;
  code: string;
  brand: TMessageBrand;
  audience: TSignInAudience;
}): TEmailMessage {
  const { brand, code } = input;
  const what =
    input.audience === 'agent' ? `${brand.companyName} agent console` : brand.companyName;
  return oneTimeCodeMessage({
    to: input.to,
    code,
    brand,
    ttlMs: OTP_CODE_TTL_MS,
    subject: `Your ${brand.companyName} sign-in code`,
    purpose: `Your ${what} sign-in code is ${code}.`,
    ifNotAsked:
      'If you did not try to sign in, you can ignore this e-mail; nobody can sign in without the code.',
  });
}
