import { useState } from 'react';
import type { TServicingLoan } from '@pledge/contract';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { coinName } from '../../collateral/collateral-display.js';
import { DepositAddressCard } from '../../collateral/components/deposit-address.js';
import {
  ADD_COLLATERAL_MAX_DECIMALS,
  addCollateralPreview,
  ltvPreviewWords,
  typedCoinQuantity,
} from '../loan-health.js';
import { formatLtv } from '../loan-view.js';
import { LoanBreakdown } from './loan-facts.js';

/**
 * More collateral for the loan: its deposit address (QR code, copy), the coins that bring the LTV
 * back under the warning level, and the LTV an amount would give before the borrower sends it.
 */
export function AddCollateralDialog({
  loan,
  depositAddress,
  onClose,
}: {
  loan: TServicingLoan;
  depositAddress: string;
  onClose: () => void;
}) {
  const { risk } = loan;
  const coin = risk.collateral.type;
  const needed = risk.collateralToWarning;
  const isNeeded = typedCoinQuantity(needed) !== null;
  const [amountText, setAmountText] = useState(isNeeded ? needed : '');
  const ltvAfter = addCollateralPreview(loan, amountText);
  const isTyped = amountText.trim() !== '';
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Add collateral"
      description={`Send ${coinName(coin)} to your loan’s deposit address. Your LTV falls once the deposit is confirmed on the chain.`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
      }
    >
      <div className="add-collateral">
        <DepositAddressCard
          address={depositAddress}
          type={coin}
          qrAlt="QR code of your loan’s deposit address"
        />
        {isNeeded ? (
          <p className="add-collateral__needed">
            Add at least{' '}
            <strong>
              {needed} {coin}
            </strong>{' '}
            to bring your LTV under the warning level of {formatLtv(risk.thresholds.warningLtvPct)}{' '}
            at today’s price.
          </p>
        ) : (
          <p className="add-collateral__needed">
            Your LTV is under the warning level; more collateral lowers it further.
          </p>
        )}
        <NumericField
          label={`Amount you will send (${coin})`}
          maxDecimals={ADD_COLLATERAL_MAX_DECIMALS}
          value={amountText}
          error={
            isTyped && ltvAfter === null ? `Enter an amount of ${coin} above zero.` : undefined
          }
          onValueChange={setAmountText}
        />
        {ltvAfter !== null && risk.ltvPct !== null && (
          <LoanBreakdown
            lines={[
              { label: 'LTV now', value: formatLtv(risk.ltvPct) },
              {
                label: 'LTV after this deposit',
                value: ltvPreviewWords(ltvAfter),
                isTotal: true,
              },
            ]}
          />
        )}
        <Alert variant="warn" title={`Send only ${coinName(coin)} to this address`}>
          Any other coin sent to this address will be lost.
        </Alert>
      </div>
    </Modal>
  );
}
