/**
 * Why an application ended unfinished (CANCELLED), and what its page says happened and what the
 * borrower can do (issue 34, finding 7: after a deadline no page is a dead end).
 */
import {
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  REFI_COMPLETION_CALENDAR_DAYS,
} from './constants/limits.js';

export const APPLICATION_END_REASONS = [
  /** The collateral did not arrive within the days after signing. */
  'COLLATERAL_DEADLINE',
  /** A renewal reached its loan's maturity date unfinished. */
  'MATURED',
  /** A renewal's accepted terms no longer held at the price when it was committed. */
  'REPRICED',
  /** A refinancing was not completed within its days. */
  'REFI_EXPIRED',
  /** An agent cancelled it. */
  'BY_SUPPORT',
] as const;
export type TApplicationEndReason = (typeof APPLICATION_END_REASONS)[number];

export interface TApplicationEnding {
  reason: TApplicationEndReason;
  /** When it ended (ISO). */
  at: string;
}

/** What happened, and what the borrower can do now, in the borrower's words. */
export interface TApplicationEndWords {
  title: string;
  whatHappened: string;
  whatToDo: string;
}

/**
 * The words of an ended application. `collateralType` names the coin a re-priced renewal's price
 * moved for; renewals speak of the loan they would have renewed, which stays as it was.
 */
export function applicationEndWords(
  ending: Pick<TApplicationEnding, 'reason'>,
  application: { isRollForward: boolean; isCelsiusRefi: boolean; collateralType?: string | null },
): TApplicationEndWords {
  const coin = application.collateralType ?? 'your collateral';
  if (application.isRollForward) {
    switch (ending.reason) {
      case 'MATURED':
        return {
          title: 'Renewal not completed',
          whatHappened:
            'This renewal was not completed before your loan’s maturity date, so your loan was not renewed. Collateral already sent stays with your loan.',
          whatToDo:
            'Your loan is now due in full. Pay it off from its page to get your collateral back, or contact support to talk about your options.',
        };
      case 'REPRICED':
        return {
          title: 'Renewal not completed',
          whatHappened: `The price of ${coin} moved after you accepted this renewal, and its terms no longer hold, so it was not completed. Collateral already sent stays with your loan.`,
          whatToDo:
            'Start the renewal again from your dashboard to see the offer at today’s price, before your loan’s maturity date.',
        };
      case 'COLLATERAL_DEADLINE':
        return {
          title: 'Renewal cancelled',
          whatHappened: `The additional collateral did not arrive within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing, so this renewal was cancelled and your loan was not renewed. Collateral already sent stays with your loan.`,
          whatToDo: 'Start the renewal again from your dashboard before your loan’s maturity date.',
        };
      default:
        return {
          title: 'Renewal cancelled',
          whatHappened:
            'This renewal was cancelled and your loan was not renewed. Collateral already sent stays with your loan.',
          whatToDo: 'Contact support if you have questions, or start the renewal again.',
        };
    }
  }
  if (application.isCelsiusRefi) {
    return ending.reason === 'REFI_EXPIRED'
      ? {
          title: 'Refinancing expired',
          whatHappened: `This refinancing was not completed within ${REFI_COMPLETION_CALENDAR_DAYS} calendar days of submitting it, so it expired.`,
          whatToDo: 'Look the loan up again to see a new offer.',
        }
      : {
          title: 'Refinancing cancelled',
          whatHappened: 'This refinancing was cancelled.',
          whatToDo: 'Contact support if you have questions, or look the loan up again.',
        };
  }
  return ending.reason === 'COLLATERAL_DEADLINE'
    ? {
        title: 'Application cancelled',
        whatHappened: `Your collateral did not arrive within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing your loan agreement, so this application was cancelled.`,
        whatToDo:
          'Start a new application to borrow again. Contact support about any coins you sent.',
      }
    : {
        title: 'Application cancelled',
        whatHappened: 'This application was cancelled.',
        whatToDo: 'Contact support if you have questions, or start a new application.',
      };
}
