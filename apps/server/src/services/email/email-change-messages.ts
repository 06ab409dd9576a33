import type { TEmailMessage } from '../../adapters/email/port.js';
import { EMAIL_CHANGE_CODE_TTL_MS, EMAIL_CHANGE_UNDO_TTL_MS } from '../identity/sign-in-limits.js';

import {
  brandSignature,
  oneTimeCodeMessage,
  type TCodeMessageInput,
  type TMessageBrand,
} from './brand-message.js';

/** To the new address: the code that confirms it as the sign-in address. Code not in the subject. */
export function emailChangeCodeMessage(input: TCodeMessageInput): TEmailMessage {
  const { companyName } = input.brand;
  return oneTimeCodeMessage(input, {
    ttlMs: EMAIL_CHANGE_CODE_TTL_MS,
    subject: `Confirm your new ${companyName} sign-in address`,
    purpose: `Your code to make this address your ${companyName} sign-in address is ${input.code}.`,
    ifNotAsked:
      'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
  });
}

/** To the old address: the sign-in address changed, and how to undo it. */
export function emailChangedMessage(input: {
  to: string;
  newEmail: string;
  undoUrl: string;
  brand: TMessageBrand;
}): TEmailMessage {
  const { brand } = input;
  const days = Math.round(EMAIL_CHANGE_UNDO_TTL_MS / 86_400_000);
  return {
    to: input.to,
    fromName: brand.companyName,
    subject: `Your ${brand.companyName} sign-in address was changed`,
    text: [
      `The sign-in address of your ${brand.companyName} account was changed from ${input.to} to ${input.newEmail}.`,
      '',
      `If you did not make this change, open this link within ${days} days to restore ${input.to} and sign everyone out of the account:`,
      input.undoUrl,
      '',
      `Then contact us at ${brand.supportEmail} or ${brand.supportPhone}.`,
      '',
      brandSignature(brand),
    ].join('\n'),
    // The addresses too: the outbox keeps no address in clear outside the sandbox (outbox-recipient.ts).
    secrets: [input.undoUrl, input.to, input.newEmail],
  };
}
