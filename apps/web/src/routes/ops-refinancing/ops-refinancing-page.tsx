import { RefiCoinReturns } from '../../features/ops/components/refi-coin-returns.js';
import { RefiEstatePayoffs } from '../../features/ops/components/refi-estate-payoffs.js';
import { RefiTapeImport } from '../../features/ops/components/refi-tape-import.js';
import { RefiTapeLoans } from '../../features/ops/components/refi-tape-loans.js';
import { OpsPage } from '../../features/ops/components/ops-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Celsius refinancing — Operations console' };

/**
 * The refinancing desk: import the legacy loan tape, read it, confirm the estate's payoffs, and
 * return the coins of ended refinancings.
 */
export function OpsRefinancingPage() {
  return (
    <OpsPage heading="Celsius refinancing">
      <RefiTapeImport />
      <RefiTapeLoans />
      <RefiEstatePayoffs />
      <RefiCoinReturns />
    </OpsPage>
  );
}

export { OpsRefinancingPage as Component };
