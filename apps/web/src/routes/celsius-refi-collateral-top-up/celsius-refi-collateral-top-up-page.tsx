import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Deposit collateral' };

export function CelsiusRefiCollateralTopUpPage() {
  return <PageHeading>Deposit required collateral</PageHeading>;
}

export { CelsiusRefiCollateralTopUpPage as Component };
