import type { TLiquidation, TServicingLoan } from '@pledge/contract';
import { formatPct, formatUsd, LIQUIDATION_PROCESSING_FEE_BPS } from '@pledge/domain';
import { displayDateTime } from '../loan-dates.js';
import { liquidationReasonWords } from '../loan-health.js';
import { formatLtv } from '../loan-view.js';
import { LoanBreakdown, LoanSection, type TLoanFact } from './loan-facts.js';
import { LiquidationStatementDownload } from './loan-records.js';

const FEE_PCT = formatPct(LIQUIDATION_PROCESSING_FEE_BPS / 100, 0);

function LiquidationItem({
  liquidation,
  loan,
}: {
  liquidation: TLiquidation;
  loan: TServicingLoan;
}) {
  const coin = liquidation.decisionPrice.type;
  const { fill } = liquidation;
  const lines: TLoanFact[] =
    fill === null
      ? [
          { label: 'To sell', value: `${liquidation.coinQuantityToSell} ${coin}` },
          {
            label: 'Price when decided',
            value: formatUsd(liquidation.decisionPrice.priceCents),
          },
          { label: 'LTV when decided', value: formatLtv(liquidation.ltvAtDecisionPct) },
        ]
      : [
          { label: 'Sold', value: `${fill.coinQuantitySold} ${coin}` },
          { label: `Price per ${coin}`, value: formatUsd(fill.priceCents) },
          { label: 'Proceeds', value: formatUsd(fill.proceedsCents) },
          { label: `Processing fee (${FEE_PCT})`, value: formatUsd(fill.feeCents) },
          { label: 'Applied to your loan', value: formatUsd(fill.appliedCents) },
          ...(fill.surplusCents > 0
            ? [{ label: 'Returned to you', value: formatUsd(fill.surplusCents) }]
            : []),
          { label: 'LTV before', value: formatLtv(liquidation.ltvAtDecisionPct) },
          {
            label: 'LTV after',
            value: fill.ltvAfterPct === null ? 'No collateral left' : formatLtv(fill.ltvAfterPct),
            isTotal: true,
          },
        ];
  const when = fill === null ? liquidation.createdAt : fill.executedAt;
  return (
    <li className="loan-liquidation">
      <h3 className="loan-liquidation__title">
        {fill === null ? 'Liquidation under way' : 'Collateral sold'} ·{' '}
        <time dateTime={when}>{displayDateTime(when)}</time>
      </h3>
      <p>{liquidationReasonWords(liquidation, loan.risk.thresholds)}</p>
      <LoanBreakdown lines={lines} />
      {fill !== null && <p className="loan-liquidation__venue">Sold on {fill.venue}.</p>}
      {liquidation.statementReady && (
        <LiquidationStatementDownload loanUuid={loan.loanUuid} liquidation={liquidation} />
      )}
    </li>
  );
}

/** What each liquidation sold, at what price, with its fee, and why. */
export function LiquidationsSection({ loan }: { loan: TServicingLoan }) {
  if (loan.liquidations.length === 0) return null;
  return (
    <LoanSection id="liquidations" title="Liquidations">
      <ul className="loan-liquidations">
        {loan.liquidations.map((liquidation) => (
          <LiquidationItem
            key={liquidation.liquidationUuid}
            liquidation={liquidation}
            loan={loan}
          />
        ))}
      </ul>
    </LoanSection>
  );
}
