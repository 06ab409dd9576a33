/**
 * The e-mails of servicing, in the brand's name. Amounts are dollars with cents; days and moments
 * are in words ("Dec 3, 2026", "Dec 3, 2026, 14:00 UTC"), never ISO timestamps.
 */
import { dayInWords, formatUsd, momentInWords } from '@pledge/domain';
import type { TEmailMessage } from '../../adapters/email/port.js';
import { brandSignature, type TMessageBrand } from '../email/brand-message.js';

export function statementMessage(input: {
  to: string;
  brand: TMessageBrand;
  cycleDate: string;
  dueDate: string;
  amountDueCents: number;
  /** The part of the amount due that was due on an earlier statement, since its oldest date. */
  pastDue?: { cents: number; since: string | null };
  balanceCents: number;
  accruedInterestCents: number;
  ltvPct: string | null;
}): TEmailMessage {
  const pastDue = input.pastDue !== undefined && input.pastDue.cents > 0 ? input.pastDue : null;
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan statement for ${dayInWords(input.cycleDate)} is ready`,
    text: [
      `Your monthly statement dated ${dayInWords(input.cycleDate)} is ready on your loan page.`,
      '',
      ...(pastDue === null
        ? [
            `Amount due: ${formatUsd(input.amountDueCents)}`,
            `Due date: ${dayInWords(input.dueDate)}`,
          ]
        : [
            `Past due: ${formatUsd(pastDue.cents)}${pastDue.since === null ? '' : `, due since ${dayInWords(pastDue.since)}`}. Please pay it now.`,
            `This statement's payment: ${formatUsd(input.amountDueCents - pastDue.cents)}, due ${dayInWords(input.dueDate)}`,
            `Amount due in all: ${formatUsd(input.amountDueCents)}`,
          ]),
      `Balance: ${formatUsd(input.balanceCents)}`,
      `Accrued interest: ${formatUsd(input.accruedInterestCents)}`,
      `Loan-to-value: ${input.ltvPct === null ? 'unavailable' : `${input.ltvPct}%`}`,
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

/**
 * A past-due notice (1, 10 and 30 days after an instalment's due date, before maturity): what is
 * past due, since when and for how many days, and everything asked by the next due date.
 */
export function pastDueNoticeMessage(input: {
  to: string;
  brand: TMessageBrand;
  daysPastDue: number;
  pastDueCents: number;
  pastDueSince: string;
  amountDueCents: number;
  nextDueDate: string;
}): TEmailMessage {
  const days = `${input.daysPastDue} day${input.daysPastDue === 1 ? '' : 's'}`;
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan payment is ${days} past due`,
    text: [
      `${formatUsd(input.pastDueCents)} of your loan payments was due on ${dayInWords(input.pastDueSince)} and is still unpaid: it is ${days} past due.`,
      `Please pay it now from your loan page. With the next payment, ${formatUsd(input.amountDueCents)} is due by ${dayInWords(input.nextDueDate)}.`,
      'If you have already paid, thank you: a payment can take a few days to reach us.',
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

type TReturnedInput = { to: string; brand: TMessageBrand; amountCents: number; reason: string };

/** The borrower's notice of a debit their bank returned: what came back and why, then what now. */
function returnedMessage(
  input: TReturnedInput,
  what: 'payment' | 'payoff',
  next: readonly string[],
): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan ${what} was returned`,
    text: [
      `Your ${what} of ${formatUsd(input.amountCents)} was returned by your bank: ${input.reason}.`,
      ...next,
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

/** The borrower's notice of a returned payoff: the loan is open again, the collateral stays. */
export function payoffReturnedMessage(input: TReturnedInput): TEmailMessage {
  return returnedMessage(input, 'payoff', [
    'Your loan is open again and owes its balance; its collateral stays pledged and any release',
    'request was cancelled. Pay it off again from your loan page (a wire is not returned), or',
    'contact us.',
  ]);
}

/**
 * The borrower's notice of a payment their bank returned after the payoff that counted it: the
 * loan is open again for what came back, the collateral stays.
 */
export function paidOffPaymentReturnedMessage(
  input: TReturnedInput & { owedCents: number },
): TEmailMessage {
  return returnedMessage(input, 'payment', [
    `Your payoff counted this payment, so your loan is open again and owes ${formatUsd(input.owedCents)}`,
    '(interest runs on it again); its collateral stays pledged and any release request was',
    'cancelled. Pay it from your loan page (a wire is not returned), or contact us.',
  ]);
}

/**
 * The agents' notice of a debit the bank returned after the loan's payoff: the loan is open again
 * and owes it, and any release of its collateral was cancelled, one due already named so that
 * custody is asked whether it went out.
 */
export function returnAfterPayoffAgentMessage(input: {
  to: string;
  brand: TMessageBrand;
  loanUuid: string;
  paymentUuid: string;
  isPayoff: boolean;
  amountCents: number;
  reason: string;
  reopened: {
    status: string;
    owedCents: number;
    cancelledReleases: readonly { id: string; address: string; scheduledFor: Date }[];
  };
  at: Date;
}): TEmailMessage {
  const what = input.isPayoff ? 'The payoff debit' : 'A payment debit';
  const releases = input.reopened.cancelledReleases.map((release) => {
    const due = release.scheduledFor.getTime() <= input.at.getTime();
    return `- Collateral release ${release.id} to ${release.address}, due ${momentInWords(release.scheduledFor)}, was cancelled.${
      due ? ' It was due before this return: check with custody that it did not go out.' : ''
    }`;
  });
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Loan ${input.loanUuid} reopened: a debit was returned after its payoff`,
    text: [
      `${what} ${input.paymentUuid} of ${formatUsd(input.amountCents)} on loan ${input.loanUuid} was returned by the bank after the loan was paid off: ${input.reason}.`,
      `The loan is ${input.reopened.status} again and owes ${formatUsd(input.reopened.owedCents)}; the borrower was told.`,
      ...(releases.length === 0 ? ['No collateral release was open.'] : releases),
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

export function paymentReturnedMessage(input: TReturnedInput): TEmailMessage {
  return returnedMessage(input, 'payment', [
    'The amount is owed again. Make the payment again from your loan page, or contact us.',
  ]);
}

export function maturityReminderMessage(input: {
  to: string;
  brand: TMessageBrand;
  daysBefore: number;
  maturityDate: string;
  balanceCents: number;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan matures in ${input.daysBefore} days`,
    text: [
      `Your loan matures on ${dayInWords(input.maturityDate)}. The balance is ${formatUsd(input.balanceCents)}.`,
      '',
      'Your options:',
      '- Renew the loan for another 12 months on your collateral, from your loan page.',
      '- Pay it off: request a payoff quote on your loan page; there is no prepayment penalty.',
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

export function loanMaturedMessage(input: {
  to: string;
  brand: TMessageBrand;
  maturityDate: string;
  amountDueCents: number;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: 'Your loan has matured',
    text: [
      `Your loan matured on ${dayInWords(input.maturityDate)}. ${formatUsd(input.amountDueCents)} is now due.`,
      'Pay it off from your loan page to have your collateral returned.',
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

/**
 * A collection notice of a matured loan not repaid (1, 10 and 30 days after maturity): the whole
 * balance is due, what it is today, that interest keeps running on it at the contract rate (no
 * default rate, no late fee), and that the collateral stays pledged under its margin calls.
 */
export function maturedCollectionMessage(input: {
  to: string;
  brand: TMessageBrand;
  maturityDate: string;
  daysPastMaturity: number;
  amountDueCents: number;
  asOf: string;
  interestRate: string;
}): TEmailMessage {
  const days = `${input.daysPastMaturity} day${input.daysPastMaturity === 1 ? '' : 's'}`;
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `Your loan matured ${days} ago and is not repaid`,
    text: [
      `Your loan matured on ${dayInWords(input.maturityDate)} and is not repaid: the whole balance is due now.`,
      `Amount due on ${dayInWords(input.asOf)}: ${formatUsd(input.amountDueCents)}.`,
      `Interest keeps accruing daily on the unpaid balance at your loan's fixed rate of ${input.interestRate} a year until it is repaid; there is no default rate and no late fee.`,
      'Pay it off from your loan page to have your collateral returned. Your collateral stays pledged meanwhile: margin calls and liquidation apply as before maturity.',
      'If you have already paid, thank you: a payment can take a few days to reach us.',
      '',
      brandSignature(input.brand),
    ].join('\n'),
  };
}

/** What a collateral risk notice is about: a level reached, or a margin call cured. */
export type TRiskNoticeKind =
  'WARNING' | 'COURTESY_NOTICE' | 'MARGIN_CALL' | 'LIQUIDATION' | 'CURED';

const RISK_NOTICE_SUBJECTS: Record<TRiskNoticeKind, string> = {
  WARNING: 'Your loan-to-value has reached the warning level',
  COURTESY_NOTICE: 'Courtesy notice: your loan is close to a margin call',
  MARGIN_CALL: 'Margin call: add collateral or pay down your loan',
  LIQUIDATION: 'Your collateral is being liquidated',
  CURED: 'Your loan is back to normal',
};

/**
 * A collateral risk notice with the numbers behind it: the LTV, the coin price it was computed at
 * (and which stored price that was), the level and what to do about it.
 */
export function riskNoticeMessage(input: {
  to: string;
  brand: TMessageBrand;
  notice: TRiskNoticeKind;
  collateralType: string;
  ltvPct: string;
  priceCents: number;
  priceObservationId: number;
  thresholds: {
    warningLtvPct: number;
    courtesyNoticeLtvPct: number;
    marginCallLtvPct: number;
    liquidationLtvPct: number;
  };
  /** Coins to add, and the payment, that bring the LTV back below the warning level. */
  collateralToWarning: string;
  paymentToWarningCents: number;
  depositAddress: string | null;
  cureDeadline: Date | null;
  /** Why a liquidation started (the liquidation LTV, or the cure deadline passed). */
  liquidationReason?: 'LIQUIDATION_LTV' | 'CURE_DEADLINE_PASSED';
}): TEmailMessage {
  const { thresholds } = input;
  const price = `${formatUsd(input.priceCents)} per ${input.collateralType} (price #${input.priceObservationId})`;
  const facts = [
    `Loan-to-value now: ${input.ltvPct}%, at ${price}.`,
    `Levels of your loan: warning ${thresholds.warningLtvPct}%, courtesy notice ${thresholds.courtesyNoticeLtvPct}%, margin call ${thresholds.marginCallLtvPct}%, liquidation ${thresholds.liquidationLtvPct}%.`,
  ];
  const actions = [
    `- Add ${input.collateralToWarning} ${input.collateralType} of collateral${
      input.depositAddress === null ? '' : ` to your deposit address ${input.depositAddress}`
    }, or`,
    `- Pay down ${formatUsd(input.paymentToWarningCents)} from your loan page.`,
    'Either brings your loan-to-value back below the warning level at this price.',
  ];
  let lead: string[];
  switch (input.notice) {
    case 'WARNING':
      lead = [
        `Your loan-to-value has reached the warning level of ${thresholds.warningLtvPct}%. Nothing is due yet, but if the price keeps falling a margin call follows at ${thresholds.marginCallLtvPct}%.`,
      ];
      break;
    case 'COURTESY_NOTICE':
      lead = [
        `Your loan-to-value is within 5% of the margin-call level of ${thresholds.marginCallLtvPct}%. Act now to avoid a margin call.`,
      ];
      break;
    case 'MARGIN_CALL':
      lead = [
        `Your loan-to-value has reached the margin-call level of ${thresholds.marginCallLtvPct}%.`,
        input.cureDeadline === null
          ? 'Bring it back below that level as soon as possible.'
          : `Bring it back below ${thresholds.marginCallLtvPct}% by ${momentInWords(input.cureDeadline)} (48 hours). If it is not, or if it reaches ${thresholds.liquidationLtvPct}%, part of your collateral is sold to restore the loan.`,
        'Collateral counts as soon as it is confirmed on chain. A payment counts once your bank has settled it (a debit from your bank account takes about 3 business days), not while it is pending.',
      ];
      break;
    case 'LIQUIDATION':
      lead = [
        input.liquidationReason === 'CURE_DEADLINE_PASSED'
          ? 'The 48 hours of your margin call have passed without the loan-to-value coming back below the margin-call level.'
          : `Your loan-to-value has reached the liquidation level of ${thresholds.liquidationLtvPct}%.`,
        'Only as much collateral as needed to bring your loan-to-value back to the top of its rate tier is being sold, with a 2% processing fee on the amount sold. A statement of exactly what was sold, at what price, follows.',
      ];
      break;
    case 'CURED':
      lead = [
        `Your margin call is cured: your loan-to-value is back below ${thresholds.marginCallLtvPct}%. No collateral will be sold for it.`,
      ];
      break;
  }
  const body =
    input.notice === 'CURED' || input.notice === 'LIQUIDATION'
      ? [...lead, '', ...facts]
      : [...lead, '', ...facts, '', 'What you can do:', ...actions];
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: RISK_NOTICE_SUBJECTS[input.notice],
    text: [...body, '', brandSignature(input.brand)].join('\n'),
  };
}
