/** The e-mails of servicing, in the brand's name. Amounts are dollars with cents. */
import type { TBrand } from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import type { TEmailMessage } from '../../adapters/email/port.js';

type TBrandFacts = Pick<TBrand, 'companyName' | 'supportEmail' | 'supportPhone'>;

const footer = (brand: TBrandFacts) =>
  `${brand.companyName} · ${brand.supportEmail} · ${brand.supportPhone}`;

export function statementMessage(input: {
  to: string;
  brand: TBrandFacts;
  cycleDate: string;
  dueDate: string;
  amountDueCents: number;
  balanceCents: number;
  accruedInterestCents: number;
  ltvPct: string | null;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan statement for ${input.cycleDate} is ready`,
    text: [
      `Your monthly statement dated ${input.cycleDate} is ready on your loan page.`,
      '',
      `Amount due: ${formatUsd(input.amountDueCents)}`,
      `Due date: ${input.dueDate}`,
      `Balance: ${formatUsd(input.balanceCents)}`,
      `Accrued interest: ${formatUsd(input.accruedInterestCents)}`,
      `Loan-to-value: ${input.ltvPct === null ? 'unavailable' : `${input.ltvPct}%`}`,
      '',
      footer(input.brand),
    ].join('\n'),
  };
}

export function paymentReturnedMessage(input: {
  to: string;
  brand: TBrandFacts;
  amountCents: number;
  reason: string;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: 'Your loan payment was returned',
    text: [
      `Your payment of ${formatUsd(input.amountCents)} was returned by your bank: ${input.reason}.`,
      'The amount is owed again. Make the payment again from your loan page, or contact us.',
      '',
      footer(input.brand),
    ].join('\n'),
  };
}

export function maturityReminderMessage(input: {
  to: string;
  brand: TBrandFacts;
  daysBefore: number;
  maturityDate: string;
  balanceCents: number;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan matures in ${input.daysBefore} days`,
    text: [
      `Your loan matures on ${input.maturityDate}. The balance is ${formatUsd(input.balanceCents)}.`,
      '',
      'Your options:',
      '- Renew the loan for another 12 months on your collateral, from your loan page.',
      '- Pay it off: request a payoff quote on your loan page; there is no prepayment penalty.',
      '',
      footer(input.brand),
    ].join('\n'),
  };
}

export function loanMaturedMessage(input: {
  to: string;
  brand: TBrandFacts;
  maturityDate: string;
  amountDueCents: number;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: 'Your loan has matured',
    text: [
      `Your loan matured on ${input.maturityDate}. ${formatUsd(input.amountDueCents)} is now due.`,
      'Pay it off from your loan page to have your collateral returned.',
      '',
      footer(input.brand),
    ].join('\n'),
  };
}
