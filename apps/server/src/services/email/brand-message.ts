/**
 * What the e-mails in the brand's name share: the brand facts they sign with, the signature line,
 * and the shape of a message carrying a one-time code (the code stays out of the subject and is a
 * secret of the outbox).
 */
import type { TBrand } from '@pledge/contract';
import type { TEmailMessage } from '../../adapters/email/port.js';

export type TMessageBrand = Pick<TBrand, 'companyName' | 'supportEmail' | 'supportPhone'>;

export function brandSignature(brand: TMessageBrand): string {
  return `${brand.companyName} · ${brand.supportEmail} · ${brand.supportPhone}`;
}

/** Whom a one-time code goes to, the code, and the brand it is sent in the name of. */
export interface TCodeMessageInput {
  to: string;
  code: string;
  brand: TMessageBrand;
}

/** A code that works once within `ttlMs`: what it is for, then what to do if the reader did not ask. */
export function oneTimeCodeMessage(
  { to, code, brand }: TCodeMessageInput,
  words: {
    ttlMs: number;
    subject: string;
    /** The first line, naming the code. */
    purpose: string;
    ifNotAsked: string;
  },
): TEmailMessage {
  const minutes = Math.round(words.ttlMs / 60_000);
  return {
    to,
    fromName: brand.companyName,
    subject: words.subject,
    text: [
      words.purpose,
      '',
      `It expires in ${minutes} minutes and works once. Never share it: ${brand.companyName} will never ask you for it.`,
      '',
      words.ifNotAsked,
      '',
      brandSignature(brand),
    ].join('\n'),
    secrets: [code],
  };
}
