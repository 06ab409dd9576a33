import { formatUsd, type TOfferTerms } from '@pledge/domain';
import { formatLtv, formatRate } from '../format.js';
import { NoteRef, OFFER_NOTES } from './offer-notes.js';
import { MONTHLY_PAYMENT_LABEL, OfferTermRows } from './offer-terms.js';

/** The figures of an offer, as 'Terms of your offer' lists them (document 1 §2). */
export function OfferTermsList({ terms }: { terms: TOfferTerms }) {
  return (
    <OfferTermRows
      rows={[
        ['Loan amount', <strong>{formatUsd(terms.amountCents)}</strong>],
        ['Cash to you', formatUsd(terms.drawAmountCents)],
        ['Interest rate', formatRate(terms.interestRatePct)],
        [
          <>
            APR
            <NoteRef note={OFFER_NOTES.apr} />
          </>,
          formatRate(terms.annualPercentageRatePct),
        ],
        [
          <>
            Origination fee
            <NoteRef note={OFFER_NOTES.fee} />
          </>,
          formatUsd(terms.originationFeeAmountCents),
        ],
        [MONTHLY_PAYMENT_LABEL, formatUsd(terms.estimatedMonthlyPaymentCents)],
        ['Term', `${terms.termMonths} months`],
        ['Loan-to-value (LTV)', formatLtv(terms.ltvPct)],
        [
          <>
            Liquidation price
            <NoteRef note={OFFER_NOTES.liquidation} />
          </>,
          `${formatUsd(terms.liquidationPriceCents)} per ${terms.collateralType}`,
        ],
      ]}
    />
  );
}
