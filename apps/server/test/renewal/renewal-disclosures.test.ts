/**
 * Issue 34, finding 6: a renewal's documents tell the truth. The loan agreement names the loan it
 * renews and says no cash is disbursed; it speaks of a collateral deadline only when a top-up is
 * due; a new loan's documents are unchanged.
 */
import { describe, expect, it } from 'vitest';
import {
  disclosureContent,
  type TDisclosureFacts,
} from '../../src/services/disclosures/disclosure-texts.js';

const LOAN_UUID = '5b0e7a52-4f43-4c51-9d1b-4a4f3cf9c2a1';

const NEW_LOAN: TDisclosureFacts = {
  legalName: 'Pledge Lending, LLC',
  nmlsNumber: '2291047',
  borrowerName: 'Ada Lovelace',
  applicationUuid: '0f8e2a0c-8a8b-4a42-9b1f-1d7c8f1a2b3c',
  preparedOn: '2027-11-09',
  offer: {
    amountCents: 2_211_889,
    drawAmountCents: 2_189_989,
    termMonths: 12,
    interestRatePct: '8.910',
    annualPercentageRatePct: '9.969',
    originationFeeAmountCents: 21_900,
    financeChargeCents: 219_000,
    totalOfPaymentsCents: 2_430_889,
    paymentSchedule: [{ number: 1, dueMonth: 1, amountCents: 16_423 }],
    collateralType: 'BTC',
    collateralUnits: '1',
    marginCallPriceCents: 2_764_862,
    liquidationPriceCents: 2_457_655,
    tierId: 'RATE_1',
  },
};

function renewalOf(topUp: string, collateralUnits: string): TDisclosureFacts {
  return {
    ...NEW_LOAN,
    offer: { ...NEW_LOAN.offer, collateralUnits },
    renewal: {
      loanUuid: LOAN_UUID,
      fundedOn: '2026-11-29',
      maturityDate: '2027-11-29',
      celsiusLoanIds: [],
      loanCollateralUnits: '1',
      topUpCoinQuantity: topUp,
    },
  };
}

function agreementOf(facts: TDisclosureFacts): string {
  return disclosureContent('LOAN_AGREEMENT', facts).paragraphs.join('\n');
}

describe('the loan agreement of a renewal', () => {
  it('names the loan it renews, carries its balance and disburses no cash', () => {
    const text = agreementOf(renewalOf('0', '1'));
    expect(text).toContain(
      `This loan renews loan ${LOAN_UUID}, funded on 2026-11-29 and maturing on 2027-11-29, and pays it off.`,
    );
    expect(text).toContain(`the $21,899.89 loan ${LOAN_UUID} owes when the renewal completes`);
    expect(text).toContain('No cash is disbursed to the borrower.');
    expect(text).not.toContain('disbursed to the borrower plus');
    expect(disclosureContent('LOAN_AGREEMENT', renewalOf('0', '1')).description).toBe(
      `The terms of your loan, renewing loan ${LOAN_UUID}`,
    );
  });

  it('without a top-up, speaks of no collateral deadline and no cancellation', () => {
    const facts = renewalOf('0', '1');
    for (const kind of ['LOAN_AGREEMENT', 'PLEDGE_AND_SECURITY_AGREEMENT'] as const) {
      const text = disclosureContent(kind, facts).paragraphs.join('\n');
      expect(text).not.toContain('Collateral deadline');
      expect(text).not.toContain('cancelled');
      expect(text).toContain(
        `the collateral of loan ${LOAN_UUID}, carried over. No collateral has to be sent.`,
      );
    }
  });

  it('with a top-up, gives the top-up’s deadline and what happens when it is missed', () => {
    const text = agreementOf(renewalOf('0.1', '1.1'));
    expect(text).toContain(
      `the 1.000000 BTC of loan ${LOAN_UUID}, carried over, and a top-up of 0.100000 BTC.`,
    );
    expect(text).toContain(
      `Collateral deadline: the top-up of 0.100000 BTC must be received within 5 calendar days of signing the loan agreement, and by the end of 2027-11-29, the maturity date of loan ${LOAN_UUID}. Otherwise the renewal is cancelled, loan ${LOAN_UUID} continues on its own terms, and any collateral already sent stays with it.`,
    );
  });

  it('names the Celsius loans a refinanced loan refinanced', () => {
    const facts = renewalOf('0', '1');
    if (facts.renewal == null) throw new Error('a renewal has its renewed loan');
    const text = agreementOf({
      ...facts,
      renewal: { ...facts.renewal, celsiusLoanIds: ['100002'] },
    });
    expect(text).toContain(
      `This loan renews loan ${LOAN_UUID} (which refinanced Celsius loan 100002)`,
    );
  });

  it('says in the Truth in Lending disclosure that the amount financed pays off the renewed loan', () => {
    const text = disclosureContent(
      'TRUTH_IN_LENDING_DISCLOSURE',
      renewalOf('0', '1'),
    ).paragraphs.join('\n');
    expect(text).toContain(
      `This loan renews loan ${LOAN_UUID}: the amount financed pays off its balance when the renewal completes. No cash is disbursed to you.`,
    );
  });
});

describe('the loan agreement of a new loan', () => {
  it('still disburses the cash and gives the collateral deadline', () => {
    const text = agreementOf(NEW_LOAN);
    expect(text).toContain(
      'Ada Lovelace borrows $22,118.89 from Pledge Lending, LLC: $21,899.89 disbursed to the borrower plus an origination fee of $219.00 added to the loan.',
    );
    expect(text).toContain(
      'Collateral deadline: the collateral must be received within 5 calendar days of signing the loan agreement, or the application is cancelled.',
    );
    expect(text).not.toContain('renews');
  });
});
