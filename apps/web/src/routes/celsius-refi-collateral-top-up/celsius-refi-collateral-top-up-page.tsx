import { RefiTopUp, TOP_UP_TITLE } from '../../features/refi/components/refi-top-up.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: TOP_UP_TITLE };

export function CelsiusRefiCollateralTopUpPage() {
  return <RefiTopUp />;
}

export { CelsiusRefiCollateralTopUpPage as Component };
