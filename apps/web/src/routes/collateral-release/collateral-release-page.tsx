import { CollateralRelease } from '../../features/collateral-release/components/collateral-release.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Collateral release' };

export function CollateralReleasePage() {
  return <CollateralRelease />;
}

export { CollateralReleasePage as Component };
