import type { TRateBand } from '@pledge/contract';
import { formatLoanLimit, type TOfferedCollateralType } from '@pledge/domain';
import { formatRate } from '../format.js';

export interface TRateTableProps {
  rates: readonly TRateBand[];
  /** The band the requested cash falls in; null when none (or no cash was entered). */
  eligibleTierId: string | null;
  collateralType: TOfferedCollateralType;
  /** The figures are for earlier inputs while new ones are being priced. */
  isUpdating: boolean;
}

function ltvRange(band: TRateBand): string {
  return band.minLtv === 0 ? `Up to ${band.maxLtv}%` : `${band.minLtv}% to ${band.maxLtv}%`;
}

function cashRange(band: TRateBand): string {
  if (band.maxAmountUsd < band.minAmountUsd) return 'Needs more collateral';
  return `${formatLoanLimit(band.minAmountUsd)} to ${formatLoanLimit(band.maxAmountUsd)}`;
}

function additionalCoin(band: TRateBand, collateralType: TOfferedCollateralType): string {
  return band.additionalCoinQuantityNeeded === '0'
    ? 'None'
    : `${band.additionalCoinQuantityNeeded} ${collateralType}`;
}

/**
 * The live rate table (document 1 §2, §3 Rate band): each rate with its LTV range, the cash this
 * collateral can borrow in it, and the coin to add to reach it; the band of the requested cash is
 * marked.
 */
export function RateTable({ rates, eligibleTierId, collateralType, isUpdating }: TRateTableProps) {
  return (
    <div className="rate-table" aria-busy={isUpdating}>
      <table className="rate-table__table">
        <caption className="rate-table__caption">Rates for your collateral</caption>
        <thead>
          <tr>
            <th scope="col">Interest rate</th>
            <th scope="col">Loan-to-value</th>
            <th scope="col">Cash you can borrow</th>
            <th scope="col">Additional collateral needed</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((band) => {
            const isEligible = band.tierId === eligibleTierId;
            return (
              <tr
                key={band.tierId}
                className={
                  isEligible ? 'rate-table__row rate-table__row--eligible' : 'rate-table__row'
                }
                aria-current={isEligible ? 'true' : undefined}
              >
                <th scope="row">
                  {formatRate(band.rate)}
                  {isEligible && <span className="tag rate-table__tag">Your rate</span>}
                </th>
                <td data-label="Loan-to-value">{ltvRange(band)}</td>
                <td data-label="Cash you can borrow">{cashRange(band)}</td>
                <td data-label="Additional collateral needed">
                  {additionalCoin(band, collateralType)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
