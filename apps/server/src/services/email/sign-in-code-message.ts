import type { TBrand } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import type { TEmailMessage } from '../../adapters/email/port.js';
import { OTP_CODE_TTL_MS } from '../identity/sign-in-limits.js';

/** The e-mail carrying a sign-in code, in the brand's name. The code stays out of the subject. */
export function signInCodeMessage(input: {
  to: string;
  code: string;
  brand: Pick<TBrand, 'companyName' | 'supportEmail' | 'supportPhone'>;
  audience: TSignInAudience;
}): TEmailMessage {
  const { brand, code } = input;
  const minutes = Math.round(OTP_CODE_TTL_MS / 60_000);
  const what =
    input.audience === 'agent' ? `${brand.companyName} agent console` : brand.companyName;
  return {
    to: input.to,
    fromName: brand.companyName,
    subject: `Your ${brand.companyName} sign-in code`,
    text: [
      `Your ${what} sign-in code is ${code}.`,
      '',
      `It expires in ${minutes} minutes and works once. Never share it: ${brand.companyName} will never ask you for it.`,
      '',
      'If you did not try to sign in, you can ignore this e-mail; nobody can sign in without the code.',
      '',
      `${brand.companyName} · ${brand.supportEmail} · ${brand.supportPhone}`,
    ].join('\n'),
    secrets: [code],
  };
}
