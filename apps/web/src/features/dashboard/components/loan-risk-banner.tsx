import { Link } from 'react-router';
import type { TLoanStatus } from '@pledge/contract';
import { formatPct, type TRiskLevel } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { CureCountdown } from '../../loan/components/cure-countdown.js';
import { LOAN_LTV_DECIMALS } from '../../loan/loan-view.js';
import { displayUsd } from '../display.js';
import { loansAtRisk, type TLoanHealthSummary } from '../loan-health.js';

/** LTVs show as on the loan page ("80.80%"). */
const LTV_DECIMALS = LOAN_LTV_DECIMALS;

function ltvText(pct: number): string {
  return formatPct(pct, LTV_DECIMALS);
}

const BANNER_TITLES: Readonly<Record<Exclude<TRiskLevel, 'NONE'>, string>> = {
  WARNING: 'has passed the warning level',
  COURTESY_NOTICE: 'is close to a margin call',
  MARGIN_CALL: 'is in a margin call',
  LIQUIDATION: 'has reached the liquidation level',
};

function LoanRiskBanner({ loan, health }: { loan: TLoanStatus; health: TLoanHealthSummary }) {
  const level = health.level as Exclude<TRiskLevel, 'NONE'>;
  const coin = loan.collateral.type;
  const isUrgent = level === 'MARGIN_CALL' || level === 'LIQUIDATION';
  const prices: string[] = [];
  if (loan.marginCallPrice != null && loan.marginCallLtv !== undefined) {
    prices.push(
      `a margin call starts at ${ltvText(loan.marginCallLtv)} (${coin} at ${displayUsd(loan.marginCallPrice)})`,
    );
  }
  if (loan.liquidationPrice != null && loan.liquidationLtv !== undefined) {
    prices.push(
      `collateral is sold at ${ltvText(loan.liquidationLtv)} (${coin} at ${displayUsd(loan.liquidationPrice)})`,
    );
  }
  return (
    <div className="loan-risk-banner">
      <Alert
        variant={isUrgent ? 'error' : 'warn'}
        title={`Your loan of ${displayUsd(loan.principalAmount)} ${BANNER_TITLES[level]}`}
      >
        <p>
          Its LTV is {ltvText(health.ltvPct)}
          {prices.length > 0 ? `; ${prices.join(', and ')}` : ''}.
        </p>
        <p>
          <Link to={paths.loan.getHref(loan.loanUuid ?? loan.appUuid)}>
            Add collateral or pay down on your loan page
          </Link>
        </p>
      </Alert>
      {/* Outside the alert, so the minute-by-minute count is not announced each time. */}
      {level === 'MARGIN_CALL' && loan.cureDeadline != null && (
        <CureCountdown cureDeadline={loan.cureDeadline} />
      )}
    </div>
  );
}

/** A banner for each loan in warning, near or in a margin call, or at liquidation, with its numbers. */
export function LoanRiskBanners({ loans }: { loans: readonly TLoanStatus[] }) {
  const atRisk = loansAtRisk(loans);
  if (atRisk.length === 0) return null;
  return (
    <section className="loan-risk-banners" aria-label="Loans that need your attention">
      {atRisk.map(({ loan, health }) => (
        <LoanRiskBanner key={loan.appUuid} loan={loan} health={health} />
      ))}
    </section>
  );
}
