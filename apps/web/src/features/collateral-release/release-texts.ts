/**
 * The words of the collateral-release page (document 1 §5, §8, §9), built from the domain's
 * constants and messages so a changed rule changes the page.
 */
import type { TCoinAmount, TCollateralPayoff } from '@pledge/contract';
import { isApiError } from '../../api/client.js';
import {
  collateralHoldDays,
  COLLATERAL_RETURN_BUSINESS_DAYS,
  localLongDayInWords,
  PAYOFF_METHODS,
  RETURN_ADDRESS_MESSAGES,
  type TPayoffMethod,
} from '@pledge/domain';

export const RELEASE_TITLE = 'Collateral release';

/** "3 weeks", "3 days", "1 business day". */
function daysText(days: number): string {
  if (days % 7 === 0) return days === 7 ? '1 week' : `${days / 7} weeks`;
  return days === 1 ? '1 day' : `${days} days`;
}

function businessDaysText(days: number): string {
  return days === 1 ? '1 business day' : `${days} business days`;
}

/** "March 22, 2025", in the borrower's time zone. */
export function formatReleaseDate(iso: string): string {
  return localLongDayInWords(iso);
}

/** "0.4 BTC" */
export function heldAmountText({ coinQuantity, type }: TCoinAmount): string {
  return `${coinQuantity} ${type}`;
}

export const RETURN_TIMING_TEXT = `We return your collateral within ${businessDaysText(
  COLLATERAL_RETURN_BUSINESS_DAYS,
)} of receiving your return address.`;

/** How each method reads in a sentence: "paid off by wire", "after a wire payoff". */
const PAYOFF_WORDS: Record<TPayoffMethod, { by: string; payoff: string }> = {
  ACH: { by: 'ACH', payoff: 'an ACH payoff' },
  WIRE: { by: 'wire', payoff: 'a wire payoff' },
};

/** The hold after the payoff: the loan's own when the payoff is recorded, else the rule. */
export function holdText(payoff: TCollateralPayoff | undefined): string {
  if (payoff === undefined) {
    const [ach, wire] = PAYOFF_METHODS.map((method) => daysText(collateralHoldDays(method)));
    return `After a payoff by ACH we hold the crypto for ${ach}; after a wire, ${wire}.`;
  }
  const words = PAYOFF_WORDS[payoff.method];
  const held = daysText(collateralHoldDays(payoff.method));
  return `Your loan was paid off by ${words.by} on ${formatReleaseDate(payoff.paidOffAt)}. After ${
    words.payoff
  } we hold the crypto for ${held}, until ${formatReleaseDate(payoff.heldUntil)}.`;
}

export const RETURN_ADDRESS_LABEL = 'Return address';
export const RELEASE_BUTTON = 'Release collateral';
export const CONFIRM_TITLE = 'Release your collateral?';

/** The confirm modal: the whole balance goes, to the address shown in full under it. */
export function confirmReleaseText(held: TCoinAmount): string {
  return `The entire ${heldAmountText(held)} held as collateral will be released to this address:`;
}

export const UNEXPECTED_ERROR = RETURN_ADDRESS_MESSAGES.unexpectedError;

/**
 * A refused release in words: the server's message for a 4xx (a release already under way to
 * another address, a loan not paid off yet), else the catalogue's unexpected-error text.
 */
export function releaseErrorText(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message !== '') {
    return error.message;
  }
  return UNEXPECTED_ERROR;
}

export const WITHDRAWAL_FAILED_TITLE = 'Your last release did not go through';
export const WITHDRAWAL_FAILED_TEXT =
  'We could not send your collateral to the address you gave. Check the address and submit it again.';

export const STATUS_TITLES = {
  onItsWay: 'Your collateral is on its way',
  scheduled: 'Your collateral release is scheduled',
  pending: 'Your release is waiting for a deposit to confirm',
  processing: 'Your release request is being processed',
  noCollateral: 'There is no collateral to release',
  invalidAddress: 'We could not use your return address',
} as const;

export function statusText(
  kind: keyof typeof STATUS_TITLES,
  held: TCoinAmount,
  supportPhone: string,
  scheduledFor?: string,
): string {
  switch (kind) {
    case 'onItsWay':
      return `We are sending your ${heldAmountText(held)} to the address below.`;
    case 'scheduled':
      return `We hold your crypto after your payoff until ${
        scheduledFor === undefined ? 'the hold ends' : formatReleaseDate(scheduledFor)
      }. Then we send your ${heldAmountText(held)} to the address below.`;
    case 'pending':
      return 'A deposit to your collateral address is still being confirmed on chain. We send your collateral once every deposit is confirmed.';
    case 'processing':
      return 'We have your return address and are preparing the release.';
    case 'noCollateral':
      return `We found no confirmed collateral on this loan to send back. If you believe this is wrong, contact support at ${supportPhone}.`;
    case 'invalidAddress':
      return `The return address could not receive your collateral. Contact support at ${supportPhone}.`;
  }
}
