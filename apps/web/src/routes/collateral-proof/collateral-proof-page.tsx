import { PublicCollateralProof } from '../../features/collateral-proof/components/public-collateral-proof.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Collateral proof' };

export function CollateralProofPage() {
  return <PublicCollateralProof />;
}

export { CollateralProofPage as Component };
