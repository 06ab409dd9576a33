/**
 * The words of the pages where an application stops at the credit check or its decision (document
 * 1 §8): what happened, how to go on, and why to contact support. One page shows them all.
 */
import { CREDIT_UNLOCKED_DAYS, type TApplicationState } from '@pledge/domain';

export type TCreditOutcomeState = Extract<
  TApplicationState,
  'SOFT_CREDIT_FROZEN' | 'SOFT_CREDIT_LOCKED' | 'SOFT_CREDIT_NO_MATCH' | 'DECLINED'
>;

export type TCreditOutcome = {
  /** The browser tab's title. */
  pageTitle: string;
  title: string;
  /** What happened, a paragraph each. */
  intro: readonly string[];
  /** How to go on: a heading, then numbered steps or paragraphs. */
  next?: { heading: string; steps?: readonly string[]; paragraphs?: readonly string[] };
  /** The check run again once the borrower has unblocked their credit file at each bureau. */
  retry?: { done: string; stillText: string; bureauLink: 'freeze' | 'lock' };
  /** Why the borrower would contact support, said before the contacts. */
  supportText: string;
  /** The page leads to the dashboard with these words, in place of the closing link. */
  dashboardAction?: string;
};

const CHECK_AGAIN = 'Come back here and check your credit again, or contact us and we will.';

export const CREDIT_OUTCOMES: Readonly<Record<TCreditOutcomeState, TCreditOutcome>> = {
  SOFT_CREDIT_FROZEN: {
    pageTitle: 'Your credit file is frozen',
    title: 'Your credit file is frozen',
    intro: [
      'We couldn’t complete the soft credit check for your application because your credit file is frozen. A soft credit check does not affect your credit score.',
    ],
    next: {
      heading: 'How to continue',
      steps: [
        'Lift the freeze at each of the three credit bureaus below. A freeze is placed at each bureau separately, and lifting it is free, online or by phone. You may need the PIN or password the bureau gave you when you placed it.',
        `Keep your credit unfrozen for ${CREDIT_UNLOCKED_DAYS} days after your application. If you lift the freeze for a limited time, choose at least ${CREDIT_UNLOCKED_DAYS} days.`,
        CHECK_AGAIN,
      ],
    },
    retry: {
      done: 'lifted the freeze',
      stillText: 'your credit file is frozen',
      bureauLink: 'freeze',
    },
    supportText: `If the check still fails once the freeze is lifted, contact us within ${CREDIT_UNLOCKED_DAYS} days of your application and we will help.`,
  },
  SOFT_CREDIT_LOCKED: {
    pageTitle: 'Your credit file is locked',
    title: 'Your credit file is locked',
    intro: [
      'We couldn’t complete the soft credit check for your application because your credit file is locked. A soft credit check does not affect your credit score.',
    ],
    next: {
      heading: 'How to continue',
      steps: [
        'Unlock your credit file in the app or online account where you locked it, such as Equifax Lock & Alert, Experian CreditLock or TransUnion’s credit lock. A lock is set at each bureau separately, so check all three if you are not sure which one you used.',
        `Keep your credit unlocked for ${CREDIT_UNLOCKED_DAYS} days after your application.`,
        CHECK_AGAIN,
      ],
    },
    retry: {
      done: 'unlocked your credit file',
      stillText: 'your credit file is locked',
      bureauLink: 'lock',
    },
    supportText: `If the check still fails once your credit is unlocked, contact us within ${CREDIT_UNLOCKED_DAYS} days of your application and we will help.`,
  },
  SOFT_CREDIT_NO_MATCH: {
    pageTitle: 'We couldn’t find your credit file',
    title: 'We couldn’t find your credit file',
    intro: [
      'The credit bureau couldn’t find a credit file using the Social Security number you gave, so we couldn’t complete the soft credit check for your application.',
    ],
    next: {
      heading: 'Check your Social Security number',
      paragraphs: [
        'The most common cause is a mistyped number. Find your Social Security card or a tax document that shows your number, and compare it with the one you entered. Submitted details can’t be changed online.',
        'If your number was right, your credit file may be listed under another name or address, or you may not have a US credit file yet.',
      ],
    },
    supportText:
      'Contact us and we will help you correct your details and check your credit again.',
  },
  DECLINED: {
    pageTitle: 'Application declined',
    title: 'We can’t approve your application',
    intro: [
      'Based on the information we received, you are not eligible for a loan at this time.',
      'Your adverse action notice is on your dashboard. It explains the reasons for this decision and your rights.',
    ],
    supportText: 'If you have questions about this decision, contact us.',
    dashboardAction: 'View your adverse action notice on the dashboard',
  },
};
