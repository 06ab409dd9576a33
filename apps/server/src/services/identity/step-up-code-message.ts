import type { TBrand } from '@pledge/contract';
import type { TEmailMessage } from '../../adapters/email/port.js';
import { STEP_UP_CODE_TTL_MS } from './sign-in-limits.js';

type TMessageBrand = Pick<TBrand, 'companyName' | 'supportEmail' | 'supportPhone'>;

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
  const minutes = Math.round(STEP_UP_CODE_TTL_MS / 60_000);
  return {
    to: input.to,
    fromName: brand.companyName,
    subject: `Confirm it is you changing your ${brand.companyName} sign-in address`,
    text: [
      `Your code to confirm it is you, before your ${brand.companyName} sign-in address changes, is ${code}.`,
      '',
      `It expires in ${minutes} minutes and works once. Never share it: ${brand.companyName} will never ask you for it.`,
      '',
      'If you did not ask for this, someone may be signed in as you: sign out everywhere from your account page and contact us.',
      '',
      `${brand.companyName} · ${brand.supportEmail} · ${brand.supportPhone}`,
    ].join('\n'),
    secrets: [code],
  };
}
