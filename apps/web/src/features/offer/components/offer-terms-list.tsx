import type { ReactNode } from 'react';
import { formatUsd, type TOfferTerms } from '@pledge/domain';
import { formatLtv, formatRate } from '../format.js';
import { NoteRef, OFFER_NOTES } from './offer-notes.js';

function Term({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="offer-terms__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The figures of an offer, as 'Terms of your offer' lists them (document 1 §2). */
export function OfferTermsList({ terms }: { terms: TOfferTerms }) {
  return (
    <dl className="offer-terms__list">
      <Term label="Loan amount">
        <strong>{formatUsd(terms.amountCents)}</strong>
      </Term>
      <Term label="Cash to you">{formatUsd(terms.drawAmountCents)}</Term>
      <Term label="Interest rate">{formatRate(terms.interestRatePct)}</Term>
      <Term
        label={
          <>
            APR
            <NoteRef note={OFFER_NOTES.apr} />
          </>
        }
      >
        {formatRate(terms.annualPercentageRatePct)}
      </Term>
      <Term
        label={
          <>
            Origination fee
            <NoteRef note={OFFER_NOTES.fee} />
          </>
        }
      >
        {formatUsd(terms.originationFeeAmountCents)}
      </Term>
      <Term
        label={
          <>
            Estimated monthly payment <span className="offer-terms__note">(interest only)</span>
          </>
        }
      >
        {formatUsd(terms.estimatedMonthlyPaymentCents)}
      </Term>
      <Term label="Term">{terms.termMonths} months</Term>
      <Term label="Loan-to-value (LTV)">{formatLtv(terms.ltvPct)}</Term>
      <Term
        label={
          <>
            Liquidation price
            <NoteRef note={OFFER_NOTES.liquidation} />
          </>
        }
      >
        {formatUsd(terms.liquidationPriceCents)} per {terms.collateralType}
      </Term>
    </dl>
  );
}
