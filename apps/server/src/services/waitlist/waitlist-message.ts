import type { TEmailMessage } from '../../adapters/email/port.js';
import { brandSignature, type TMessageBrand } from '../email/brand-message.js';

/** The confirmation of a waitlist sign-up, in the brand's name. */
export function waitlistConfirmationMessage(input: {
  to: string;
  stateName: string;
  brand: TMessageBrand;
}): TEmailMessage {
  const { brand, stateName } = input;
  return {
    to: input.to,
    fromName: brand.companyName,
    subject: `You're on the ${brand.companyName} waitlist for ${stateName}`,
    text: [
      `Thank you for your interest in ${brand.companyName}.`,
      '',
      `Crypto-backed loans from ${brand.companyName} are not yet offered in ${stateName}. You are on the waitlist, and we will e-mail you as soon as they are.`,
      '',
      'If you did not ask to join the waitlist, you can ignore this e-mail.',
      '',
      brandSignature(brand),
    ].join('\n'),
  };
}
