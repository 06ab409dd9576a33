import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Collateral release' };

export function CollateralReleasePage() {
  return <PageHeading>Collateral release</PageHeading>;
}

export { CollateralReleasePage as Component };
