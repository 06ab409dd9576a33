import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { RefiCoinReturns } from '../../features/ops/components/refi-coin-returns.js';
import { RefiEstatePayoffs } from '../../features/ops/components/refi-estate-payoffs.js';
import { RefiTapeImport } from '../../features/ops/components/refi-tape-import.js';
import { RefiTapeLoans } from '../../features/ops/components/refi-tape-loans.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Celsius refinancing — Operations console' };

/**
 * The refinancing desk: import the legacy loan tape, read it, confirm the estate's payoffs, and
 * return the coins of ended refinancings.
 */
export function OpsRefinancingPage() {
  return (
    <section className="ops-page">
      <p className="ops-back">
        <Link to={paths.ops.getHref()}>All applications</Link>
      </p>
      <PageHeading>Celsius refinancing</PageHeading>
      <RefiTapeImport />
      <RefiTapeLoans />
      <RefiEstatePayoffs />
      <RefiCoinReturns />
    </section>
  );
}

export { OpsRefinancingPage as Component };
