import { Collateral } from '../../features/collateral/components/collateral.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Post collateral' };

export function CollateralPage() {
  return <Collateral />;
}

export { CollateralPage as Component };
