import {
  COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT,
  formatRateBps,
  MARGIN_CALL_CURE_HOURS,
  MAX_INITIAL_LTV_PCT,
  RATE_TIERS,
  REBALANCE_BELOW_LTV_PCT,
} from '@pledge/domain';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';

const INITIAL_LTV_HEADER = 'Initial LTV up to';
const MARGIN_CALL_HEADER = 'Margin call at';
const LIQUIDATION_HEADER = 'Liquidation at';

/** The explanation of LTV behind 'Learn more' (document 1 §2); loaded when first asked for. */
export default function LtvExplanation({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="What is loan-to-value (LTV)?"
      footer={
        <Button isFullWidth={false} onClick={onClose}>
          Got it
        </Button>
      }
    >
      <p>
        LTV is what you owe, the cash you borrow plus the origination fee, divided by the value of
        your collateral. Owing $30,000 against collateral worth $100,000 is an LTV of 30%. The more
        collateral you pledge for the same cash, the lower your LTV, and the lower your rate.
      </p>
      {/* Side by side where there is room; one rate under another in a narrow column or large
          text, each value with its header (styles/offer.css), so nothing scrolls or is cut. */}
      <div className="ltv-levels-frame">
        <table className="ltv-levels">
          <caption>Rates and LTV levels</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">{INITIAL_LTV_HEADER}</th>
              <th scope="col">{MARGIN_CALL_HEADER}</th>
              <th scope="col">{LIQUIDATION_HEADER}</th>
            </tr>
          </thead>
          <tbody>
            {RATE_TIERS.map((tier) => (
              <tr key={tier.id}>
                <th scope="row">{formatRateBps(tier.interestRateBps)}</th>
                <td data-label={INITIAL_LTV_HEADER}>{tier.maxInitialLtvPct}%</td>
                <td data-label={MARGIN_CALL_HEADER}>{tier.marginCallLtvPct}%</td>
                <td data-label={LIQUIDATION_HEADER}>{tier.liquidationLtvPct}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        No loan starts above an LTV of {MAX_INITIAL_LTV_PCT}%. If the price of your coins falls,
        your LTV rises: you get a courtesy notice {COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT}% below the
        margin call level, and at a margin call you have {MARGIN_CALL_CURE_HOURS} hours to add
        collateral or pay down the loan. At the liquidation level your collateral may be sold to
        repay the loan.
      </p>
      <p>
        If the price rises and your LTV falls below {REBALANCE_BELOW_LTV_PCT}%, you can take some
        collateral back or borrow more.
      </p>
    </Modal>
  );
}
