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

/** A code that works once within `ttlMs`: what it is for, then what to do if the reader did not ask. */
export function oneTimeCodeMessage(input: {
  to: string;
  code: string;
  brand: TMessageBrand;
  ttlMs: number;
  subject: string;
  /** The first line, naming the code. */
  purpose: string;
  ifNotAsked: string;
}): TEmailMessage {
  const { brand, code } = input;
  const minutes = Math.round(input.ttlMs / 60_000);
  return {
    to: input.to,
    fromName: brand.companyName,
    subject: input.subject,
    text: [
      input.purpose,
      '',
      `It expires in ${minutes} minutes and works once. Never share it: ${brand.companyName} will never ask you for it.`,
      '',
      input.ifNotAsked,
      '',
      brandSignature(brand),
    ].join('\n'),
    secrets: [code],
  };
}
