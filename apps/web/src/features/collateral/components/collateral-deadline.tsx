import { COLLATERAL_DEADLINE_CALENDAR_DAYS, collateralDeadlineAt } from '@pledge/domain';
import { formatDeadline } from '../collateral-display.js';

/**
 * The deadline (document 1 §9): COLLATERAL_DEADLINE_CALENDAR_DAYS after signing, shown as a date
 * once the signing time is known.
 */
export function CollateralDeadline({ signedAt }: { signedAt: string | null | undefined }) {
  const rule = `Your collateral must arrive within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing your loan agreement, or your application is cancelled.`;
  return (
    <p className="collateral__deadline">
      {signedAt == null ? (
        rule
      ) : (
        <>
          <strong>Send your collateral by {formatDeadline(collateralDeadlineAt(signedAt))}.</strong>{' '}
          {rule}
        </>
      )}
    </p>
  );
}
