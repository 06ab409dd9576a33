import {
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  LIQUIDATION_PROCESSING_FEE_BPS,
  listInWords,
  LOAN_TERM_MONTHS,
  RATE_TIERS,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { originationFeeRules, percentFromBps } from '../../faq/loan-facts.js';
import { offersInternational } from '../../residency/offers-international.js';
import { OFFER_NOTES } from './offer-notes.js';

const LIQUIDATION_LEVELS = listInWords([
  ...new Set(RATE_TIERS.map((tier) => `${tier.liquidationLtvPct}%`)),
]);

/** Fee rules, APR basis, the collateral deadline and the liquidation fee (document 1 §9). */
export function OfferFootnotes() {
  const isInternationalOffered = offersInternational(useBrand());
  return (
    <section className="offer-notes" aria-labelledby="offer-notes-heading">
      <h2 id="offer-notes-heading" className="visually-hidden">
        Notes
      </h2>
      <ol className="footnotes">
        <li id={OFFER_NOTES.fee.id}>{originationFeeRules({ isInternationalOffered }).join(' ')}</li>
        <li id={OFFER_NOTES.apr.id}>
          The APR includes the interest and the origination fee, which is added to the loan. It
          assumes {LOAN_TERM_MONTHS} monthly interest-only payments with the principal repaid with
          the last payment.
        </li>
        <li id={OFFER_NOTES.collateral.id}>
          After signing your loan agreement you have {COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar
          days to send your collateral; otherwise the application is cancelled.
        </li>
        <li id={OFFER_NOTES.liquidation.id}>
          The liquidation price is the coin price at which your LTV reaches {LIQUIDATION_LEVELS} and
          your collateral may be sold. A liquidation processing fee of{' '}
          {percentFromBps(LIQUIDATION_PROCESSING_FEE_BPS)} of the amount liquidated applies.
        </li>
      </ol>
    </section>
  );
}
