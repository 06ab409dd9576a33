import { describe, expect, it } from 'vitest';
import {
  APPLICATION_END_REASONS,
  applicationEndWords,
  type TApplicationEndReason,
} from './application-ending.js';

const renewal = { isRollForward: true, isCelsiusRefi: false, collateralType: 'BTC' };
const refinancing = { isRollForward: false, isCelsiusRefi: true };
const newLoan = { isRollForward: false, isCelsiusRefi: false };

describe('applicationEndWords', () => {
  it.each<[TApplicationEndReason, typeof renewal | typeof refinancing | typeof newLoan, RegExp]>([
    ['MATURED', renewal, /before your loan’s maturity date/],
    ['REPRICED', renewal, /price of BTC moved/],
    ['COLLATERAL_DEADLINE', renewal, /within 5 calendar days of signing/],
    ['REFI_EXPIRED', refinancing, /within 14 calendar days/],
    ['COLLATERAL_DEADLINE', newLoan, /within 5 calendar days of signing/],
  ])('%s says what happened', (reason, application, happened) => {
    expect(applicationEndWords({ reason }, application).whatHappened).toMatch(happened);
  });

  it('always says what the borrower can do, for every reason and kind of application', () => {
    for (const reason of APPLICATION_END_REASONS) {
      for (const application of [renewal, refinancing, newLoan]) {
        const words = applicationEndWords({ reason }, application);
        expect(words.title).not.toBe('');
        expect(words.whatHappened).not.toBe('');
        expect(words.whatToDo).not.toBe('');
      }
    }
  });

  it('tells a matured renewal’s borrower the loan is due, and a re-priced one to start again', () => {
    expect(applicationEndWords({ reason: 'MATURED' }, renewal).whatToDo).toMatch(/Pay it off/);
    expect(applicationEndWords({ reason: 'REPRICED' }, renewal).whatToDo).toMatch(
      /Start the renewal again/,
    );
  });
});
