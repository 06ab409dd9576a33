import type { TServicingLoan, TWireInstructions } from '@pledge/contract';
import { CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { CopyButton } from '../../../ui/copy-button/copy-button.js';
import { LoanFacts, LoanSection, type TLoanFact } from './loan-facts.js';

/** The lender's account, line by line, as a bank's wire form asks for it. */
export function wireLines(wire: TWireInstructions): TLoanFact[] {
  return [
    { label: 'Beneficiary', value: wire.beneficiaryName },
    { label: 'Beneficiary address', value: wire.beneficiaryAddress },
    { label: 'Bank', value: wire.bankName },
    { label: 'Bank address', value: wire.bankAddress },
    { label: 'Account number', value: wire.accountNumber },
    { label: 'Routing number (ABA, from US banks)', value: wire.routingNumber },
    { label: 'SWIFT/BIC (from banks abroad)', value: wire.swiftCode },
    { label: 'Currency', value: wire.currency === 'USD' ? 'US dollars (USD)' : wire.currency },
  ];
}

/**
 * Paying by wire: the lender's account and the loan's reference to quote, so that the wire is
 * credited to this loan. Loans without a US bank account (paid out in USDC) pay only this way; the
 * others may too. What the brand says of USDC repayments follows.
 */
export function WireSection({ loan }: { loan: TServicingLoan }) {
  const { wire, usdcNote, canPayByAch } = loan.paymentOptions;
  if (wire === null) return null;
  return (
    <LoanSection id="pay-by-wire" title="Pay by wire">
      <p>
        {canPayByAch
          ? 'You can also pay any amount, or a payoff quote, by wire from your bank to ours.'
          : 'Your loan has no US bank account to debit, so you pay it by wire from your bank to ours: any amount, the amount due, or a payoff quote.'}
      </p>
      <div className="loan-wire-reference">
        <p>
          Reference to quote:{' '}
          <strong className="loan-wire-reference__code">{wire.reference}</strong>
        </p>
        <CopyButton text={wire.reference} what="wire reference" />
      </div>
      <p>
        Put it in the wire’s reference (message to the beneficiary) field, exactly, so that we
        credit the payment to this loan. A wire is credited once it reaches us; after a payoff by
        wire your collateral is held for {CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS} days before it is
        returned.
      </p>
      <div className="loan-wire-account">
        <LoanFacts facts={wireLines(wire)} />
      </div>
      {usdcNote !== null && (
        <Alert variant="info" title="No repayments in USDC">
          <p>{usdcNote}</p>
        </Alert>
      )}
    </LoanSection>
  );
}
