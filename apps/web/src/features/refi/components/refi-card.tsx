import type { TRefinancingApplication } from '@pledge/contract';
import { COLLATERAL_DISPLAY_NAMES, isRefiSubmitted } from '@pledge/domain';
import { FactList } from '../../../ui/fact-list.js';
import { formatLtv } from '../../offer/format.js';
import { refiStateText } from '../refi-loans.js';
import { CombinedLoanIdsButton } from './refi-explanations.js';

/** The collateral type of a card: the chosen offer's, else the first offer's. */
function collateralType(app: TRefinancingApplication) {
  return (
    app.selectedOffer?.collateral.type ??
    app.offers[0]?.collateral.type ??
    app.rollForwardLoanDetails?.collateral.type ??
    null
  );
}

/** The loan's LTV today: the LTV the offers were priced at. */
export function currentLtvOf(app: TRefinancingApplication): number | null {
  return app.selectedOffer?.ltv ?? app.offers[0]?.ltv ?? null;
}

/**
 * One legacy loan (or several combined) as a card the borrower selects. A submitted loan is greyed
 * and carries the 'Submitted' badge (document 2 §2).
 */
export function RefiCard({
  app,
  isSelected,
  onSelect,
}: {
  app: TRefinancingApplication;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const type = collateralType(app);
  const isSubmitted = isRefiSubmitted(app.state);
  const loanIds = app.celsiusLoanNumbers;
  const ltv = currentLtvOf(app);
  const headingId = `refi-card-${app.appUuid}`;
  const title =
    loanIds.length === 1 ? `Celsius loan ${loanIds[0] ?? ''}` : `${loanIds.length} Celsius loans`;
  return (
    <li
      className={[
        'refi-card',
        isSelected ? 'refi-card--selected' : '',
        isSubmitted ? 'refi-card--submitted' : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="refi-card__choice">
        <input
          type="radio"
          name="applicationUuid"
          value={app.appUuid}
          checked={isSelected}
          aria-describedby={`${headingId}-details`}
          onChange={onSelect}
        />
        <span className="refi-card__title" id={headingId}>
          {title}
        </span>
        {isSubmitted && <span className="refi-card__badge">Submitted</span>}
      </label>
      <FactList
        kind="refi-card__details"
        id={`${headingId}-details`}
        facts={[
          {
            label: 'Collateral',
            value:
              app.rollForwardLoanDetails === null
                ? type === null
                  ? '—'
                  : COLLATERAL_DISPLAY_NAMES[type]
                : `${app.rollForwardLoanDetails.collateral.coinQuantity} ${app.rollForwardLoanDetails.collateral.type}`,
          },
          { label: 'Current LTV', value: ltv === null ? '—' : formatLtv(ltv) },
          { label: 'Status', value: refiStateText(app.state, app.ending) },
        ]}
      />
      {loanIds.length > 1 && <CombinedLoanIdsButton loanIds={loanIds} />}
    </li>
  );
}
