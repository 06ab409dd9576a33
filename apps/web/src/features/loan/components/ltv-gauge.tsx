import type { TLoanRisk } from '@pledge/contract';
import type { TRiskLevel } from '@pledge/domain';
import { RISK_LEVEL_WORDS } from '../loan-health.js';
import { formatLtv } from '../loan-view.js';

/** The gauge runs from an LTV of 0 to 100 %; a higher LTV sits at its end. */
const GAUGE_MAX_PCT = 100;

function position(pct: number): string {
  return `${Math.min(Math.max(pct, 0), GAUGE_MAX_PCT)}%`;
}

/**
 * The LTV on a bar with its warning, margin-call and liquidation marks. The bar is a meter for
 * assistive technology; the marks are repeated in words under it, so nothing rests on colour.
 */
export function LtvGauge({
  ltvPct,
  level,
  thresholds,
}: {
  ltvPct: number;
  level: TRiskLevel;
  thresholds: TLoanRisk['thresholds'];
}) {
  const marks = [
    { key: 'warning', label: 'Warning', pct: thresholds.warningLtvPct },
    { key: 'margin-call', label: 'Margin call', pct: thresholds.marginCallLtvPct },
    { key: 'liquidation', label: 'Liquidation', pct: thresholds.liquidationLtvPct },
  ];
  const zones = [
    { key: 'healthy', from: 0, to: thresholds.warningLtvPct },
    { key: 'warning', from: thresholds.warningLtvPct, to: thresholds.marginCallLtvPct },
    { key: 'margin-call', from: thresholds.marginCallLtvPct, to: thresholds.liquidationLtvPct },
    { key: 'liquidation', from: thresholds.liquidationLtvPct, to: GAUGE_MAX_PCT },
  ];
  const ltv = formatLtv(ltvPct);
  return (
    <div className="ltv-gauge">
      <div
        className="ltv-gauge__track"
        role="meter"
        aria-label="Loan-to-value (LTV)"
        aria-valuemin={0}
        aria-valuemax={GAUGE_MAX_PCT}
        aria-valuenow={Math.min(ltvPct, GAUGE_MAX_PCT)}
        aria-valuetext={`${ltv}, ${RISK_LEVEL_WORDS[level]}`}
      >
        {zones.map((zone) => (
          <span
            key={zone.key}
            className={`ltv-gauge__zone ltv-gauge__zone--${zone.key}`}
            style={{
              left: position(zone.from),
              width: position(Math.max(zone.to - zone.from, 0)),
            }}
          />
        ))}
        {marks.map((mark) => (
          <span
            key={mark.key}
            className={`ltv-gauge__mark ltv-gauge__mark--${mark.key}`}
            style={{ left: position(mark.pct) }}
            data-testid={`ltv-mark-${mark.key}`}
          />
        ))}
        <span
          className={`ltv-gauge__needle ltv-gauge__needle--${level.toLowerCase().replaceAll('_', '-')}`}
          style={{ left: position(ltvPct) }}
        />
      </div>
      <div className="ltv-gauge__scale" aria-hidden="true">
        <span>0%</span>
        <span>{GAUGE_MAX_PCT}%</span>
      </div>
      <ul className="ltv-gauge__legend">
        {marks.map((mark) => (
          <li key={mark.key}>
            <span
              className={`ltv-gauge__swatch ltv-gauge__swatch--${mark.key}`}
              aria-hidden="true"
            />
            {mark.label} at {formatLtv(mark.pct)}
          </li>
        ))}
      </ul>
    </div>
  );
}
