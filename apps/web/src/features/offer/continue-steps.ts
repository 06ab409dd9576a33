/** The steps of Continue on the offer page, as the borrower is told about them while they run. */
export type TContinueStep = 'checking-loans' | 'creating' | 'pricing' | 'accepting';

export const CONTINUE_STEP_TEXT: Record<TContinueStep, string> = {
  'checking-loans': 'Checking your loans…',
  creating: 'Creating your application…',
  pricing: 'Pricing your offer…',
  accepting: 'Accepting your offer…',
};

export const NO_OFFER_MESSAGE =
  'No offer could be made for these amounts. Change them and try again.';
