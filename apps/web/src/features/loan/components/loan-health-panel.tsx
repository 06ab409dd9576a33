import { useId, useState } from 'react';
import type { TServicingLoan, TServicingPayment } from '@pledge/contract';
import { formatPct, formatUsd, priceFallPct } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button, buttonClassName } from '../../../ui/button/button.js';
import { displayDateTime } from '../loan-dates.js';
import {
  marginCallPaymentWords,
  pendingPaymentsCents,
  priceSourceWords,
  RISK_LEVEL_WORDS,
} from '../loan-health.js';
import { serverClockOffsetMs } from '../server-clock.js';
import { formatLtv, loanActions, ltvNowPct, ltvNowWords } from '../loan-view.js';
import { AddCollateralDialog } from './add-collateral-dialog.js';
import { CureCountdown } from './cure-countdown.js';
import { LoanFacts, LoanSection, type TLoanFact } from './loan-facts.js';
import { LtvGauge } from './ltv-gauge.js';
import { PaymentDialog, PaymentOutcome } from './payment-panel.js';
import { WhatIfSlider } from './what-if-slider.js';

/** Decimals of a price fall ("a fall of 12.5%"). */
const PRICE_FALL_DECIMALS = 1;

/** What the level means and what to do, with the numbers. */
function RiskAlert({ loan }: { loan: TServicingLoan }) {
  const { risk } = loan;
  const { thresholds, triggerPrices } = risk;
  const coin = risk.collateral.type;
  const ltv = risk.ltvPct === null ? null : formatLtv(risk.ltvPct);
  const marginCall = formatLtv(thresholds.marginCallLtvPct);
  const liquidation = formatLtv(thresholds.liquidationLtvPct);
  const atPrice = (cents: number | undefined) =>
    cents === undefined ? '' : ` (${coin} at ${formatUsd(cents)})`;
  switch (risk.level) {
    case 'NONE':
      return null;
    case 'WARNING':
      return (
        <Alert
          variant="warn"
          title={`Your LTV is ${ltv ?? 'above the warning level'}, over the warning level of ${formatLtv(thresholds.warningLtvPct)}`}
        >
          <p>
            A margin call starts at an LTV of {marginCall}
            {atPrice(triggerPrices?.marginCallPriceCents)}. Add collateral or pay down your balance
            to bring the LTV back under the warning level.
          </p>
        </Alert>
      );
    case 'COURTESY_NOTICE':
      return (
        <Alert variant="warn" title="Your loan is close to a margin call">
          <p>
            Your LTV is {ltv ?? 'high'}; a margin call starts at {marginCall}
            {atPrice(triggerPrices?.marginCallPriceCents)}. Add collateral or pay down your balance
            now to stay clear of it.
          </p>
        </Alert>
      );
    case 'MARGIN_CALL':
      return (
        <Alert variant="error" title="Your loan is in a margin call">
          <p>
            Your LTV is {ltv ?? 'above the margin call level'}, at or above the margin call level of{' '}
            {marginCall}.{' '}
            {risk.cureDeadline === null
              ? 'Bring it under that level'
              : `Bring it under that level by ${displayDateTime(risk.cureDeadline)}`}{' '}
            by adding collateral or paying down your balance, or collateral is sold to repay the
            loan. It is sold at once if the LTV reaches {liquidation}
            {atPrice(triggerPrices?.liquidationPriceCents)}.
          </p>
          <p>{marginCallPaymentWords(pendingPaymentsCents(loan))}</p>
        </Alert>
      );
    case 'LIQUIDATION':
      return (
        <Alert variant="error" title="Your collateral is being sold">
          <p>
            Your LTV reached the liquidation level of {liquidation}. Only the collateral needed to
            bring the LTV back to the top of its rate tier is sold; what it sold is listed under
            Liquidations.
          </p>
        </Alert>
      );
  }
}

/** The coin price at which each level starts, and how far the price is from it. */
function TriggerPrices({ loan }: { loan: TServicingLoan }) {
  const { risk } = loan;
  const { triggerPrices, thresholds, price } = risk;
  const captionId = useId();
  if (triggerPrices === null || price === null) return null;
  const coin = risk.collateral.type;
  const rows = [
    {
      level: 'Warning',
      ltv: thresholds.warningLtvPct,
      priceCents: triggerPrices.warningPriceCents,
    },
    {
      level: RISK_LEVEL_WORDS.COURTESY_NOTICE,
      ltv: thresholds.courtesyNoticeLtvPct,
      priceCents: triggerPrices.courtesyNoticePriceCents,
    },
    {
      level: 'Margin call',
      ltv: thresholds.marginCallLtvPct,
      priceCents: triggerPrices.marginCallPriceCents,
    },
    {
      level: 'Liquidation',
      ltv: thresholds.liquidationLtvPct,
      priceCents: triggerPrices.liquidationPriceCents,
    },
  ];
  return (
    <div className="loan-table-wrap">
      {/* A heading, not a caption: on phones the table is laid out as blocks. */}
      <p id={captionId} className="loan-trigger-prices__caption">
        The {coin} prices at which each level starts
      </p>
      <table className="loan-table loan-trigger-prices" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">At an LTV of</th>
            <th scope="col">When {coin} is at</th>
            <th scope="col">Fall from today</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const fall = priceFallPct(price.priceCents, row.priceCents);
            return (
              <tr key={row.level}>
                <th scope="row" data-label="Level">
                  {row.level}
                </th>
                <td data-label="At an LTV of">{formatLtv(row.ltv)}</td>
                <td data-label={`When ${coin} is at`} className="loan-table__amount">
                  {formatUsd(row.priceCents)}
                </td>
                <td data-label="Fall from today" className="loan-table__amount">
                  {fall > 0 ? formatPct(fall, PRICE_FALL_DECIMALS) : 'Reached'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Add collateral or pay down, each showing the LTV it would give. */
function RiskActions({ loan }: { loan: TServicingLoan }) {
  const [dialog, setDialog] = useState<'collateral' | 'pay' | null>(null);
  const [paid, setPaid] = useState<TServicingPayment | null>(null);
  const { risk } = loan;
  const actions = loanActions(loan);
  const canPay = actions.canPay && loan.balances.totalCents > 0;
  const canWire = !canPay && actions.canPayByWire && loan.balances.totalCents > 0;
  const depositAddress = risk.depositAddress;
  if (!canPay && !canWire && depositAddress === null) return null;
  const payDownCents =
    risk.paymentToWarningCents > 0
      ? Math.min(risk.paymentToWarningCents, loan.balances.totalCents)
      : undefined;
  return (
    <>
      {paid !== null && <PaymentOutcome payment={paid} />}
      <div className="loan-actions">
        {depositAddress !== null && (
          <Button
            isFullWidth={false}
            aria-haspopup="dialog"
            onClick={() => {
              setPaid(null);
              setDialog('collateral');
            }}
          >
            Add collateral
          </Button>
        )}
        {canPay && (
          <Button
            variant="secondary"
            isFullWidth={false}
            aria-haspopup="dialog"
            onClick={() => {
              setPaid(null);
              setDialog('pay');
            }}
          >
            Pay down your balance
          </Button>
        )}
        {canWire && (
          <a
            className={buttonClassName({ variant: 'secondary', isFullWidth: false })}
            href="#loan-section-pay-by-wire"
          >
            Pay down by wire
          </a>
        )}
      </div>
      {dialog === 'collateral' && depositAddress !== null && (
        <AddCollateralDialog
          loan={loan}
          depositAddress={depositAddress}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'pay' && (
        <PaymentDialog
          loan={loan}
          initialAmountCents={payDownCents}
          onClose={() => setDialog(null)}
          onPaid={(payment) => {
            setDialog(null);
            setPaid(payment);
          }}
        />
      )}
    </>
  );
}

/**
 * The loan's health: its LTV on a gauge with the warning, margin-call and liquidation marks, the
 * coin prices at which each starts, the cure countdown of a margin call (on the server's clock: the
 * loan's `asOf` against `receivedAtMs`, when the device received it, or else when this was shown),
 * a what-if slider and the two ways back (more collateral, a payment).
 */
export function LoanHealthSection({
  loan,
  receivedAtMs,
}: {
  loan: TServicingLoan;
  receivedAtMs?: number;
}) {
  const { risk } = loan;
  const [shownAtMs] = useState(() => Date.now());
  const serverOffsetMs = serverClockOffsetMs(loan.asOf, receivedAtMs ?? shownAtMs);
  const price = risk.price;
  const ltvPct = ltvNowPct(loan);
  const facts: TLoanFact[] = [
    { label: 'LTV now', value: ltvNowWords(loan) },
    { label: 'Level', value: RISK_LEVEL_WORDS[risk.level] },
    {
      label: 'Collateral',
      value: `${risk.collateral.coinQuantity} ${risk.collateral.type}`,
    },
  ];
  if (price !== null) {
    facts.push({ label: `${price.type} price`, value: formatUsd(price.priceCents) });
  }
  return (
    <LoanSection id="health" title="Loan health">
      <RiskAlert loan={loan} />
      {risk.level === 'MARGIN_CALL' && risk.cureDeadline !== null && (
        <CureCountdown cureDeadline={risk.cureDeadline} serverOffsetMs={serverOffsetMs} />
      )}
      {ltvPct !== null && (
        <LtvGauge ltvPct={ltvPct} level={risk.level} thresholds={risk.thresholds} />
      )}
      <LoanFacts facts={facts} />
      {price === null ? (
        <p>
          {ltvPct === null
            ? `We have no ${risk.collateral.type} price yet, so your LTV is not known.`
            : `Your LTV is at today’s ${risk.collateral.type} price; the prices at which each level starts follow once we have stored one.`}
        </p>
      ) : (
        <p className="loan-health__price-note">
          Figures use the {price.type} price of {formatUsd(price.priceCents)} (
          {priceSourceWords(price)}) of{' '}
          <time dateTime={price.observedAt}>{displayDateTime(price.observedAt)}</time>.
        </p>
      )}
      <TriggerPrices loan={loan} />
      <WhatIfSlider loan={loan} />
      <RiskActions loan={loan} />
    </LoanSection>
  );
}
