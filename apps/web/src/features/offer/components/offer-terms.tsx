import type { ReactNode } from 'react';
import { formatUsd, type TOfferTerms } from '@pledge/domain';
import { formatLtv, formatRate } from '../format.js';
import { NoteRef, OFFER_NOTES } from './offer-notes.js';

export interface TOfferTermsProps {
  /** The offer for the current inputs; null while there is none. */
  terms: TOfferTerms | null;
  /** Said in the panel while there is no offer: what the borrower can do to get one. */
  hint: string;
  /** The offer is being priced for new inputs. */
  isUpdating: boolean;
  learnMore: ReactNode;
}

function Term({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="offer-terms__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * 'Terms of your offer' (document 1 §2), worked out with the domain's offer maths from the quoted
 * price; the server prices the offer again when the borrower continues.
 */
export function OfferTerms({ terms, hint, isUpdating, learnMore }: TOfferTermsProps) {
  return (
    <section className="offer-terms" aria-labelledby="offer-terms-heading" aria-busy={isUpdating}>
      <h2 id="offer-terms-heading">Terms of your offer</h2>
      {terms === null ? (
        <p className="offer-terms__hint">{hint}</p>
      ) : (
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
      )}
      {learnMore}
    </section>
  );
}
