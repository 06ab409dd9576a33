import type { TOffer } from '@pledge/contract';
import { MONTHLY_PAYMENT_LABEL, type TOfferTermRow } from './components/offer-terms.js';
import { formatDollars, formatLtv, formatRate } from './format.js';

/**
 * The lines of a priced offer (a renewal's, a refinancing's), each panel taking those it shows in
 * its own order.
 */
export function offerTermRows(offer: TOffer) {
  return {
    amount: ['Loan amount', <strong>{formatDollars(offer.amount)}</strong>],
    interestRate: ['Interest rate', formatRate(offer.interestRate)],
    apr: ['APR', formatRate(offer.annualPercentageRate)],
    originationFee: ['Origination fee', formatDollars(offer.originationFeeAmount)],
    monthlyPayment: [MONTHLY_PAYMENT_LABEL, formatDollars(offer.estimatedMonthlyPayment)],
    term: ['Term', `${offer.term} months`],
    ltv: ['Loan-to-value (LTV)', formatLtv(offer.ltv)],
    collateral: ['Collateral', `${offer.collateralUnits} ${offer.collateral.type}`],
  } satisfies Record<string, TOfferTermRow>;
}
